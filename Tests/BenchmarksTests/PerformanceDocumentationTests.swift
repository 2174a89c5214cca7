import EmitterTestSupport
import Foundation
import Testing

@testable import Benchmarks

/// docs/Performance.md lists what every figure of the command measures: its figures table must name
/// every registered figure, and nothing else, so adding or renaming a figure without the document fails.
struct PerformanceDocumentationTests {
    /// The first column of the rows between `<!-- figures -->` and `<!-- end figures -->`: the backticked
    /// name patterns of each row.
    func documentedPatterns() throws -> [String] {
        let text = try String(contentsOfFile: TestSupport.packageRoot + "/docs/Performance.md", encoding: .utf8)
        guard let start = text.range(of: "<!-- figures -->"), let end = text.range(of: "<!-- end figures -->") else {
            Issue.record("docs/Performance.md has no <!-- figures --> … <!-- end figures --> table")
            return []
        }
        var patterns: [String] = []
        for line in text[start.upperBound..<end.lowerBound].split(separator: "\n") where line.hasPrefix("| `") {
            let firstColumn = line.dropFirst(2).prefix { $0 != "|" }
            let parts = firstColumn.split(separator: "`", omittingEmptySubsequences: false)
            patterns += stride(from: 1, to: parts.count, by: 2).map { String(parts[$0]) }
        }
        return patterns
    }

    /// Every name a pattern stands for: `{a,b}` is each of a and b; `<name>` is any one name component.
    static func expand(_ pattern: String) -> [String] {
        guard let open = pattern.firstIndex(of: "{"), let close = pattern[open...].firstIndex(of: "}") else {
            return [pattern]
        }
        let head = pattern[..<open]
        let tail = String(pattern[pattern.index(after: close)...])
        return pattern[pattern.index(after: open)..<close].split(separator: ",").flatMap { choice in
            expand(head + choice + tail)
        }
    }

    static func matches(_ name: String, _ pattern: String) -> Bool {
        let regex = NSRegularExpression.escapedPattern(for: pattern)
            .replacingOccurrences(of: "<name>", with: "[^.]+")
        return name.range(of: "^" + regex + "$", options: .regularExpression) != nil
    }

    @Test func theFiguresTableListsEveryFigureOfTheCommandAndNoOther() throws {
        let names = BenchmarkRegistry.all.map(\.name)
        let patterns = try documentedPatterns().flatMap(Self.expand)
        #expect(!patterns.isEmpty)
        for name in names {
            #expect(
                patterns.contains { Self.matches(name, $0) }, "\(name) is not in docs/Performance.md's figures table")
        }
        for pattern in patterns {
            #expect(
                names.contains { Self.matches($0, pattern) },
                "docs/Performance.md lists `\(pattern)`, which is not a figure of the command: \(names)")
        }
    }

    @Test func patternsExpandBracesAndMatchOneNameComponentForName() {
        #expect(Self.expand("a.{b,c}.{1,2}t") == ["a.b.1t", "a.b.2t", "a.c.1t", "a.c.2t"])
        #expect(Self.matches("scenes.fire", "scenes.<name>") && !Self.matches("scenes.a.b", "scenes.<name>"))
        #expect(Self.matches("physics.frame.boxes1000+sync", "physics.frame.boxes1000+sync"))
        #expect(!Self.matches("particles.update.1M", "particles.update.1"))
    }
}
