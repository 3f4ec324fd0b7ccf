import CLibYAML
import TatamiBase

/// One libyaml event as the decoder reads it: plain values, and pointers into the event libyaml
/// made, valid until the reader reads the next one (the scalar's bytes are read in place, not
/// copied).
struct RawEvent {
    enum Kind: UInt8 {
        case scalar, sequenceStart, mappingStart, collectionEnd, alias, documentStart, streamEnd, failed
    }

    var kind: Kind
    /// Scalars: the `yaml_scalar_style_t`; collections: whether flow style.
    var style: UInt8
    /// libyaml's marks: its 0-based line (lines as libyaml counts them, `YAMLLineBreaks`) and
    /// its index (Unicode scalars before the mark, `MarkConverter`).
    var startLine: Int, startIndex: Int, endLine: Int, endIndex: Int
    /// Scalars: the value's bytes.
    var value: UnsafeBufferPointer<UInt8>
    /// The event's tag and anchor (an alias's anchor name is the anchor) as NUL-terminated
    /// UTF-8, or nil.
    var tag: UnsafePointer<UInt8>?
    var anchor: UnsafePointer<UInt8>?

    var tagString: String? { tag.map { String(cString: $0) } }
    var anchorString: String? { anchor.map { String(cString: $0) } }
}

/// Why libyaml stopped: its problem and context, with their marks' indexes.
struct ReaderFailure {
    var problem: String?
    var context: String?
    var problemIndex: Int
    var contextIndex: Int
    var hasContext: Bool
    /// A reader error (bytes that are not UTF-8, a control character): the byte offset of the
    /// problem, which libyaml gives instead of a mark; and the character, when it is one.
    var readerOffset: Int? = nil
    var readerValue: Int? = nil
    /// libyaml could not even start (out of memory).
    var couldNotStart: Bool
}

/// Pulls libyaml's events from a byte buffer, one at a time. The only place that touches
/// libyaml's parser; the buffer must outlive the reader. Each event is deleted when the next one
/// is read (or the reader goes), so at most one is alive.
final class EventReader {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let event: UnsafeMutablePointer<yaml_event_t>
    private var holdsEvent = false
    private let started: Bool
    private(set) var isDone = false
    /// Set with the `.failed` event.
    private(set) var failure: ReaderFailure?

    init(input: UnsafeBufferPointer<UInt8>) {
        parser = .allocate(capacity: 1)
        parser.initialize(to: yaml_parser_t())
        event = .allocate(capacity: 1)
        event.initialize(to: yaml_event_t())
        started = yaml_parser_initialize(parser) != 0
        if started {
            // libyaml keeps a pointer to the parser itself for the string input: it must not move.
            yaml_parser_set_input_string(parser, input.baseAddress ?? UnsafePointer(bitPattern: 1), input.count)
        }
    }

    deinit {
        if holdsEvent { yaml_event_delete(event) }
        if started { yaml_parser_delete(parser) }
        event.deinitialize(count: 1)
        event.deallocate()
        parser.deinitialize(count: 1)
        parser.deallocate()
    }

    /// The next event, skipping those nothing is built from (stream start, document end). The
    /// stream's last event is `.streamEnd` or `.failed` (with `failure` set); after it `isDone`
    /// is true and `next` returns nil.
    func next() -> RawEvent? {
        if holdsEvent {
            yaml_event_delete(event)
            holdsEvent = false
        }
        guard !isDone else { return nil }
        guard started else {
            isDone = true
            failure = ReaderFailure(problem: "libyaml could not start (out of memory)", context: nil, problemIndex: 0,
                                    contextIndex: 0, hasContext: false, couldNotStart: true)
            return Self.failedEvent
        }
        while true {
            guard yaml_parser_parse(parser, event) != 0 else { return failed() }
            holdsEvent = true
            if let e = convert(event) { return e }
            yaml_event_delete(event)
            holdsEvent = false
        }
    }

    /// libyaml stopped: `failure` says why. Out of line, so that `next` stays small enough to
    /// be inlined where events are read.
    @inline(never)
    private func failed() -> RawEvent {
        isDone = true
        let p = parser.pointee
        var f = ReaderFailure(
            problem: p.problem.map { String(cString: $0) }, context: p.context.map { String(cString: $0) },
            problemIndex: Int(p.problem_mark.index), contextIndex: Int(p.context_mark.index),
            hasContext: p.context != nil, couldNotStart: false)
        // A reader error leaves the marks unset and says where in `problem_offset`.
        if p.error == YAML_READER_ERROR {
            f.readerOffset = Int(p.problem_offset)
            f.readerValue = p.problem_value >= 0 ? Int(p.problem_value) : nil
        }
        failure = f
        return Self.failedEvent
    }

    private static let failedEvent = RawEvent(kind: .failed, style: 0, startLine: 0, startIndex: 0, endLine: 0, endIndex: 0,
                                              value: UnsafeBufferPointer(start: nil, count: 0), tag: nil, anchor: nil)

    /// The event as plain values; nil for the events nothing is built from.
    private func convert(_ event: UnsafeMutablePointer<yaml_event_t>) -> RawEvent? {
        let kind: RawEvent.Kind
        var style: UInt8 = 0
        var value = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        var tag: UnsafeMutablePointer<yaml_char_t>? = nil, anchor: UnsafeMutablePointer<yaml_char_t>? = nil
        switch event.pointee.type {
        case YAML_SCALAR_EVENT:
            kind = .scalar
            let s = event.pointee.data.scalar
            style = UInt8(truncatingIfNeeded: s.style.rawValue)
            if let v = s.value, s.length > 0 { value = UnsafeBufferPointer(start: v, count: s.length) }
            tag = s.tag
            anchor = s.anchor
        case YAML_SEQUENCE_START_EVENT:
            kind = .sequenceStart
            let q = event.pointee.data.sequence_start
            style = q.style == YAML_FLOW_SEQUENCE_STYLE ? 1 : 0
            tag = q.tag
            anchor = q.anchor
        case YAML_MAPPING_START_EVENT:
            kind = .mappingStart
            let m = event.pointee.data.mapping_start
            style = m.style == YAML_FLOW_MAPPING_STYLE ? 1 : 0
            tag = m.tag
            anchor = m.anchor
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            kind = .collectionEnd
        case YAML_ALIAS_EVENT:
            kind = .alias
            anchor = event.pointee.data.alias.anchor
        case YAML_DOCUMENT_START_EVENT:
            kind = .documentStart
        case YAML_STREAM_END_EVENT:
            kind = .streamEnd
            isDone = true
        default:
            return nil
        }
        let start = event.pointee.start_mark, end = event.pointee.end_mark
        return RawEvent(kind: kind, style: style,
                        startLine: Int(start.line), startIndex: Int(start.index),
                        endLine: Int(end.line), endIndex: Int(end.index),
                        value: value, tag: tag.map { UnsafePointer($0) }, anchor: anchor.map { UnsafePointer($0) })
    }
}

/// Gives the reader's events to the tree builder: byte offsets from marks, scalars decoded and
/// resolved.
struct EventDecoder {
    private var marks: MarkConverter
    private let table: LineTable

    init(table: LineTable) {
        self.table = table
        marks = MarkConverter(table: table)
    }

    /// Reads events and builds on the calling thread until the stream ends or the builder stops.
    mutating func readAll(from reader: EventReader, into builder: inout TreeBuilder) {
        while let e = reader.next() {
            // Scalars and collections (nearly all events) go to the builder directly: no event
            // value to make and destroy.
            switch e.kind {
            case .scalar:
                addScalar(e, to: &builder)
            case .sequenceStart, .mappingStart:
                let start = marks.offset(index: e.startIndex)
                guard builder.openCollection(isMapping: e.kind == .mappingStart, start: start, tag: e.tagString,
                                             anchor: e.anchorString, isFlow: e.style != 0) else { return }
            case .collectionEnd:
                builder.close(endMark: marks.offset(index: e.endIndex))
            case .alias, .documentStart, .streamEnd, .failed:
                guard builder.handle(decode(e, reader)) else { return }
            }
        }
    }

    private mutating func decode(_ e: RawEvent, _ reader: EventReader) -> ParsedEvent {
        switch e.kind {
        case .scalar, .sequenceStart, .mappingStart, .collectionEnd:
            preconditionFailure("scalars and collections are fed to the builder directly")
        case .alias:
            let range = SourceRange(start: marks.offset(index: e.startIndex),
                                    end: marks.offset(index: e.endIndex))
            return .alias(name: e.anchorString ?? "", range: range)
        case .documentStart:
            return .documentStart(at: marks.offset(index: e.startIndex))
        case .streamEnd:
            return .streamEnd
        case .failed:
            return .failed(failureDiagnostic(reader.failure))
        }
    }

    /// What a libyaml context names when it is an opening that must be closed: a quoted scalar
    /// or a flow collection. Nil for every other context.
    static func unclosedOpener(_ context: String) -> String? {
        switch context {
        case "while scanning a quoted scalar": return "this quote"
        case "while parsing a flow sequence": return "this `[`"
        case "while parsing a flow mapping": return "this `{`"
        default: return nil
        }
    }

    private mutating func failureDiagnostic(_ failure: ReaderFailure?) -> Diagnostic {
        guard let f = failure, !f.couldNotStart else {
            return Diagnostic(.yamlSyntax, failure?.problem ?? "invalid YAML", at: .at(0))
        }
        let bytes = table.bytes
        var message = f.problem ?? "invalid YAML"
        if let at = f.readerOffset {
            // A character that is not allowed is marked whole; bytes that are not UTF-8, the
            // first that is wrong.
            let o = min(at, bytes.count)
            let whole = f.problem == "control characters are not allowed" || f.problem == "invalid Unicode character"
            let end = o < bytes.count ? min(bytes.count, o + (whole ? LineTable.sequenceLength(bytes[o]) : 1)) : o
            if let value = f.readerValue, whole {
                message += " (U+\(Self.hex(value)))"
            }
            return Diagnostic(.yamlSyntax, message, at: SourceRange(start: o, end: end))
        }
        let at = marks.offset(index: f.problemIndex)
        if let context = f.context { message += " " + context }
        if at < bytes.count && bytes[at] == 0x09 {
            message += " (a tab: YAML indents with spaces only)"
        }
        let end = at < bytes.count ? min(bytes.count, at + LineTable.sequenceLength(bytes[at])) : at
        // An unclosed quote or bracket: libyaml notices only where it gives up, often at the end
        // of the file; the place to fix is where the quote or bracket opens, so that is where the
        // problem is reported, with libyaml's place as related information.
        if f.hasContext, let opener = Self.unclosedOpener(f.context ?? "") {
            let openAt = marks.offset(index: f.contextIndex)
            if openAt < at, openAt < bytes.count {
                let openEnd = min(bytes.count, openAt + LineTable.sequenceLength(bytes[openAt]))
                return Diagnostic(
                    .yamlSyntax, "\(opener) is never closed (\(message))",
                    at: SourceRange(start: openAt, end: openEnd),
                    related: [RelatedLocation(range: SourceRange(start: at, end: end),
                                              message: "the YAML parser gave up here: \(f.problem ?? "invalid YAML")")])
            }
        }
        // A line indented to no column a mapping or list above it uses: said in columns.
        if let hint = IndentationHint.describe(problem: f.problem, at: at, table: table) {
            return Diagnostic(.yamlSyntax, hint.message, at: SourceRange(start: at, end: end),
                              related: [RelatedLocation(range: hint.expected, message: "this line starts at the column expected")])
        }
        var related: [RelatedLocation] = []
        if f.hasContext {
            let ctxAt = marks.offset(index: f.contextIndex)
            if ctxAt != at {
                related.append(RelatedLocation(range: .at(ctxAt), message: f.context ?? ""))
            }
        }
        return Diagnostic(.yamlSyntax, message, at: SourceRange(start: at, end: end), related: related)
    }

    /// A code point as `U+` writes it: upper-case hex, at least four digits.
    static func hex(_ value: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    // MARK: Scalars

    private mutating func addScalar(_ e: RawEvent, to builder: inout TreeBuilder) {
        let range = SourceRange(start: marks.offset(index: e.startIndex),
                                end: marks.offset(index: e.endIndex))
        let style = scalarStyle(e.style)
        // The common case, a plain scalar on one line with neither tag nor anchor, takes a path
        // of plain values: its value is its source text, its record is all there is.
        if style == .plain && e.tag == nil && e.anchor == nil && e.startLine == e.endLine
            && range.end <= table.bytes.count && range.end - range.start == e.value.count {
            let (resolved, number) = YAMLStoreBuilder.Scalar.reading(ScalarResolver.resolve(bytes: e.value))
            builder.inlineScalar(range, style: .plain, resolved: resolved, number: number)
            return
        }
        builder.scalar(makeScalar(value: e.value, style: style, nodeRange: range, singleLine: e.startLine == e.endLine),
                       tag: e.tagString, anchor: e.anchorString)
    }

    /// A scalar as the store keeps it: its value's text only where it differs from the source.
    private func makeScalar(value: UnsafeBufferPointer<UInt8>, style: ScalarStyle, nodeRange: SourceRange,
                            singleLine: Bool) -> YAMLStoreBuilder.Scalar {
        let bytes = table.bytes
        func decoded() -> String { String(decoding: value, as: UTF8.self) }
        switch style {
        case .plain:
            // A plain scalar has no escapes: on one line, its value is its source text.
            let (resolved, number) = YAMLStoreBuilder.Scalar.reading(ScalarResolver.resolve(bytes: value))
            if singleLine && nodeRange.end <= bytes.count && nodeRange.end - nodeRange.start == value.count {
                return .init(nodeRange: nodeRange, valueRange: nodeRange, style: style, text: nil, table: nil,
                             resolved: resolved, number: number)
            }
            return .init(nodeRange: nodeRange, valueRange: nodeRange, style: style, text: decoded(), table: nil,
                         resolved: resolved, number: number)
        case .singleQuoted, .doubleQuoted:
            let inner = SourceRange(start: min(nodeRange.start + 1, nodeRange.end), end: max(nodeRange.start + 1, nodeRange.end - 1))
            switch ScalarOffsetMap.quoted(bytes: bytes, inner: inner, value: value, double: style == .doubleQuoted) {
            case .identity where inner.end <= bytes.count:
                return .init(nodeRange: nodeRange, valueRange: inner, style: style, text: nil, table: nil, resolved: .string, number: 0)
            case .table(let t):
                return .init(nodeRange: nodeRange, valueRange: inner, style: style, text: decoded(), table: t, resolved: .string, number: 0)
            case .none, .identity:
                return .init(nodeRange: nodeRange, valueRange: inner, style: style, text: decoded(), table: nil, resolved: .string, number: 0)
            }
        case .literal, .folded:
            // The content starts on the line after the indicator: after the first line break
            // libyaml counts (`YAMLLineBreaks`; the header is short).
            var start = nodeRange.start
            let limit = min(nodeRange.end, bytes.count)
            while start < limit && YAMLLineBreaks.length(bytes, at: start) == 0 { start += 1 }
            start = start < limit ? start + YAMLLineBreaks.length(bytes, at: start) : nodeRange.end
            return .init(nodeRange: nodeRange, valueRange: SourceRange(start: min(start, nodeRange.end), end: nodeRange.end),
                         style: style, text: decoded(), table: nil, resolved: .string, number: 0)
        }
    }

    private func scalarStyle(_ raw: UInt8) -> ScalarStyle {
        switch yaml_scalar_style_t(rawValue: UInt32(raw)) {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: return .literal
        case YAML_FOLDED_SCALAR_STYLE: return .folded
        default: return .plain
        }
    }
}

/// One of the seldom events as the tree builder takes it (scalars and collections, nearly all
/// events, are given to it by `TreeBuilder.scalar`, `inlineScalar`, `openCollection` and
/// `close`).
enum ParsedEvent {
    case alias(name: String, range: SourceRange)
    case documentStart(at: Int)
    case streamEnd
    /// libyaml rejected the text (or could not start): the stream ends here.
    case failed(Diagnostic)
}

extension YAMLParser {
    /// libyaml alone: pulls every event of `bytes` and deletes it, nothing decoded or kept, and
    /// returns how many it pulled (up to the stream's end, or the first error). The benchmark's
    /// baseline (`tatami-bench --pull`, `scripts/cpu-ratio.py`): what reading the text costs
    /// before Tatami does anything with it, without the benchmark seeing libyaml's C types.
    public static func pullEvents(bytes: [UInt8]) -> Int {
        var parser = yaml_parser_t()
        yaml_parser_initialize(&parser)
        defer { yaml_parser_delete(&parser) }
        var count = 0
        bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var event = yaml_event_t()
            while yaml_parser_parse(&parser, &event) != 0 {
                let done = event.type == YAML_STREAM_END_EVENT
                yaml_event_delete(&event)
                count += 1
                if done { break }
            }
        }
        return count
    }
}
