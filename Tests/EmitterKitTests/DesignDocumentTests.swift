import EmitterTestSupport
import Foundation
import Testing

/// docs/Design.md names, for every decision, the tests that pin it (`Target/File.swift` `testName`): each
/// named file must exist and define each test named after it, so renaming or deleting a pinning test
/// without the design fails here.
struct DesignDocumentTests {
    /// Every (file, test) pair the document names: within a paragraph or list item, the backticked
    /// identifiers after a backticked `…Tests/….swift` path until the next path.
    static func citations(in text: String) -> [(file: String, test: String)] {
        var pairs: [(String, String)] = []
        let paragraphs = text.components(separatedBy: "\n\n").flatMap { $0.components(separatedBy: "\n- ") }
        for paragraph in paragraphs {
            var file: String?
            let parts = paragraph.split(separator: "`", omittingEmptySubsequences: false)
            for token in stride(from: 1, to: parts.count, by: 2).map({ String(parts[$0]) }) {
                if token.hasSuffix(".swift") {
                    file = token.contains("Tests/") ? token : nil
                } else if let file, let first = token.first, first.isLowercase,
                    token.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
                {
                    pairs.append((file, token))
                }
            }
        }
        return pairs
    }

    @Test func everyTestThisDocumentNamesExists() throws {
        let root = TestSupport.packageRoot
        let design = try String(contentsOfFile: root + "/docs/Design.md", encoding: .utf8)
        let pairs = Self.citations(in: design)
        #expect(pairs.count > 200, "only \(pairs.count) citations read from docs/Design.md")
        var sources: [String: String] = [:]
        for (file, test) in pairs {
            guard let source = sources[file] ?? (try? String(contentsOfFile: root + "/Tests/" + file, encoding: .utf8))
            else {
                Issue.record("docs/Design.md names `\(file)`, which is not a file in Tests/")
                continue
            }
            sources[file] = source
            #expect(
                source.contains("func \(test)("),
                "docs/Design.md names `\(file)` `\(test)`, but Tests/\(file) has no test of that name")
        }
    }

    @Test func citationsAreReadPerParagraphAfterTheirFile() {
        let text =
            "Tests: `A/B.swift` `one`, `two`; `C/D.swift` `three`.\n\nA `name` after a paragraph break.\n"
            + "- `A/B.swift` `four`\n- a `name` in the next list item"
        let pairs = Self.citations(in: text.replacingOccurrences(of: "A/B", with: "ATests/B"))
        #expect(
            pairs.map { "\($0.file) \($0.test)" } == [
                "ATests/B.swift one", "ATests/B.swift two", "ATests/B.swift four",
            ])
    }
}
