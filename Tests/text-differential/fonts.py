"""The font files of the text differential tests: one record per face, shared by the case
generator, the Chromium reference and the Python prototype engine."""

FACES = {
    # name: (path, face index in the file, CSS family name used in @font-face)
    "inter": ("/usr/share/fonts/opentype/inter/Inter-Regular.otf", 0, "T-Inter"),
    "inter-bold": ("/usr/share/fonts/opentype/inter/Inter-Bold.otf", 0, "T-InterBold"),
    "dejavu-serif": ("/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf", 0, "T-DejaVuSerif"),
    "dejavu-sans": ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 0, "T-DejaVuSans"),
    # Face 0 of the collection is Noto Sans CJK JP (2 is SC, 1 KR, 3 TC, 4 HK); Chromium's
    # @font-face takes face 0 of a collection.
    "noto-cjk-jp": ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", 0, "T-NotoCJKJP"),
    "noto-emoji": ("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf", 0, "T-NotoEmoji"),
}


def font_face_css():
    """@font-face rules for every face, by file:// URL (Chromium needs
    --allow-file-access-from-files)."""
    rules = []
    for name, (path, index, family) in FACES.items():
        rules.append(f"@font-face {{ font-family: '{family}'; src: url('file://{path}'); }}")
    return "\n".join(rules)


def css_stack(names):
    """The CSS font-family list for a stack of face names; no generic family, so Chromium never
    reaches a system font for a character the stack lacks (it shows .notdef of the first face)."""
    return ", ".join(f"'{FACES[n][2]}'" for n in names)
