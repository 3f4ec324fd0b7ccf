// fuzz-fonts: arbitrary bytes as a font file. The first byte chooses the face index (its value
// mod 3), the rest is the file. `FontCollection.standaloneFace` cuts the face out of the bytes
// (when they are a collection) and the result is loaded again; `FontFace.load` loads the face
// and, when it loads, the face is sized at three sizes and a few texts are shaped through a
// `FontChain` of it (alone, and twice over, which takes the fallback path).
//
// FreeType and HarfBuzz are the system's libraries, not instrumented: libFuzzer's coverage comes
// from the Swift side only, so hostile bytes reach them by mutation rather than by guidance. A
// trap, a sanitizer report or a broken promise below (`fatalError`) is a finding.
import Foundation
import FuzzSupport
import TatamiText

let texts: [Substring] = [
    "AVA fi office ->",  // the seeds' kern pair and ligature; Inter's arrow
    "Hello, world.",
    "e\u{301} \u{17A} \u{FB01}",  // a combining mark, a precomposed letter, a ligature character
    "東京の「こんにちは」",
    "\u{5E9}\u{5DC}\u{5D5}\u{5DD} \u{627}\u{644}\u{633}\u{644}\u{627}\u{645}",  // right to left
    "👍🏽 👨‍👩‍👧 🇯🇵 ❤️ …",
    "\t\u{200D}\u{FE0F}\u{0}",
    "",
]
let sizes: [Double] = [0.25, 17, 10_000]
/// `FUZZ_TRACE=1`: each input's outcome on standard error (to see what a corpus holds).
let trace = ProcessInfo.processInfo.environment["FUZZ_TRACE"] != nil

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size >= 1 else { return 0 }
    let index = Int(data[0] % 3)
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))

    if let standalone = FontCollection.standaloneFace(bytes, index: index) {
        checkStandalone(standalone, from: bytes, index: index)
        if case .success(let face) = FontFace.load(bytes: standalone, index: 0) {
            exercise(face, sizes: [17])
        }
    }
    let loaded = FontFace.load(bytes: bytes, index: index)
    if trace {
        let outcome: String
        switch loaded {
        case .success(let face): outcome = "loaded: \(face.glyphCount) glyphs, \(face.faceCount) face(s), upem \(face.unitsPerEm)"
        case .failure(let error): outcome = "refused: \(error)"
        }
        FileHandle.standardError.write(Data("fuzz-fonts: \(bytes.count) bytes, index \(index): \(outcome)\n".utf8))
    }
    switch loaded {
    case .success(let face):
        guard index < face.faceCount else { fatalError("face \(index) loaded from a file of \(face.faceCount)") }
        guard face.unitsPerEm > 0 || face.bitmapStrike != nil else { fatalError("a face with neither units per em nor a strike") }
        exercise(face, sizes: sizes)
    case .failure(.noSuchFace(let i, let count)):
        guard i == index, count >= 1, index >= count else { fatalError("noSuchFace(\(i), \(count)) for index \(index)") }
    case .failure:
        break
    }
    return 0
}

/// Sizes `face` and shapes every text through a chain of it; checks what the chain promises:
/// one grapheme per `Character`, their lengths adding up to the text's bytes, faces of the chain.
func exercise(_ face: FontFace, sizes: [Double]) {
    for s in sizes {
        let font = face.unshared(size: s)
        for (name, v) in [("ascent", font.ascent), ("descent", font.descent), ("line gap", font.lineGap)] {
            guard v.isFinite, v >= 0 else { fatalError("\(name) \(v) at size \(s)") }
        }
        for chain in [FontChain([font]), FontChain([font, font])] {
            for text in texts {
                let shaped = chain.shape(text)
                guard shaped.count == text.count else {
                    fatalError("\(shaped.count) graphemes shaped for \(text.count) characters of \(text.debugDescription)")
                }
                guard shaped.reduce(0, { $0 + Int($1.length) }) == text.utf8.count else {
                    fatalError("shaped lengths do not add up to the bytes of \(text.debugDescription)")
                }
                guard shaped.allSatisfy({ Int($0.face) < chain.fonts.count }) else { fatalError("a face outside the chain") }
                // The cached path too (words are kept per chain).
                _ = chain.shape(word: text)
            }
            _ = chain.ellipsisAdvance
            _ = chain.spaceAdvance
        }
    }
}

/// A face cut out of a collection is an sfnt of its own: its table records lie inside it, each
/// on a 4-byte boundary past the directory, and hold the bytes of the collection's table records
/// for that face, in the same order.
func checkStandalone(_ out: [UInt8], from bytes: [UInt8], index: Int) {
    func u16(_ b: [UInt8], _ at: Int) -> Int { Int(b[at]) << 8 | Int(b[at + 1]) }
    func u32(_ b: [UInt8], _ at: Int) -> Int { u16(b, at) << 16 | u16(b, at + 2) }
    guard out.count >= 12 else { fatalError("a standalone face of \(out.count) bytes") }
    let tables = u16(out, 4)
    guard out.count >= 12 + 16 * tables else { fatalError("\(tables) table records past the end") }
    // standaloneFace answered, so the collection's header and this face's records are readable.
    let start = u32(bytes, 12 + 4 * index)
    guard u16(bytes, start + 4) == tables else { fatalError("\(tables) tables, the collection's face has \(u16(bytes, start + 4))") }
    for t in 0..<tables {
        let record = 12 + 16 * t, source = start + 12 + 16 * t
        let offset = u32(out, record + 8), length = u32(out, record + 12)
        guard offset % 4 == 0, offset >= 12 + 16 * tables, offset + length <= out.count else {
            fatalError("table \(t) at \(offset), \(length) bytes, in \(out.count)")
        }
        let from = u32(bytes, source + 8)
        guard out[record..<record + 8] == bytes[source..<source + 8], u32(bytes, source + 12) == length,
              out[offset..<offset + length] == bytes[from..<from + length] else {
            fatalError("table \(t) differs from the collection's")
        }
    }
}

runFuzzer(fuzzOne)
