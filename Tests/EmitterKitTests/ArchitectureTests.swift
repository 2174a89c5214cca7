import EmitterTestSupport
import Foundation
import Testing

/// docs/Architecture.md's module graph is the code's: every Swift module imports exactly the modules its
/// line names, and every C module is imported by its one bridging module and no other, so C names
/// (`cp*`, `SDL_*`, `png_*`, `FT_*`) never reach the rest of the engine (docs/Design.md §1).
struct ArchitectureTests {
    /// Modules whose sources are not in `Sources/<name>` (Package.swift's `path:`).
    static let folders = [
        "emitter-assets": "Sources/AssetGenerator",
        "LanderCore": "Sources/Games/Lander/Core", "lander": "Sources/Games/Lander/App",
        "BreakoutCore": "Sources/Games/Breakout/Core", "breakout": "Sources/Games/Breakout/App",
        "ScrollerCore": "Sources/Games/Scroller/Core", "scroller": "Sources/Games/Scroller/App",
        "UIKitCompat": "Sources/UIKitCompat/UIKitCompat", "QuartzCore": "Sources/UIKitCompat/QuartzCore",
        "CoreGraphics": "Sources/UIKitCompat/CoreGraphics",
    ]
    /// Imports that are the platform, not the package's graph.
    static let platform: Set = ["Foundation", "Glibc", "Dispatch", "Synchronization", "Darwin"]

    /// The lines of the graph between `<!-- modules -->` and `<!-- end modules -->`.
    func graphLines() throws -> [Substring] {
        let text = try String(contentsOfFile: TestSupport.packageRoot + "/docs/Architecture.md", encoding: .utf8)
        guard let start = text.range(of: "<!-- modules -->"), let end = text.range(of: "<!-- end modules -->") else {
            Issue.record("docs/Architecture.md has no <!-- modules --> … <!-- end modules --> graph")
            return []
        }
        return text[start.upperBound..<end.lowerBound].split(separator: "\n")
    }

    /// `Name <arrow> A, B   description` lines: the name and the set of modules the arrow points at (the
    /// list ends where two spaces start the description; `—` is the empty list).
    func edges(_ arrow: String) throws -> [String: Set<String>] {
        let pattern = try NSRegularExpression(pattern: "^(\\S+) +" + arrow + " +(.*?)(?: {2,}.*)?$")
        var edges: [String: Set<String>] = [:]
        for line in try graphLines() {
            let text = String(line)
            guard let m = pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
                let name = Range(m.range(at: 1), in: text), let list = Range(m.range(at: 2), in: text)
            else { continue }
            edges[String(text[name])] =
                text[list] == "—"
                ? [] : Set(text[list].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        }
        return edges
    }

    /// The modules a module's Swift files import (`import X`, `@_exported import X`, `@_spi(…) import X`).
    static func imports(of module: String) throws -> Set<String> {
        let folder = TestSupport.packageRoot + "/" + (folders[module] ?? "Sources/\(module)")
        guard let files = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: Set<String> = []
        for case let file as String in files where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let i = words.firstIndex(of: "import"), i + 1 < words.count,
                    words[..<i].allSatisfy({ $0.hasPrefix("@") })
                else { continue }
                found.insert(String(words[i + 1]))
            }
        }
        return found.subtracting(platform)
    }

    @Test func everySwiftModuleImportsExactlyWhatTheGraphSays() throws {
        let graph = try edges("->")
        #expect(graph.count >= 18, "graph lines read: \(graph.keys.sorted())")
        for (module, documented) in graph.sorted(by: { $0.key < $1.key }) {
            let actual = try Self.imports(of: module)
            #expect(
                actual == documented,
                "\(module) imports \(actual.sorted()); docs/Architecture.md says \(documented.sorted())")
        }
        let sources = try FileManager.default.contentsOfDirectory(atPath: TestSupport.packageRoot + "/Sources")
        let listed = Set(graph.keys).union(try edges("<-").keys)
        for folder in sources where !["Games", "AssetGenerator"].contains(folder) {
            #expect(listed.contains(folder), "Sources/\(folder) is not in docs/Architecture.md's graph")
        }
    }

    @Test func everyCModuleIsImportedByItsOneBridgeOnly() throws {
        let bridges = try edges("<-")
        #expect(bridges.count == 7, "C modules read: \(bridges.keys.sorted())")
        let swiftModules = try edges("->").keys
        for (cModule, bridge) in bridges.sorted(by: { $0.key < $1.key }) {
            let importers = try swiftModules.filter { try Self.imports(of: $0).contains(cModule) }
            #expect(
                Set(importers) == bridge && bridge.count == 1,
                "\(cModule) is imported by \(importers.sorted()); it must be imported by \(bridge.sorted()) alone")
        }
    }

    /// Swift compiles a call into another module's `@inlinable` member of a top-level `package` type as a
    /// call (its body is not serialized) unless the type itself is `@usableFromInline`; the physics coupling's loop
    /// over the step view paid a function call per particle for it (docs/Design.md §1.2).
    @Test func packageTypesWithInlinableMembersAreUsableFromInline() throws {
        let folder = TestSupport.packageRoot + "/Sources"
        let files = FileManager.default.enumerator(atPath: folder)
        let declaration = try NSRegularExpression(
            pattern: "^((?:@\\w+\\s+)*)package\\s+(?:final\\s+)?(?:struct|class|enum)\\s+(\\w+)")
        var offenders: [String] = []
        while let file = files?.nextObject() as? String {
            guard file.hasSuffix(".swift") else { continue }
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            guard text.contains("@inlinable") else { continue }
            var previous = ""
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                let range = NSRange(line.startIndex..., in: line)
                if let m = declaration.firstMatch(in: line, range: range), let name = Range(m.range(at: 2), in: line),
                    let attributes = Range(m.range(at: 1), in: line)
                {
                    let marked =
                        line[attributes].contains("@usableFromInline") || previous.contains("@usableFromInline")
                    if !marked { offenders.append("\(file): \(line[name])") }
                }
                previous = line
            }
        }
        #expect(
            offenders.isEmpty, "package types in files with @inlinable members, not @usableFromInline: \(offenders)")
    }
}
