/// Text with real fonts (docs/format.md §5.1): font files loaded with FreeType, runs shaped with
/// HarfBuzz, lines broken by UAX #14 with Chromium's departures. The only module that sees
/// FreeType's and HarfBuzz's C types: what it hands out are plain Swift values.
public enum TatamiText {}
