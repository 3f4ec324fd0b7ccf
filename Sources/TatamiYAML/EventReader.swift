import CLibYAML
import TatamiBase

/// libyaml's events as plain values, in chunks: what `EventReader` copies out of libyaml's C
/// structures, and `EventDecoder` turns into nodes. A chunk holds no reference into libyaml.
///
/// The reading side does as little as it can (libyaml itself is about as slow as everything
/// else the parse does): marks stay (line, column) pairs and scalar values stay bytes; byte
/// offsets, strings, resolved values and nodes are made by the decoder.
struct EventChunk {
    enum Kind: UInt8 {
        case scalar, sequenceStart, mappingStart, collectionEnd, alias, documentStart, streamEnd, failed
    }

    /// One event. Marks are libyaml's: 0-based line and Unicode-scalar column.
    struct Event {
        var kind: Kind
        /// Scalars: the `yaml_scalar_style_t`; collections: whether flow style.
        var style: UInt8
        var startLine: Int32, startColumn: Int32, endLine: Int32, endColumn: Int32
        /// Scalars: the value's bytes in `text`.
        var valueStart: Int32, valueLength: Int32
        /// Index in `names` of the event's tag and anchor (an alias's anchor name is the
        /// anchor), or -1 when it has neither.
        var names: Int32

        /// The last event of a stream libyaml rejected; the details are in `failure`.
        static let failed = Event(kind: .failed, style: 0, startLine: 0, startColumn: 0, endLine: 0, endColumn: 0,
                                  valueStart: 0, valueLength: 0, names: -1)
    }

    var events: [Event] = []
    var text: [UInt8] = []
    var names: [(tag: String?, anchor: String?)] = []
    /// For a `.failed` event: libyaml's problem and context, with their marks.
    var failure: Failure?

    struct Failure {
        var problem: String?
        var context: String?
        var problemLine: Int, problemColumn: Int
        var contextLine: Int, contextColumn: Int
        var hasContext: Bool
        /// libyaml could not even start (out of memory).
        var couldNotStart: Bool
    }

    init(capacity: Int) {
        events.reserveCapacity(capacity)
        text.reserveCapacity(capacity * 8)
    }

    mutating func removeAll() {
        events.removeAll(keepingCapacity: true)
        text.removeAll(keepingCapacity: true)
        names.removeAll(keepingCapacity: true)
        failure = nil
    }
}

/// Pulls libyaml's events from a byte buffer into `EventChunk`s. The only place that touches
/// libyaml's parser; the buffer must outlive the reader.
final class EventReader {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let started: Bool
    private(set) var isDone = false

    init(input: UnsafeBufferPointer<UInt8>) {
        parser = .allocate(capacity: 1)
        parser.initialize(to: yaml_parser_t())
        started = yaml_parser_initialize(parser) != 0
        if started {
            // libyaml keeps a pointer to the parser itself for the string input: it must not move.
            yaml_parser_set_input_string(parser, input.baseAddress ?? UnsafePointer(bitPattern: 1), input.count)
        }
    }

    deinit {
        if started { yaml_parser_delete(parser) }
        parser.deinitialize(count: 1)
        parser.deallocate()
    }

    /// Appends up to `limit` events to `chunk`; the last event of the stream is `.streamEnd` or
    /// `.failed`, after which `isDone` is true and nothing more is read.
    func read(into chunk: inout EventChunk, limit: Int) {
        guard !isDone else { return }
        guard started else {
            isDone = true
            chunk.failure = EventChunk.Failure(problem: "libyaml could not start (out of memory)", context: nil, problemLine: 0,
                                               problemColumn: 0, contextLine: 0, contextColumn: 0, hasContext: false, couldNotStart: true)
            chunk.events.append(.failed)
            return
        }
        var count = 0
        var event = yaml_event_t()
        while count < limit {
            guard yaml_parser_parse(parser, &event) != 0 else {
                isDone = true
                let p = parser.pointee
                chunk.failure = EventChunk.Failure(
                    problem: p.problem.map { String(cString: $0) }, context: p.context.map { String(cString: $0) },
                    problemLine: Int(p.problem_mark.line), problemColumn: Int(p.problem_mark.column),
                    contextLine: Int(p.context_mark.line), contextColumn: Int(p.context_mark.column),
                    hasContext: p.context != nil, couldNotStart: false)
                chunk.events.append(.failed)
                return
            }
            if append(&event, to: &chunk) { count += 1 }
            yaml_event_delete(&event)
            if isDone { return }
        }
    }

    /// Copies one event; false for the events nothing is built from (stream start, document end).
    private func append(_ event: inout yaml_event_t, to chunk: inout EventChunk) -> Bool {
        let kind: EventChunk.Kind
        var style: UInt8 = 0
        var valueStart: Int32 = 0, valueLength: Int32 = 0
        var tag: UnsafeMutablePointer<yaml_char_t>? = nil, anchor: UnsafeMutablePointer<yaml_char_t>? = nil
        switch event.type {
        case YAML_SCALAR_EVENT:
            kind = .scalar
            let s = event.data.scalar
            style = UInt8(truncatingIfNeeded: s.style.rawValue)
            valueStart = Int32(truncatingIfNeeded: chunk.text.count)
            valueLength = Int32(truncatingIfNeeded: s.length)
            if let value = s.value, s.length > 0 {
                chunk.text.append(contentsOf: UnsafeBufferPointer(start: value, count: s.length))
            }
            tag = s.tag
            anchor = s.anchor
        case YAML_SEQUENCE_START_EVENT:
            kind = .sequenceStart
            let q = event.data.sequence_start
            style = q.style == YAML_FLOW_SEQUENCE_STYLE ? 1 : 0
            tag = q.tag
            anchor = q.anchor
        case YAML_MAPPING_START_EVENT:
            kind = .mappingStart
            let m = event.data.mapping_start
            style = m.style == YAML_FLOW_MAPPING_STYLE ? 1 : 0
            tag = m.tag
            anchor = m.anchor
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            kind = .collectionEnd
        case YAML_ALIAS_EVENT:
            kind = .alias
            anchor = event.data.alias.anchor
        case YAML_DOCUMENT_START_EVENT:
            kind = .documentStart
        case YAML_STREAM_END_EVENT:
            kind = .streamEnd
            isDone = true
        default:
            return false
        }
        var names: Int32 = -1
        if tag != nil || anchor != nil {
            names = Int32(truncatingIfNeeded: chunk.names.count)
            chunk.names.append((tag.map { String(cString: $0) }, anchor.map { String(cString: $0) }))
        }
        chunk.events.append(EventChunk.Event(
            kind: kind, style: style,
            startLine: Int32(truncatingIfNeeded: event.start_mark.line), startColumn: Int32(truncatingIfNeeded: event.start_mark.column),
            endLine: Int32(truncatingIfNeeded: event.end_mark.line), endColumn: Int32(truncatingIfNeeded: event.end_mark.column),
            valueStart: valueStart, valueLength: valueLength, names: names))
        return true
    }
}

/// Turns the events of chunks into scalars and `ParsedEvent`s for the tree builder: byte offsets from
/// marks, scalars decoded and resolved, scalar nodes made.
struct EventDecoder {
    private var marks: MarkConverter
    private let table: LineTable

    init(table: LineTable) {
        self.table = table
        marks = MarkConverter(table: table)
    }

    /// Reads and builds on the calling thread, a chunk of `chunkSize` events at a time, until
    /// the stream ends or the builder stops.
    mutating func readAll(from reader: EventReader, chunkSize: Int, into builder: inout TreeBuilder) {
        var chunk = EventChunk(capacity: chunkSize)
        while !reader.isDone {
            reader.read(into: &chunk, limit: chunkSize)
            guard feed(chunk, to: &builder) else { return }
            chunk.removeAll()
        }
    }

    /// Feeds a chunk's events to the builder; false when the builder stopped.
    mutating func feed(_ chunk: EventChunk, to builder: inout TreeBuilder) -> Bool {
        chunk.text.withUnsafeBufferPointer { text in
            for e in chunk.events {
                if e.kind == .scalar {
                    // Scalars (most events) go to the builder directly: no event value to make
                    // and destroy.
                    let names = e.names >= 0 ? chunk.names[Int(e.names)] : (tag: nil, anchor: nil)
                    builder.scalar(decodeScalar(e, text), tag: names.tag, anchor: names.anchor)
                } else if !builder.handle(decode(e, chunk, text)) {
                    return false
                }
            }
            return true
        }
    }

    private mutating func decode(_ e: EventChunk.Event, _ chunk: EventChunk, _ text: UnsafeBufferPointer<UInt8>) -> ParsedEvent {
        let names = e.names >= 0 ? chunk.names[Int(e.names)] : (tag: nil, anchor: nil)
        switch e.kind {
        case .scalar:
            preconditionFailure("scalars are fed to the builder directly")
        case .sequenceStart, .mappingStart:
            return .collectionStart(isMapping: e.kind == .mappingStart, start: marks.offset(line: Int(e.startLine), column: Int(e.startColumn)),
                                    tag: names.tag, anchor: names.anchor, isFlow: e.style != 0)
        case .collectionEnd:
            return .collectionEnd(end: marks.offset(line: Int(e.endLine), column: Int(e.endColumn)))
        case .alias:
            let range = SourceRange(start: marks.offset(line: Int(e.startLine), column: Int(e.startColumn)),
                                    end: marks.offset(line: Int(e.endLine), column: Int(e.endColumn)))
            return .alias(name: names.anchor ?? "", range: range)
        case .documentStart:
            return .documentStart(at: marks.offset(line: Int(e.startLine), column: Int(e.startColumn)))
        case .streamEnd:
            return .streamEnd
        case .failed:
            return .failed(failureDiagnostic(chunk.failure))
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

    private mutating func failureDiagnostic(_ failure: EventChunk.Failure?) -> Diagnostic {
        guard let f = failure, !f.couldNotStart else {
            return Diagnostic(.yamlSyntax, failure?.problem ?? "invalid YAML", at: .at(0))
        }
        let at = marks.offset(line: f.problemLine, column: f.problemColumn)
        let bytes = table.bytes
        var message = f.problem ?? "invalid YAML"
        if let context = f.context { message += " " + context }
        if at < bytes.count && bytes[at] == 0x09 {
            message += " (a tab: YAML indents with spaces only)"
        }
        let end = at < bytes.count ? min(bytes.count, at + LineTable.sequenceLength(bytes[at])) : at
        // An unclosed quote or bracket: libyaml notices only where it gives up, often at the end
        // of the file; the place to fix is where the quote or bracket opens, so that is where the
        // problem is reported, with libyaml's place as related information.
        if f.hasContext, let opener = Self.unclosedOpener(f.context ?? "") {
            let openAt = marks.offset(line: f.contextLine, column: f.contextColumn)
            if openAt < at, openAt < bytes.count {
                let openEnd = min(bytes.count, openAt + LineTable.sequenceLength(bytes[openAt]))
                return Diagnostic(
                    .yamlSyntax, "\(opener) is never closed (\(message))",
                    at: SourceRange(start: openAt, end: openEnd),
                    related: [RelatedLocation(range: SourceRange(start: at, end: end), message: "the YAML parser gave up here: \(f.problem ?? "invalid YAML")")])
            }
        }
        var related: [RelatedLocation] = []
        if f.hasContext {
            let ctxAt = marks.offset(line: f.contextLine, column: f.contextColumn)
            if ctxAt != at {
                related.append(RelatedLocation(range: .at(ctxAt), message: f.context ?? ""))
            }
        }
        return Diagnostic(.yamlSyntax, message, at: SourceRange(start: at, end: end), related: related)
    }

    // MARK: Scalars

    private mutating func decodeScalar(_ e: EventChunk.Event, _ text: UnsafeBufferPointer<UInt8>) -> YAMLStoreBuilder.Scalar {
        let range = SourceRange(start: marks.offset(line: Int(e.startLine), column: Int(e.startColumn)),
                                end: marks.offset(line: Int(e.endLine), column: Int(e.endColumn)))
        let value = UnsafeBufferPointer(rebasing: text[Int(e.valueStart)..<Int(e.valueStart + e.valueLength)])
        return makeScalar(value: value, style: scalarStyle(e.style), nodeRange: range, singleLine: e.startLine == e.endLine)
    }

    /// A scalar as the store keeps it: its value's text only where it differs from the source.
    private func makeScalar(value: UnsafeBufferPointer<UInt8>, style: ScalarStyle, nodeRange: SourceRange,
                            singleLine: Bool) -> YAMLStoreBuilder.Scalar {
        let bytes = table.bytes
        func decoded() -> String { String(decoding: value, as: UTF8.self) }
        switch style {
        case .plain:
            // A plain scalar has no escapes: on one line, its value is its source text.
            let resolved = ScalarResolver.resolve(bytes: value)
            if singleLine && nodeRange.end <= bytes.count && nodeRange.end - nodeRange.start == value.count {
                return .init(nodeRange: nodeRange, valueRange: nodeRange, style: style, text: nil, table: nil, resolved: resolved)
            }
            return .init(nodeRange: nodeRange, valueRange: nodeRange, style: style, text: decoded(), table: nil, resolved: resolved)
        case .singleQuoted, .doubleQuoted:
            let inner = SourceRange(start: min(nodeRange.start + 1, nodeRange.end), end: max(nodeRange.start + 1, nodeRange.end - 1))
            switch ScalarOffsetMap.quoted(bytes: bytes, inner: inner, value: value, double: style == .doubleQuoted) {
            case .identity where inner.end <= bytes.count:
                return .init(nodeRange: nodeRange, valueRange: inner, style: style, text: nil, table: nil, resolved: nil)
            case .table(let t):
                return .init(nodeRange: nodeRange, valueRange: inner, style: style, text: decoded(), table: t, resolved: nil)
            case .none, .identity:
                return .init(nodeRange: nodeRange, valueRange: inner, style: style, text: decoded(), table: nil, resolved: nil)
            }
        case .literal, .folded:
            // The content starts on the line after the indicator.
            let firstLine = table.line(ofByte: nodeRange.start) + 1
            let start = firstLine < table.lineCount ? table.lineStarts[firstLine] : nodeRange.end
            return .init(nodeRange: nodeRange, valueRange: SourceRange(start: min(start, nodeRange.end), end: nodeRange.end),
                         style: style, text: decoded(), table: nil, resolved: nil)
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

/// One event as the tree builder takes it.
enum ParsedEvent {
    /// `start`: the byte offset of the collection's first character (its anchor or tag excluded).
    case collectionStart(isMapping: Bool, start: Int, tag: String?, anchor: String?, isFlow: Bool)
    /// `end`: just past a flow collection's closing bracket; for block collections, where
    /// libyaml put its end mark (the tree builder uses the last child's end instead).
    case collectionEnd(end: Int)
    case alias(name: String, range: SourceRange)
    case documentStart(at: Int)
    case streamEnd
    /// libyaml rejected the text (or could not start): the stream ends here.
    case failed(Diagnostic)
}
