import TatamiServices

/// JSON-RPC 2.0 error codes, with LSP's additions.
public enum ErrorCode: Int, Sendable {
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case internalError = -32603
    case serverNotInitialized = -32002
    case requestFailed = -32803
    case requestCancelled = -32800
}

/// An error answer to a request.
public struct ResponseError: Error, Sendable {
    public var code: ErrorCode
    public var message: String

    public init(_ code: ErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }

    static func invalidParams(_ message: String) -> ResponseError { ResponseError(.invalidParams, message) }
}

/// One decoded JSON-RPC message.
enum Message: Sendable {
    case request(id: JSON, method: String, params: JSON)
    case notification(method: String, params: JSON)
    /// An answer to a request this server sent (workspace/inlayHint/refresh and the like).
    case response(id: JSON)
    /// Not a JSON-RPC message: answered with `code`, under `id` when one could be read.
    case invalid(id: JSON, code: ErrorCode, message: String)

    /// Reads a message body.
    static func decode(_ body: [UInt8]) -> Message {
        let json: JSON
        do {
            json = try JSON.parse(body)
        } catch let e as JSONParseError {
            return .invalid(id: .null, code: .parseError, message: "invalid JSON at byte \(e.offset): \(e.message)")
        } catch {
            return .invalid(id: .null, code: .parseError, message: "invalid JSON")
        }
        return decode(json)
    }

    static func decode(_ json: JSON) -> Message {
        guard json.isObject else {
            return .invalid(id: .null, code: .invalidRequest, message: "a message must be a JSON object (batches are not used by LSP)")
        }
        let rawID = json["id"]
        // An id must be a string or a number; anything else cannot be echoed back.
        let id: JSON? = rawID.flatMap { ($0.string != nil || $0.number != nil) ? $0 : nil }
        if rawID != nil, id == nil, !(rawID?.isNull ?? false) {
            return .invalid(id: .null, code: .invalidRequest, message: "an id must be a string or a number")
        }
        if json["jsonrpc"]?.string != "2.0" {
            return .invalid(id: id ?? .null, code: .invalidRequest, message: "\"jsonrpc\" must be \"2.0\"")
        }
        guard let methodValue = json["method"] else {
            if let id, json["result"] != nil || json["error"] != nil { return .response(id: id) }
            return .invalid(id: id ?? .null, code: .invalidRequest, message: "a request needs a \"method\"")
        }
        guard let method = methodValue.string else {
            return .invalid(id: id ?? .null, code: .invalidRequest, message: "\"method\" must be a string")
        }
        let params = json["params"] ?? .null
        if let id { return .request(id: id, method: method, params: params) }
        return .notification(method: method, params: params)
    }
}

enum Outgoing {
    static func response(id: JSON, result: JSON) -> JSON {
        .object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)])
    }

    static func error(id: JSON, _ e: ResponseError) -> JSON {
        .object([
            ("jsonrpc", .string("2.0")), ("id", id),
            ("error", .object([("code", .number(Double(e.code.rawValue))), ("message", .string(e.message))])),
        ])
    }

    static func notification(_ method: String, _ params: JSON) -> JSON {
        .object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)])
    }

    static func request(id: Int, _ method: String, _ params: JSON?) -> JSON {
        var pairs: [(String, JSON)] = [("jsonrpc", .string("2.0")), ("id", .number(Double(id))), ("method", .string(method))]
        if let params { pairs.append(("params", params)) }
        return .object(pairs)
    }
}
