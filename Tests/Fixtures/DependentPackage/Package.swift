// swift-tools-version:6.0
// A tiny game prototype that depends on Emitter by path, as a user's package would: it proves that the
// EmitterKit library product builds as a dependency (SwiftPM refuses unsafeFlags there). Run by
// `check.sh` (and `.ci/run`).
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
            name: "Prototype",
            dependencies: [.product(name: "EmitterKit", package: emitterIdentity)]
        )
    ],
    swiftLanguageModes: [.v5]
)
