// swift-tools-version:5.9
import PackageDescription

// libFuzzer targets for Tatami, in a package of their own so that the root package's
// `swift build` and `swift test` never see `-sanitize=fuzzer`. Build and run with `run.sh`
// (docs/fuzzing.md): `swift build -c release -Xswiftc -sanitize=fuzzer --scratch-path ../.build-fuzz`.
let package = Package(
    name: "TatamiFuzz",
    dependencies: [
        .package(name: "Tatami", path: ".."),
    ],
    targets: [
        // Reading structured choices out of a fuzzer's bytes, and the libFuzzer entry point.
        .target(name: "FuzzSupport"),
        // Arbitrary bytes → Pipeline.analyze (every viewport, layout) → ASCII render.
        .executableTarget(name: "fuzz-pipeline", dependencies: [
            "FuzzSupport", .product(name: "TatamiKit", package: "Tatami"),
        ]),
        // The language server's input handling: framed streams and requests on open documents.
        .executableTarget(name: "fuzz-server", dependencies: [
            "FuzzSupport", .product(name: "TatamiKit", package: "Tatami"),
        ]),
        // Valid documents generated from the bytes; layout and render invariants checked.
        .executableTarget(name: "fuzz-invariants", dependencies: [
            "FuzzSupport", .product(name: "TatamiKit", package: "Tatami"),
        ]),
        // Arbitrary bytes as a font file: loaded, cut out of a collection, sized and shaped.
        .executableTarget(name: "fuzz-fonts", dependencies: [
            "FuzzSupport", .product(name: "TatamiKit", package: "Tatami"),
        ]),
    ]
)
