// fuzz-server: the language server's input handling on arbitrary byte streams.
//
// The first byte picks how the rest is read:
//
// - below 0x80 (a framed session starts with `C`, `\r` or `{`): the whole input is what a client
//   wrote to `tatami lsp`'s standard input. It is split into bodies by the server's own framing
//   (`LSPFraming`, the code `tatami lsp` reads stdin with), in one piece and again in chunks of a
//   size taken from the input, which must give the same bodies; each body goes to
//   `LanguageServer.handle(body:)`, and the server may answer it at most once. A well-framed
//   request is appended to the input: it must be the last body read and be answered, unless
//   the server was told to exit before it (framing that recovers, a server that listens).
// - 0x80 and above: a sequence of operations (`Session`): initialize, then opens, edits, closes,
//   requests of every method with positions, ranges and parameters taken from the input, raw
//   framed chunks, configuration changes, shutdown and exit. Every request must get exactly one
//   response with its id, and nothing else may answer.
//
// A broken rule is a `fatalError` with a message, which libFuzzer reports as a crash.
import Foundation
import FuzzSupport
import TatamiLSP
import TatamiServices

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard let first = bytes.first else { return 0 }
    if first < 0x80 {
        framedStream(bytes)
    } else {
        var session = Session(FuzzInput(Array(bytes.dropFirst())))
        session.run()
    }
    return 0
}

// MARK: Reading the server's messages

func field(_ j: JSON, _ key: String) -> JSON? {
    guard case .object(let pairs) = j else { return nil }
    return pairs.first { $0.0 == key }?.1
}

/// A message that answers a request: it has no `method`.
func isResponse(_ j: JSON) -> Bool { field(j, "method") == nil }

func sameID(_ a: JSON?, _ b: JSON) -> Bool {
    switch (a, b) {
    case (.number(let x)?, .number(let y)): return x == y
    case (.string(let x)?, .string(let y)): return x == y
    default: return false
    }
}

func describe(_ j: JSON) -> String { String(j.serialized(pretty: false).prefix(400)) }

/// `FUZZ_TRACE=1`: write what the server sends to standard error (to read what an input does).
let traceMessages = ProcessInfo.processInfo.environment["FUZZ_TRACE"] != nil

/// The server under test with everything it sent.
final class Harness {
    var sent: [JSON] = []
    var server: LanguageServer!
    var exited = false

    init() {
        server = LanguageServer(send: { [unowned self] in
            if traceMessages { FileHandle.standardError.write(Data(("<- " + describe($0) + "\n").utf8)) }
            self.sent.append($0)
        }, log: { _ in })
    }

    /// Hands one body to the server; returns what it sent meanwhile, each message checked by
    /// `checkPositions`.
    func feed(_ body: [UInt8]) -> ArraySlice<JSON> {
        let before = sent.count
        if server.handle(body: body) != nil { exited = true }
        for m in sent[before...] { checkPositions(m, in: m) }
        return sent[before...]
    }

    /// Publishes pending diagnostics, checked like every other message.
    func publish() {
        let before = sent.count
        server.publishPending()
        for m in sent[before...] { checkPositions(m, in: m) }
    }

    /// Drops what was sent (keeps memory flat on long inputs).
    func forget() { sent.removeAll(keepingCapacity: true) }
}

// MARK: Positions in what the server sends

/// A line or character the server sends: an integer from 0 to 2^31 − 1 (LSP's uinteger).
func isCoordinate(_ j: JSON?) -> Bool {
    guard case .number(let v)? = j else { return false }
    return v >= 0 && v < 2_147_483_648 && v == v.rounded()
}

/// Every `Position` in a message (an object with `line` and `character`) has coordinates that
/// are integers ≥ 0; every `Range` starts at or before its end; a folding range's lines are in
/// order; semantic tokens are five non-negative integers each.
func checkPositions(_ j: JSON, in message: JSON) {
    switch j {
    case .array(let items):
        for i in items { checkPositions(i, in: message) }
    case .object(let pairs):
        let line = field(j, "line"), character = field(j, "character")
        if line != nil || character != nil, !(isCoordinate(line) && isCoordinate(character)) {
            fatalError("a position that is not one: \(describe(j)) in \(describe(message))")
        }
        if case .number(let l0)? = field(field(j, "start") ?? .null, "line"), case .number(let c0)? = field(field(j, "start") ?? .null, "character"),
           case .number(let l1)? = field(field(j, "end") ?? .null, "line"), case .number(let c1)? = field(field(j, "end") ?? .null, "character"),
           (l0, c0) > (l1, c1) {
            fatalError("a range that ends before it starts: \(describe(j)) in \(describe(message))")
        }
        if let a = field(j, "startLine"), let b = field(j, "endLine") {
            guard isCoordinate(a), isCoordinate(b), case .number(let x) = a, case .number(let y) = b, x <= y else {
                fatalError("a folding range out of order: \(describe(j)) in \(describe(message))")
            }
        }
        if case .array(let data)? = field(j, "data"), field(j, "resultId") != nil || pairs.count == 1 {
            if data.count % 5 != 0 || !data.allSatisfy({ isCoordinate($0) }) {
                fatalError("semantic tokens that are not five non-negative integers each: \(describe(j))")
            }
        }
        for (_, v) in pairs { checkPositions(v, in: message) }
    default:
        break
    }
}

// MARK: Mode 1: a framed byte stream

/// The request appended to every framed stream: whatever came before, it must be read and
/// answered (unless the server was told to exit first).
let probeID = "tatami-fuzz-liveness-probe"
let probeBody = Array(#"{"jsonrpc":"2.0","id":"\#(probeID)","method":"tatami/probe","params":{}}"#.utf8)
let probe = Array("Content-Length: \(probeBody.count)\r\n\r\n".utf8) + probeBody

func framedStream(_ input: [UInt8]) {
    let bytes = input + probe
    let whole = LSPFraming.bodies(in: bytes)
    // Reads of any size must frame the same messages.
    let size = 1 + Int(input.count % 61)
    let chunks = stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min($0 + size, bytes.count)]) }
    let chunked = LSPFraming.bodies(in: chunks)
    if whole != chunked {
        fatalError("framing depends on read sizes: \(whole.count) bodies in one read, \(chunked.count) in reads of \(size)")
    }
    // Framing recovers: the probe, framed correctly after any bytes, is the last body read.
    if whole.last != probeBody {
        fatalError("a well-framed request after the input was not read: the last body is \(whole.last.map { String(decoding: $0.prefix(200), as: UTF8.self) } ?? "none")")
    }
    let h = Harness()
    for (i, body) in whole.enumerated() {
        let replies = h.feed(body)
        let answers = replies.filter(isResponse)
        if answers.count > 1 {
            fatalError("one message got \(answers.count) answers: \(answers.map(describe))")
        }
        if h.exited { return }
        // The server listens: the probe gets its answer.
        if i == whole.count - 1 && !answers.contains(where: { sameID(field($0, "id"), .string(probeID)) }) {
            fatalError("the request after the input was not answered: \(replies.map(describe))")
        }
        h.publish()
        h.forget()
    }
    _ = h.server.endOfInput()
}

// MARK: Mode 2: operations

/// Documents a session may open. Two `file:` ones in a directory that does not exist (so imports
/// between them read the open buffers, never the disk) and an untitled one (no path, no imports).
let uris = [
    "file:///nonexistent-tatami-fuzz/a.tatami.yaml",
    "file:///nonexistent-tatami-fuzz/lib/b.tatami.yaml",
    "untitled:Untitled-1",
]

/// Starting texts, spliced with input bytes; written to reach the services' interesting paths
/// (components and slots, imports, canvas expressions, custom alignments, fonts, viewports).
let templates = [
    """
    tatami: 1
    viewports:
      phone: {width: 320, height: 120, safeArea: {top: 8}}
      wide: {width: 700, height: 90, direction: rtl, scale: 2}
    imports: [lib/b.tatami.yaml]
    alignments:
      mid: {axis: vertical, default: "bottom / 2"}
    body:
      hstack:
        - text: "★★ stars"
          alignmentGuides: {mid: "height * 0.5"}
        - Badge: {label: New, tint: red}
        - vstack:
            - Avocado Toast
            - text: "Ingredients: 漢字 and 😀 emoji"
              lineLimit: 1
              font: caption
          alignment: leading
        - spacer:
      alignment: mid
      padding: 8

    """,
    """
    components:
      Badge:
        params:
          label: {type: string}
          tint: {type: color, default: blue}
          slot: {type: view, default: ~}
        body:
          zstack:
            - color: $tint
            - text: "${label}!"
            - $slot
          padding: {horizontal: 4}
    body:
      vstack:
        - Badge: {label: one}
        - Badge: {label: two, slot: {image: star, size: [8, 8]}}
        - grid: [{color: red}, {color: "#00FF00", fill: "#"}, Hello]
          columns: auto
          cells: fit

    """,
    """
    viewports:
      portrait: {width: 200, height: 400}
      landscape: {width: 400, height: 200}
    fonts:
      mono: {width: 10, height: 20}
    body:
      canvas:
        - color: red
          position: {absolute: [10, 20, 30, 40]}
        - text: hi
          font: mono
          position:
            - {x: "width * 0.8", y: 10, width: "width / 5", height: "min(height, 20)", when: "landscape"}
            - {anchor: {from: topTrailing, x: -10, y: 10, width: 30, height: 40}}
        - bricks: [{text: a}, {text: bb}, {text: ccc}]
          position: {insets: {top: 10, leading: 20}}
          fill: last
          when: "width > 100 && !portrait"
        - flow: [x, y, z]
          position: {relative: [0.5, 0.25, 0.25, 0.5]}
          border: {style: rounded}
          hidden: true

    """,
]

struct Session {
    var input: FuzzInput
    let h = Harness()
    var nextID = 1
    var encodingUTF8 = false
    /// The client declared neither snippets nor insertTextMode: no completion may break a line.
    var oneLineCompletions = false
    /// What `initialize` was sent with, for a fresh server to compare with.
    var initializeParams: JSON?
    /// `shutdown` was requested: the server answers nothing about documents any more.
    var shutDown = false

    init(_ input: FuzzInput) {
        self.input = input
    }

    // MARK: Sending

    func body(_ message: JSON) -> [UInt8] { message.serializedBytes(pretty: false) }

    mutating func notify(_ method: String, _ params: JSON) {
        let replies = h.feed(body(.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)])))
        if let answer = replies.first(where: isResponse) {
            fatalError("the notification \(method) was answered: \(describe(answer))")
        }
    }

    /// Sends a request; traps unless exactly one response with its id comes back.
    mutating func request(_ method: String, _ params: JSON) {
        let id: JSON = input.oneIn(8) ? .string("r\(nextID)") : .number(Double(nextID))
        nextID += 1
        let replies = h.feed(body(.object([("jsonrpc", .string("2.0")), ("id", id), ("method", .string(method)), ("params", params)])))
        let answers = replies.filter(isResponse)
        guard answers.count == 1, let answer = answers.first else {
            fatalError("\(method) got \(answers.count) responses (exactly one expected): \(answers.map(describe))")
        }
        guard sameID(field(answer, "id"), id) else {
            fatalError("\(method) was answered under another id: \(describe(answer))")
        }
        if (field(answer, "result") == nil) == (field(answer, "error") == nil) {
            fatalError("\(method)'s response needs exactly one of result and error: \(describe(answer))")
        }
        if oneLineCompletions, method == "textDocument/completion", case .array(let items)? = field(field(answer, "result") ?? .null, "items") {
            for item in items {
                let text = field(field(item, "textEdit") ?? .null, "newText") ?? field(item, "insertText")
                if case .string(let t)? = text, t.contains(where: \.isNewline) {
                    fatalError("a line break in a completion for a client that takes one line: \(describe(item))")
                }
            }
        }
    }

    // MARK: Values from the input

    mutating func number(_ n: Int) -> JSON { .number(Double(n)) }

    /// Mostly small (lines and columns of the texts), sometimes past the end, negative, huge or
    /// fractional.
    mutating func coordinate() -> JSON {
        switch input.int(0...15) {
        case 0: return .number(-1 - Double(input.int(0...3)))
        case 1: return .number(1e9)
        case 2: return .number(Double(input.int(0...40)) + 0.5)
        case 3: return .string("3")
        default: return .number(Double(input.int(0...30)))
        }
    }

    mutating func position() -> JSON {
        if input.oneIn(40) { return randomValue(depth: 0) }
        return .object([("line", coordinate()), ("character", coordinate())])
    }

    mutating func range() -> JSON {
        if input.oneIn(40) { return randomValue(depth: 0) }
        return .object([("start", position()), ("end", position())])
    }

    mutating func uri() -> String { input.pick(uris) }

    mutating func textDocument() -> JSON {
        if input.oneIn(30) { return randomValue(depth: 0) }
        return .object([("uri", .string(input.oneIn(30) ? "file:///nowhere.tatami.yaml" : uri()))])
    }

    /// Text from input bytes, decoded as UTF-8 with repairs.
    mutating func text(upTo limit: Int) -> String {
        String(decoding: input.chunk(upTo: limit), as: UTF8.self)
    }

    /// A document: a template with input spliced in, or raw input.
    mutating func documentText() -> String {
        let choice = input.int(0...(templates.count))
        guard choice < templates.count else { return text(upTo: 400) }
        var t = Array(templates[choice].utf8)
        for _ in 0..<input.int(0...2) {
            let at = min(t.count, input.uint16() % (t.count + 1))
            let cut = min(t.count - at, input.int(0...12))
            t.replaceSubrange(at..<(at + cut), with: input.chunk(upTo: 24))
        }
        return String(decoding: t, as: UTF8.self)
    }

    /// Any JSON value, for parameters of the wrong shape.
    mutating func randomValue(depth: Int) -> JSON {
        switch input.int(0...(depth > 2 ? 4 : 6)) {
        case 0: return .null
        case 1: return .bool(input.bool())
        case 2: return .number(input.pick([0, -1, 1, 0.5, 1e300, -1e12, 7]))
        case 3: return .string(input.pick(["", "x", "phone", "Badge", "\u{0}", "😀", uris[0]]))
        case 4: return .string(text(upTo: 8))
        case 5: return .array((0..<input.int(0...3)).map { _ in randomValue(depth: depth + 1) })
        default:
            let keys = ["uri", "line", "character", "start", "end", "text", "range", "position", "textDocument"]
            return .object((0..<input.int(0...3)).map { _ in (input.pick(keys), randomValue(depth: depth + 1)) })
        }
    }

    /// Parameters `pairs`, sometimes with a key dropped or extra noise.
    mutating func params(_ pairs: [(String, JSON)]) -> JSON {
        var p = pairs
        if !p.isEmpty, input.oneIn(20) { p.remove(at: input.int(0...(p.count - 1))) }
        if input.oneIn(20) { p.append(("noise", randomValue(depth: 0))) }
        if input.oneIn(50) { return randomValue(depth: 0) }
        return .object(p)
    }

    // MARK: The session

    mutating func initialize() {
        var general: [(String, JSON)] = []
        switch input.int(0...2) {
        case 0: general.append(("positionEncodings", .array([.string("utf-8"), .string("utf-16")])))
        case 1: general.append(("positionEncodings", .array([.string("utf-16")])))
        default: break
        }
        let snippets = input.bool()
        let modes: [JSON] = input.pick([[], [.number(1)], [.number(2)], [.number(1), .number(2)]])
        oneLineCompletions = !snippets && modes.isEmpty
        let caps: JSON = .object([
            ("general", .object(general)),
            ("workspace", .object([
                ("inlayHint", .object([("refreshSupport", .bool(input.bool()))])),
                ("semanticTokens", .object([("refreshSupport", .bool(input.bool()))])),
                ("codeLens", .object([("refreshSupport", .bool(input.bool()))])),
            ])),
            ("textDocument", .object([
                ("completion", .object([("completionItem", .object([
                    ("snippetSupport", .bool(snippets)),
                    ("insertTextModeSupport", .object([("valueSet", .array(modes))])),
                    ("documentationFormat", .array([.string(input.bool() ? "markdown" : "plaintext")])),
                ]))])),
                ("hover", .object([("contentFormat", .array([.string(input.bool() ? "markdown" : "plaintext")]))])),
                ("documentSymbol", .object([("hierarchicalDocumentSymbolSupport", .bool(input.bool()))])),
                ("publishDiagnostics", .object([("relatedInformation", .bool(input.bool()))])),
            ])),
        ])
        var p: [(String, JSON)] = [("processId", .null), ("capabilities", caps)]
        if input.bool() { p.append(("rootUri", .string("file:///nonexistent-tatami-fuzz"))) }
        if input.oneIn(4) { p.append(("initializationOptions", .object([("defaultViewport", .string(input.pick(["phone", "wide", "x"])))]))) }
        initializeParams = .object(p)
        request("initialize", .object(p))
        notify("initialized", .object([]))
    }

    mutating func run() {
        initialize()
        var steps = 0
        while !input.isExhausted, !h.exited, steps < 48 {
            steps += 1
            step()
            h.forget()
        }
        if !h.exited && !shutDown { checkAgainstAFreshServer() }
        if !h.exited { _ = h.server.endOfInput() }
    }

    /// Incremental = from scratch: what the session's server, after all its edits, says about
    /// each open document (pulled diagnostics; symbols, semantic tokens and inlay hints while
    /// the text parses) is what a server given only the final texts says.
    mutating func checkAgainstAFreshServer() {
        let open = h.server.openTexts
        guard !open.isEmpty, let initialize = initializeParams else { return }
        let fresh = Harness()
        _ = fresh.feed(body(.object([("jsonrpc", .string("2.0")), ("id", .number(1)), ("method", .string("initialize")), ("params", initialize)])))
        _ = fresh.feed(body(.object([("jsonrpc", .string("2.0")), ("method", .string("initialized")), ("params", .object([]))])))
        // The settings the session's client changed since `initialize` (the default viewport,
        // which decides the inlay hints).
        let viewport: JSON = h.server.configuredDefaultViewport.map { .string($0) } ?? .null
        _ = fresh.feed(body(.object([("jsonrpc", .string("2.0")), ("method", .string("workspace/didChangeConfiguration")), ("params", .object([
            ("settings", .object([("tatami", .object([("defaultViewport", viewport)]))])),
        ]))])))
        for (uri, text) in open {
            _ = fresh.feed(body(.object([("jsonrpc", .string("2.0")), ("method", .string("textDocument/didOpen")), ("params", .object([
                ("textDocument", .object([("uri", .string(uri)), ("languageId", .string("tatami")), ("version", .number(1)),
                                         ("text", .string(String(decoding: text, as: UTF8.self)))])),
            ]))])))
        }
        func ask(_ harness: Harness, _ method: String, _ uri: String) -> String {
            let answer = harness.feed(body(.object([("jsonrpc", .string("2.0")), ("id", .string("check")), ("method", .string(method)),
                                                   ("params", .object([("textDocument", .object([("uri", .string(uri))]))]))])))
                .first(where: isResponse)
            // An error (a server a raw chunk shut down) leaves nothing to compare.
            guard var result = answer.flatMap({ field($0, "result") }) else { return "error" }
            // A pull report's id names the server's own revision count.
            if case .object(let pairs) = result { result = .object(pairs.filter { $0.0 != "resultId" }) }
            return result.serialized(pretty: false)
        }
        for (uri, text) in open where String(validating: text, as: UTF8.self) != nil {
            let diagnostics = ask(h, "textDocument/diagnostic", uri)
            if diagnostics == "error" { continue }
            if diagnostics != ask(fresh, "textDocument/diagnostic", uri) {
                fatalError("\(uri): the session's server reports \(diagnostics.prefix(300)), a fresh one \(ask(fresh, "textDocument/diagnostic", uri).prefix(300))")
            }
            // While a text does not parse, symbols and tokens come from the last one that did.
            guard !diagnostics.contains("\"yaml-syntax\"") else { continue }
            // Inlay hints: each view's size, from the frames, at its place in the text (frames
            // copied from a kept layout must name the new text's views).
            for method in ["textDocument/documentSymbol", "textDocument/semanticTokens/full", "textDocument/inlayHint"]
            where ask(h, method, uri) != ask(fresh, method, uri) {
                fatalError("\(uri): \(method) differs from a fresh server's: \(ask(h, method, uri).prefix(300)) against \(ask(fresh, method, uri).prefix(300))")
            }
        }
        h.forget()
    }

    static let positionMethods = [
        "textDocument/hover", "textDocument/completion", "textDocument/definition", "textDocument/references",
        "textDocument/prepareRename", "textDocument/documentHighlight",
    ]
    static let documentMethods = [
        "textDocument/documentSymbol", "textDocument/codeLens", "textDocument/semanticTokens/full",
        "textDocument/foldingRange", "textDocument/diagnostic", "textDocument/documentColor", "textDocument/documentLink",
    ]

    mutating func step() {
        switch input.int(0...19) {
        case 0, 1:
            notify("textDocument/didOpen", params([("textDocument", .object([
                ("uri", .string(uri())), ("languageId", .string("tatami")), ("version", number(input.int(0...9))),
                ("text", .string(documentText())),
            ]))]))
        case 2, 3:
            var changes: [JSON] = []
            for _ in 0..<input.int(1...3) {
                if input.oneIn(6) {
                    changes.append(.object([("text", .string(documentText()))]))
                } else {
                    changes.append(.object([("range", range()), ("text", .string(text(upTo: 16)))]))
                }
            }
            notify("textDocument/didChange", params([
                ("textDocument", .object([("uri", .string(uri())), ("version", number(input.int(0...99)))])),
                ("contentChanges", .array(changes)),
            ]))
        case 4:
            notify("textDocument/didClose", params([("textDocument", textDocument())]))
        case 5, 6, 7:
            let method = input.pick(Self.positionMethods)
            var p: [(String, JSON)] = [("textDocument", textDocument()), ("position", position())]
            if method == "textDocument/references" { p.append(("context", .object([("includeDeclaration", .bool(input.bool()))]))) }
            request(method, params(p))
        case 8, 9:
            request(input.pick(Self.documentMethods), params([("textDocument", textDocument())]))
        case 10:
            let name = input.oneIn(3) ? text(upTo: 10) : input.pick(["Card", "label", "mid2", "phone", "Badge", "x y", "42", ""])
            request("textDocument/rename", params([("textDocument", textDocument()), ("position", position()), ("newName", .string(name))]))
        case 11:
            var p: [(String, JSON)] = [("textDocument", textDocument()), ("range", range())]
            if input.bool() { p.append(("context", .object([("diagnostics", .array([])), ("only", .array([.string(input.pick(["quickfix", "refactor", ""]))]))]))) }
            request("textDocument/codeAction", params(p))
        case 12:
            switch input.int(0...3) {
            case 0:
                let method = input.pick(["textDocument/inlayHint", "textDocument/semanticTokens/range"])
                request(method, params([("textDocument", textDocument()), ("range", range())]))
            case 1:
                request("textDocument/selectionRange", params([
                    ("textDocument", textDocument()), ("positions", .array((0..<input.int(0...3)).map { _ in position() })),
                ]))
            case 2:
                // Channels from 0 to 300/255 (past 1 too), now and then negative.
                let color = JSON.object(["red", "green", "blue", "alpha"].map {
                    ($0, JSON.number(input.oneIn(4) ? -1.5 : Double(input.int(0...300)) / 255))
                })
                request("textDocument/colorPresentation", params([("textDocument", textDocument()), ("range", range()), ("color", color)]))
            default:
                request("workspace/symbol", params([("query", .string(input.oneIn(3) ? text(upTo: 6) : input.pick(["", "c", "PHONE", "bdg"])))]))
            }
        case 13:
            var args: [JSON] = [.string(uri())]
            if input.bool() { args.append(.string(input.pick(["phone", "wide", "portrait", "landscape", "nope", ""]))) }
            request("workspace/executeCommand", params([
                ("command", .string(input.pick(["tatami.preview", "tatami.frames", "tatami.other"]))), ("arguments", .array(args)),
            ]))
        case 14:
            // A raw piece of a framed stream: whatever it frames is handled, answered at most once each.
            for b in LSPFraming.bodies(in: input.chunk(upTo: 200)) {
                let answers = h.feed(b).filter(isResponse)
                if answers.count > 1 { fatalError("one raw message got \(answers.count) answers: \(answers.map(describe))") }
                if h.exited { return }
            }
        case 15:
            h.publish()
        case 16:
            let value: JSON = input.bool() ? .string(input.pick(["phone", "wide", "portrait", ""])) : .null
            let settings: JSON = input.bool() ? .object([("tatami", .object([("defaultViewport", value)]))]) : .object([("defaultViewport", value)])
            notify("workspace/didChangeConfiguration", params([("settings", settings)]))
        case 17:
            notify(input.pick(["workspace/didChangeWatchedFiles", "$/cancelRequest", "textDocument/didSave", "$/setTrace"]),
                   params([("id", number(nextID)), ("changes", .array([]))]))
        case 18:
            request(input.pick(["tatami/unknown", "initialize", "textDocument/hover"]), randomValue(depth: 0))
        default:
            if input.oneIn(3) {
                request("shutdown", .null)
                shutDown = true
            } else if input.oneIn(4) {
                if h.feed(body(.object([("jsonrpc", .string("2.0")), ("method", .string("exit"))]))).contains(where: isResponse) {
                    fatalError("exit was answered")
                }
            } else {
                h.publish()
            }
        }
    }
}

runFuzzer(fuzzOne)
