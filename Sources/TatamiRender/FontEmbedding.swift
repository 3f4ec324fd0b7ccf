import Foundation
import TatamiModel
import TatamiText

/// File fonts in a graphical render: each face embedded as an `@font-face` rule with a `data:`
/// URL, so the page stays self-contained and offline, and the browser draws with the very faces
/// layout measured (docs/render.md).
enum FontEmbedding {
    /// The CSS family name of a face: unique per file content and face index.
    static func family(_ face: FontFile.Face) -> String {
        "tatami-" + String(face.bytes.hash, radix: 16) + "-" + String(face.index)
    }

    /// A text's `font-family`: its faces in fallback order.
    static func familyList(_ file: FontFile) -> String {
        file.faces.map { "'\(family($0))'" }.joined(separator: ", ")
    }

    /// `@font-face` rules for the faces. A face of a collection is embedded as a font of its own
    /// (`@font-face` cannot pick a face out of a `.ttc`).
    static func fontFaceRules(_ faces: [FontFile.Face]) -> String {
        var css = ""
        for face in faces {
            let bytes = FontCollection.standaloneFace(face.bytes.bytes, index: face.index) ?? face.bytes.bytes
            css += "@font-face{font-family:'\(family(face))';src:url(data:font/sfnt;base64,\(Data(bytes).base64EncodedString()))}"
        }
        return css
    }
}
