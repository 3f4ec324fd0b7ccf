/// What an editor asks about one file, answered as plain values: hover text, completion
/// candidates, inlay hints, code lenses, symbols and the like.
///
/// Every request starts from an `Analysis` (parse, validation and layout already done) and
/// speaks UTF-8 byte offsets into the analysed text (`SourceRange`). Nothing here knows LSP,
/// JSON or UTF-16: the language server converts positions with `LineTable` and turns these
/// values into protocol messages. Offsets outside the text are clamped; no input makes a
/// request crash or hang. One file per request kind extends this namespace.
public enum EditorServices {}
