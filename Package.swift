// swift-tools-version:6.0
// Emitter: a Core Animation–style layer, particle and physics engine for Linux.
// The module graph is described in docs/Design.md §1 and docs/Architecture.md.
import PackageDescription

/// The iOS sources ported in Tests/PortsTests, one folder each: the port, its LICENSE and SOURCE.md, and the
/// untouched original with its assets in `original/` (docs/Porting.md).
let ports = [
    "FINNFireworks", "IBMFireworks", "KConfettiView", "LBConfettiView", "LTEmitterView", "LiveWeather",
    "ParsifalSnow", "SAConfettiView", "Twinkle",
]

let package = Package(
    name: "Emitter",
    products: [
        /// The engine as a library, headless: `import EmitterKit` for game prototypes, simulation tests and
        /// rendering to images. Needs no SDL2 (its target closure holds no SDL module; a test checks it).
        .library(name: "EmitterKit", targets: ["EmitterKit"]),
        /// The engine in an SDL2 window: `import SDLHost` (it re-exports EmitterKit). Needs libsdl2-dev.
        .library(name: "SDLHost", targets: ["SDLHost"]),
        /// The command-line tool: `swift run emitter Scenes/fire.json`.
        .executable(name: "emitter", targets: ["emitter"]),
        /// Three small games written against the library alone: `swift run lander`, `swift run breakout`,
        /// `swift run scroller`.
        .executable(name: "lander", targets: ["lander"]),
        .executable(name: "breakout", targets: ["breakout"]),
        .executable(name: "scroller", targets: ["scroller"]),
        /// iOS compatibility for ported code (docs/Porting.md): `import UIKitCompat` for UIKit, and
        /// `import QuartzCore` and `import CoreGraphics`, over EmitterKit. No SDL.
        .library(name: "UIKitCompat", targets: ["UIKitCompat", "QuartzCore", "CoreGraphics"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        // MARK: - C modules: bridges to Debian packages, the benchmark's reference loops, one engine kernel
        .target(
            name: "CChipmunk",
            linkerSettings: [.linkedLibrary("chipmunk"), .linkedLibrary("m")]
        ),
        // CSDL2 takes SDL's header from the compiler's default include path (<SDL2/SDL.h>; Debian's
        // libsdl2-dev) rather than from pkg-config: `pkg-config --cflags sdl2` adds -D_REENTRANT, which
        // SwiftPM drops with a warning in every build (and glibc ignores).
        .systemLibrary(name: "CSDL2"),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // Plain C loops the benchmark measures next to the engine. Its .c files may include CChipmunk.h
        // (for the C physics reference); its public header does not, so no cp* name reaches Swift.
        .target(name: "CBenchReference", dependencies: ["CChipmunk", "CFreeType"]),
        // The engine's one C kernel: stable tombstone removal with an AVX2 lane permutation, which
        // Swift's SIMD types cannot express (a scalar path where the CPU lacks AVX2).
        .target(name: "CStreamCompaction"),

        // MARK: - Engine modules
        .target(name: "LayerKit"),
        .target(name: "ImageCodec", dependencies: ["LayerKit", "CPNG"]),
        .target(name: "PathGeometry", dependencies: ["LayerKit"]),
        .target(name: "Typesetting", dependencies: ["LayerKit", "CFreeType"]),
        .target(name: "Particles", dependencies: ["LayerKit", "CStreamCompaction"]),
        .target(name: "Physics", dependencies: ["CChipmunk", "LayerKit"]),
        .target(
            name: "Compositor", dependencies: ["LayerKit", "Particles", "ImageCodec", "PathGeometry", "Typesetting"]),
        .target(name: "SceneFormat", dependencies: ["LayerKit", "ImageCodec"]),
        .target(name: "ParticleDesigner", dependencies: ["LayerKit", "SceneFormat", "ImageCodec", "CZlib"]),
        .target(
            name: "EmitterKit",
            dependencies: [
                "LayerKit", "ImageCodec", "Particles", "Physics", "Compositor", "SceneFormat", "ParticleDesigner",
            ]
        ),
        .target(name: "SDLHost", dependencies: ["EmitterKit", "CSDL2"]),
        .target(
            name: "Benchmarks",
            dependencies: ["EmitterKit", "SDLHost", "PathGeometry", "Typesetting", "CBenchReference"]),
        .executableTarget(
            name: "emitter",
            dependencies: [
                "EmitterKit", "SDLHost", "Benchmarks",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        /// Generates the PNG sprites in assets/ (`swift run emitter-assets`).
        .executableTarget(
            name: "emitter-assets", dependencies: ["LayerKit", "ImageCodec", "EmitterKit"],
            path: "Sources/AssetGenerator"),

        // MARK: - Games (logic in a library target each, so tests can play them headless)
        .target(name: "LanderCore", dependencies: ["EmitterKit"], path: "Sources/Games/Lander/Core"),
        .executableTarget(name: "lander", dependencies: ["LanderCore", "SDLHost"], path: "Sources/Games/Lander/App"),
        .target(name: "BreakoutCore", dependencies: ["EmitterKit"], path: "Sources/Games/Breakout/Core"),
        .executableTarget(
            name: "breakout", dependencies: ["BreakoutCore", "SDLHost"], path: "Sources/Games/Breakout/App"),
        .target(
            name: "ScrollerCore", dependencies: ["EmitterKit"], path: "Sources/Games/Scroller/Core",
            resources: [.copy("Sounds")]),
        .executableTarget(
            name: "scroller", dependencies: ["ScrollerCore", "SDLHost"], path: "Sources/Games/Scroller/App"),

        // MARK: - iOS compatibility (docs/Porting.md)
        .target(name: "UIKitCompat", dependencies: ["EmitterKit"], path: "Sources/UIKitCompat/UIKitCompat"),
        .target(name: "QuartzCore", dependencies: ["EmitterKit"], path: "Sources/UIKitCompat/QuartzCore"),
        .target(name: "CoreGraphics", dependencies: ["LayerKit"], path: "Sources/UIKitCompat/CoreGraphics"),

        // MARK: - Tests (headless, Swift Testing)
        /// Paths, temporary folders, running the built executables and the goldens, shared by the tests.
        .target(name: "EmitterTestSupport", dependencies: ["LayerKit", "ImageCodec"], path: "Tests/Support"),
        .testTarget(name: "LayerKitTests", dependencies: ["LayerKit"]),
        .testTarget(name: "ImageCodecTests", dependencies: ["ImageCodec", "EmitterTestSupport"]),
        .testTarget(
            name: "PathGeometryTests", dependencies: ["PathGeometry", "ImageCodec", "EmitterTestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "TypesettingTests", dependencies: ["Typesetting", "ImageCodec", "EmitterTestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "ParticlesTests", dependencies: ["Particles", "CStreamCompaction", "EmitterTestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(name: "PhysicsTests", dependencies: ["Physics", "EmitterTestSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "CompositorTests", dependencies: ["Compositor", "SceneFormat", "EmitterTestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "ParticleDesignerTests", dependencies: ["ParticleDesigner", "EmitterKit", "EmitterTestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "SceneFormatTests", dependencies: ["SceneFormat", "EmitterTestSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "EmitterKitTests", dependencies: ["EmitterKit", "EmitterTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "SDLHostTests", dependencies: ["SDLHost", "EmitterTestSupport"]),
        .testTarget(name: "BenchmarksTests", dependencies: ["Benchmarks", "emitter", "EmitterTestSupport"]),
        .testTarget(name: "EmitterCLITests", dependencies: ["emitter", "EmitterTestSupport"]),
        .testTarget(
            name: "CatalogueTests", dependencies: ["EmitterKit", "emitter-assets", "EmitterTestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "GamesTests",
            dependencies: [
                "LanderCore", "BreakoutCore", "ScrollerCore", "EmitterKit", "SDLHost", "EmitterTestSupport",
            ],
            exclude: ["Fixtures"]),
        /// Fuzzed inputs, limits, numerical safety, soak and no-data-loss checks (docs/Limits.md).
        .testTarget(
            name: "RobustnessTests", dependencies: ["EmitterKit", "emitter", "EmitterTestSupport"], exclude: ["Corpus"]),
        .testTarget(name: "UIKitCompatTests", dependencies: ["UIKitCompat", "QuartzCore", "EmitterTestSupport"]),
        /// Real iOS emitter code, ported with only its UIKit-only lines changed (docs/Porting.md).
        .testTarget(
            name: "PortsTests", dependencies: ["UIKitCompat", "QuartzCore", "CoreGraphics", "EmitterTestSupport"],
            exclude: ["Goldens"] + ports.flatMap { ["\($0)/LICENSE", "\($0)/SOURCE.md", "\($0)/original"] }),
    ],
    swiftLanguageModes: [.v5]
)
