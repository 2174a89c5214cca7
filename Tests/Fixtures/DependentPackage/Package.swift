// swift-tools-version:6.0
// Three tiny prototypes that depend on Emitter by path, as a user's package would. They prove that the
// library products build as dependencies (SwiftPM refuses unsafeFlags there): `HeadlessPrototype` uses the
// EmitterKit product alone (no SDL2), `PortedPrototype` the UIKitCompat product alone (no SDL2) and
// `WindowPrototype` the SDLHost product. Run by `check.sh` (and `.ci/run`).
import Foundation
import PackageDescription

// The Emitter checkout three levels up; a path dependency's identity is its folder's name.
let emitterRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let emitterIdentity = emitterRoot.lastPathComponent.lowercased()

let package = Package(
    name: "DependentPrototype",
    dependencies: [.package(path: emitterRoot.path)],
    targets: [
        .executableTarget(
            name: "HeadlessPrototype",
            dependencies: [.product(name: "EmitterKit", package: emitterIdentity)]
        ),
        .executableTarget(
            name: "PortedPrototype",
            dependencies: [.product(name: "UIKitCompat", package: emitterIdentity)]
        ),
        .executableTarget(
            name: "WindowPrototype",
            dependencies: [.product(name: "SDLHost", package: emitterIdentity)]
        ),
    ],
    swiftLanguageModes: [.v5]
)
