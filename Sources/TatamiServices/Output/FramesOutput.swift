import TatamiBase
import TatamiLayout
import TatamiModel

/// `tatami frames --format`.
public enum FramesFormat: String, CaseIterable, Sendable {
    case json, text
}

/// The frames output of docs/format.md §12.3, shared by `tatami frames` and the language server.
public enum FramesFormatter {
    /// The JSON text `tatami frames --format json` prints: `value` indented, and a line break.
    public static func json(file: String, result: LayoutResult) -> String {
        value(file: file, result: result).serialized() + "\n"
    }

    /// The frames of one viewport as a JSON value (the language server's `tatami.frames` answers
    /// with it): the file, the viewport, and every shown view's frame in preorder.
    public static func value(file: String, result: LayoutResult) -> JSON {
        var frames: [JSON] = []
        result.root?.preorder { n in
            frames.append(.object([
                ("path", .string(n.path)), ("id", .optional(n.id)), ("kind", .string(n.kind)),
                ("x", .number(n.frame.x)), ("y", .number(n.frame.y)),
                ("width", .number(n.frame.width)), ("height", .number(n.frame.height)),
                ("content", rect(n.content)), ("hidden", .bool(n.hidden)),
            ]))
        }
        let v = result.viewport
        return .object([
            ("file", .string(file)),
            ("viewport", .object([("name", .string(v.name)), ("width", .number(v.width)), ("height", .number(v.height))])),
            ("frames", .array(frames)),
        ])
    }

    private static func rect(_ r: Rect) -> JSON {
        .object([("x", .number(r.x)), ("y", .number(r.y)), ("width", .number(r.width)), ("height", .number(r.height))])
    }

    /// One line per view, indented by depth:
    /// `kind#id path x,y w×h` and, when it differs from the frame, `content x,y w×h`.
    public static func text(file: String, result: LayoutResult) -> String {
        let v = result.viewport
        var out = "\(file) — viewport \(v.name) \(formatNumber(v.width))×\(formatNumber(v.height))\n"
        guard let root = result.root else { return out + "(nothing shown)\n" }
        var stack: [(FrameNode, Int)] = [(root, 0)]
        while let (n, depth) = stack.popLast() {
            var line = String(repeating: "  ", count: depth) + n.kind
            if let id = n.id { line += "#\(id)" }
            line += " \(n.path) \(describe(n.frame))"
            if n.content != n.frame { line += " content \(describe(n.content))" }
            if n.hidden { line += " hidden" }
            out += line + "\n"
            for o in n.overlays.reversed() { stack.append((o, depth + 1)) }
            // Children in drawing order: by `zIndex` in a zstack or canvas (§6.3, §12.3).
            if n.drawsChildrenByZIndex {
                for c in n.childrenInDrawingOrder.reversed() { stack.append((c, depth + 1)) }
            } else {
                for c in n.children.reversed() { stack.append((c, depth + 1)) }
            }
            for b in n.backgrounds.reversed() { stack.append((b, depth + 1)) }
        }
        return out
    }

    private static func describe(_ r: Rect) -> String {
        "\(formatNumber(r.x)),\(formatNumber(r.y)) \(formatNumber(r.width))×\(formatNumber(r.height))"
    }
}
