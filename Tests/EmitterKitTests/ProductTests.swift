import EmitterTestSupport
import Foundation
import Testing

/// The package's library products as SwiftPM resolves them from the manifest (`swift package describe`):
/// the headless `EmitterKit` product must build on a machine without SDL2, so no module of its target
/// closure may be or reach the SDL bridge, nor may the `UIKitCompat` product's (ported iOS code runs headless);
/// the `SDLHost` product is the one that brings the window.
/// (Tests/Fixtures/DependentPackage/check.sh builds both products as a dependency and checks what links.)
struct ProductTests {
    /// The C module that bridges SDL2: every module that reaches it needs libsdl2-dev to build.
    static let sdlBridge = "CSDL2"

    /// The manifest's products and targets, described by SwiftPM into a scratch folder of its own (the
    /// package's `.build` is locked by the running `swift test`).
    struct Description: Decodable {
        struct Product: Decodable {
            let name: String
            let targets: [String]
        }
        struct Target: Decodable {
            let name: String
            let target_dependencies: [String]?
        }
        let products: [Product]
        let targets: [Target]

        /// The description, made once for the tests.
        static let shared = Result { try load() }

        static func load() throws -> Description {
            let scratch = try TestSupport.temporaryFolder("describe")
            let run = try TestSupport.run(
                "/usr/bin/env", ["swift", "package", "--scratch-path", scratch, "describe", "--type", "json"])
            guard run.status == 0 else {
                throw DescribeFailure(message: "swift package describe failed (\(run.status)): \(run.stderr)")
            }
            return try JSONDecoder().decode(Description.self, from: Data(run.stdout.utf8))
        }

        struct DescribeFailure: Error, CustomStringConvertible {
            let message: String
            var description: String { message }
        }

        /// The targets `roots` depend on, directly or not, `roots` included (targets of this package only).
        func closure(of roots: [String]) -> Set<String> {
            let dependencies = Dictionary(targets.map { ($0.name, $0.target_dependencies ?? []) }) { a, _ in a }
            var seen = Set<String>()
            var pending = roots
            while let name = pending.popLast() {
                guard seen.insert(name).inserted else { continue }
                pending += dependencies[name] ?? []
            }
            return seen
        }

        /// The target closure of the product `name`.
        func closure(ofProduct name: String) throws -> Set<String> {
            let product = try #require(products.first { $0.name == name }, "no product named \(name)")
            return closure(of: product.targets)
        }

        /// The modules that are the SDL bridge or reach it.
        var sdlModules: Set<String> {
            Set(targets.map(\.name).filter { closure(of: [$0]).contains(ProductTests.sdlBridge) })
        }
    }

    @Test func emitterKitProductHoldsNoSDLModule() throws {
        let description = try Description.shared.get()
        let headless = try description.closure(ofProduct: "EmitterKit")
        let sdl = description.sdlModules
        // The engine's modules are there, so the closure is the real one and not an empty set.
        for module in ["EmitterKit", "LayerKit", "Particles", "Physics", "Compositor", "SceneFormat"] {
            #expect(headless.contains(module), "the EmitterKit product lacks \(module): \(headless.sorted())")
        }
        #expect(
            headless.isDisjoint(with: sdl),
            "the EmitterKit product reaches SDL through \(headless.intersection(sdl).sorted()); move them to SDLHost")
    }

    @Test func uiKitCompatProductHoldsNoSDLModule() throws {
        let description = try Description.shared.get()
        let compat = try description.closure(ofProduct: "UIKitCompat")
        for module in ["UIKitCompat", "QuartzCore", "CoreGraphics", "EmitterKit", "LayerKit"] {
            #expect(compat.contains(module), "the UIKitCompat product lacks \(module): \(compat.sorted())")
        }
        #expect(
            compat.isDisjoint(with: description.sdlModules),
            "the UIKitCompat product reaches SDL through \(compat.intersection(description.sdlModules).sorted())")
    }

    @Test func sdlHostProductBringsTheWindowAndTheEngine() throws {
        let description = try Description.shared.get()
        let window = try description.closure(ofProduct: "SDLHost")
        #expect(
            window.contains(Self.sdlBridge), "the SDLHost product does not reach \(Self.sdlBridge): \(window.sorted())")
        #expect(window.contains("EmitterKit"), "the SDLHost product does not bring EmitterKit: \(window.sorted())")
    }

    @Test func onlySDLHostImportsTheSDLBridge() throws {
        let description = try Description.shared.get()
        let importers = description.targets.filter { ($0.target_dependencies ?? []).contains(Self.sdlBridge) }
        #expect(importers.map(\.name) == ["SDLHost"], "C names of SDL must stay in SDLHost")
    }
}
