// Answers the text differential test's cases (Tests/text-differential/README.md) with Tatami's
// text engine: `tatami-text-check CASES.json OUT.json`. Each case's text is measured in its font
// stack at its size and width exactly as layout measures a text in a file font.
import Foundation
import TatamiBase
import TatamiLayout
import TatamiModel

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: tatami-text-check CASES.json OUT.json\n".utf8))
    exit(2)
}
do {
    let input = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: arguments[1]))) as! [String: Any]
    var faces: [String: FontFile.Face] = [:]
    for (name, value) in input["faces"] as! [String: [String: Any]] {
        let path = value["path"] as! String
        let bytes = FontBytes([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        faces[name] = FontFile.Face(path: path, index: value["index"] as? Int ?? 0, bytes: bytes)
    }
    var results: [[String: Any]] = []
    for case let c as [String: Any] in input["cases"] as! [Any] {
        let font = FontFile(faces: (c["fonts"] as! [String]).map { faces[$0]! }, size: (c["size"] as! NSNumber).doubleValue)
        guard let probe = TextProbe.measure(c["text"] as! String, font: font, width: (c["width"] as! NSNumber).doubleValue,
                                            lineLimit: c["lineLimit"] as? Int) else {
            FileHandle.standardError.write(Data("\(c["id"]!): a face of its font cannot be loaded\n".utf8))
            exit(1)
        }
        var out: [String: Any] = [
            "id": c["id"]!, "width64": probe.width64, "height64": probe.height64, "baseline64": probe.baseline64,
            "lines": zip(probe.lineStarts, probe.lineWidths64).map { ["start": $0, "width64": $1] },
        ]
        out["truncation"] = probe.truncation.map { ["lastLineStart": $0.lastLineStart, "kept": $0.kept, "ellipsis": $0.ellipsis] }
            ?? NSNull()
        results.append(out)
    }
    let data = try JSONSerialization.data(withJSONObject: ["version": 1, "engine": "tatami", "cases": results], options: [.sortedKeys])
    try data.write(to: URL(fileURLWithPath: arguments[2]))
} catch {
    FileHandle.standardError.write(Data("tatami-text-check: \(error)\n".utf8))
    exit(1)
}
