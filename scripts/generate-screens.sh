#!/usr/bin/env bash
# Writes the benchmark repository of many screens into DIR (emptied first): a workspace file
# declaring two viewports and a font, one component library, and N screens in 40 folders, each
# importing the library and holding a title and ten rows. scripts/bench-lint-dir.sh and
# scripts/bench-diff.sh measure on it.
# Usage: scripts/generate-screens.sh DIR [N]   (N defaults to 2,000)
set -euo pipefail
dir=$1
n=${2:-2000}
rm -rf "$dir"
mkdir -p "$dir/components"
cat > "$dir/tatami.config.yaml" <<'YAML'
viewports:
  phone: {width: 390, height: 844}
  tablet: {width: 820, height: 1180}
fonts:
  big: {width: 12, height: 24}
YAML
cat > "$dir/components/rows.tatami.yaml" <<'YAML'
components:
  Row:
    params:
      title: {type: string}
      detail: {type: string, default: ""}
    body:
      hstack:
        - color: blue
          frame: {width: 24, height: 24}
        - vstack:
            - text: $title
              font: big
            - text: $detail
              font: caption
          alignment: leading
        - spacer:
      padding: 8
body:
  Row: {title: A row on its own}
YAML
for ((i = 0; i < n; i++)); do
  folder="$dir/screens/s$((i % 40))"
  mkdir -p "$folder"
  {
    echo "imports:"
    echo "  - ../../components/rows.tatami.yaml"
    echo "body:"
    echo "  vstack:"
    echo "    - text: Screen $i"
    echo "      font: title"
    for ((r = 0; r < 10; r++)); do
      echo "    - Row: {title: \"Item $r of screen $i\", detail: \"Detail $r\"}"
    done
    echo "  spacing: 4"
  } > "$folder/screen-$i.tatami.yaml"
done
