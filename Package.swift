// swift-tools-version:5.9
import PackageDescription

// Stages, each depending only on the ones before it (see ARCHITECTURE.md):
//   CLibYAML → TatamiYAML ──────────┐
//   TatamiModel ─────────────────────┴→ TatamiValidation ─┐
//   TatamiModel → TatamiLayout → TatamiRender ────────────┴→ TatamiServices → TatamiLSP → TatamiCLI → tatami
//   CFreeType, CHarfBuzz → TatamiText → TatamiValidation, TatamiLayout, TatamiRender (text in font files)
// (TatamiBase is beneath them all.) The model and layout never link libyaml. Each target declares
// every module its files import, not one reached through another target, and the C libraries are
// declared only by the module that wraps each: scripts/check-imports.py checks both.
let package = Package(
    name: "Tatami",
    products: [
        .executable(name: "tatami", targets: ["tatami"]),
        // The stages as one library, for packages built apart from this one (the fuzzers in Fuzz/).
        .library(name: "TatamiKit", targets: [
            "TatamiBase", "TatamiYAML", "TatamiText", "TatamiModel", "TatamiValidation", "TatamiLayout", "TatamiRender",
            "TatamiServices", "TatamiLSP",
        ]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibYAML",
            path: "Sources/CLibYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .systemLibrary(
            name: "CFreeType",
            path: "Sources/CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]
        ),
        .systemLibrary(
            name: "CHarfBuzz",
            path: "Sources/CHarfBuzz",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]
        ),
        // Positions, line tables, diagnostics, geometry: shared vocabulary, no dependencies.
        .target(name: "TatamiBase"),
        // The only module that sees libyaml's C types.
        .target(name: "TatamiYAML", dependencies: ["CLibYAML", "TatamiBase"]),
        // Text with real fonts: font files loaded with FreeType, shaped with HarfBuzz, lines broken
        // by UAX #14. The only module that sees FreeType's and HarfBuzz's C types.
        .target(name: "TatamiText", dependencies: ["CFreeType", "CHarfBuzz", "TatamiBase"]),
        // Schema table, expression language, typed view model. Knows nothing of YAML.
        .target(name: "TatamiModel", dependencies: ["TatamiBase"]),
        // YAML tree → model + diagnostics, read through the schema table; the only stage that
        // reads both YAML and the model.
        .target(name: "TatamiValidation", dependencies: ["TatamiBase", "TatamiYAML", "TatamiText", "TatamiModel"]),
        // Text measurement, the layout engine and its containers. Never sees YAML.
        .target(name: "TatamiLayout", dependencies: ["TatamiBase", "TatamiText", "TatamiModel"]),
        // ASCII render of laid-out frames.
        .target(name: "TatamiRender", dependencies: ["TatamiBase", "TatamiText", "TatamiModel", "TatamiLayout"]),
        // The pipeline and editor services, as plain values (no LSP, no JSON-RPC).
        .target(name: "TatamiServices", dependencies: [
            "TatamiBase", "TatamiYAML", "TatamiModel", "TatamiValidation", "TatamiLayout", "TatamiRender",
        ]),
        // The language server: the only target that knows JSON-RPC, LSP and UTF-16 positions.
        .target(name: "TatamiLSP", dependencies: [
            "TatamiBase", "TatamiYAML", "TatamiModel", "TatamiValidation", "TatamiLayout", "TatamiRender", "TatamiServices",
        ]),
        // Command-line front end.
        .target(name: "TatamiCLI", dependencies: [
            "TatamiBase", "TatamiServices", "TatamiRender", "TatamiLayout", "TatamiModel", "TatamiValidation", "TatamiLSP",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "tatami", dependencies: ["TatamiCLI"]),
        // Answers the text differential test's cases (Tests/text-differential) with the layout's
        // text engine.
        .executableTarget(name: "tatami-text-check", dependencies: ["TatamiBase", "TatamiModel", "TatamiLayout"]),
        .executableTarget(
            name: "tatami-bench",
            dependencies: [
                "TatamiBase", "TatamiYAML", "TatamiModel", "TatamiValidation", "TatamiLayout", "TatamiRender",
                "TatamiServices",
            ]
        ),

        .target(name: "TatamiTestSupport", dependencies: ["TatamiBase"], path: "Tests/TatamiTestSupport"),
        .testTarget(name: "TatamiBaseTests", dependencies: ["TatamiBase", "TatamiTestSupport"]),
        .testTarget(name: "TatamiTextTests", dependencies: ["TatamiText", "TatamiTestSupport"]),
        .testTarget(name: "TatamiYAMLTests", dependencies: ["TatamiYAML", "TatamiBase", "TatamiTestSupport"]),
        .testTarget(name: "TatamiModelTests", dependencies: ["TatamiModel", "TatamiBase", "TatamiTestSupport"]),
        .testTarget(name: "TatamiValidationTests", dependencies: [
            "TatamiValidation", "TatamiModel", "TatamiYAML", "TatamiBase", "TatamiTestSupport",
        ]),
        .testTarget(name: "TatamiLayoutTests", dependencies: [
            "TatamiLayout", "TatamiModel", "TatamiServices", "TatamiBase", "TatamiTestSupport",
        ]),
        .testTarget(name: "TatamiRenderTests", dependencies: [
            "TatamiRender", "TatamiLayout", "TatamiServices", "TatamiModel", "TatamiBase", "TatamiTestSupport",
        ]),
        .testTarget(name: "TatamiServicesTests", dependencies: [
            "TatamiServices", "TatamiValidation", "TatamiRender", "TatamiLayout", "TatamiModel", "TatamiYAML", "TatamiBase",
            "TatamiTestSupport",
        ]),
        .testTarget(name: "TatamiLSPTests", dependencies: [
            "TatamiLSP", "TatamiServices", "TatamiModel", "TatamiBase", "TatamiTestSupport",
        ]),
        .testTarget(name: "TatamiCLITests", dependencies: [
            "TatamiCLI", "TatamiServices", "TatamiValidation", "TatamiRender", "TatamiModel", "TatamiBase", "TatamiTestSupport",
        ]),
    ]
)
