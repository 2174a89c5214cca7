import EmitterTestSupport
import Foundation
import Testing

/// docs/Design.md names, for every decision, the tests that pin it (`Target/File.swift` `testName`): each
/// named file must exist and define each test named after it, so renaming or deleting a pinning test
/// without the design fails here. And every `docs/Design.md §n` the code and the documents cite must be a
/// section of it.
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

    /// The section numbers of docs/Design.md: `## 3. …` gives 3, `### 3.5 …` gives 3.5.
    static func sections(of design: String) -> Set<String> {
        var numbers: Set<String> = []
        for line in design.split(separator: "\n") where line.hasPrefix("## ") || line.hasPrefix("### ") {
            let words = line.split(separator: " ")
            if words.count > 1, let first = words[1].first, first.isNumber {
                numbers.insert(String(words[1].hasSuffix(".") ? words[1].dropLast() : words[1]))
            }
        }
        return numbers
    }

    /// The sections cited as `docs/Design.md §3.5` (or `docs/Design.md §3.5, §3.11`) in `text`.
    static func citedSections(in text: String) -> [String] {
        var cited: [String] = []
        var rest = Substring(text)
        while let found = rest.range(of: "docs/Design.md §") {
            rest = rest[found.upperBound...]
            var list = String(rest.prefix { $0.isNumber || $0 == "." || $0 == "," || $0 == " " || $0 == "§" })
            while let last = list.last, !last.isNumber { list.removeLast() }
            cited += list.split(separator: "§").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ", ")) }
                .filter { !$0.isEmpty }
        }
        return cited
    }

    @Test func everySectionTheCodeAndTheDocumentsCiteExists() throws {
        let root = TestSupport.packageRoot
        let sections = Self.sections(of: try String(contentsOfFile: root + "/docs/Design.md", encoding: .utf8))
        #expect(sections.isSuperset(of: ["1", "1.3", "3", "3.14", "3.27", "4", "5", "6", "7"]), "\(sections.sorted())")
        var files = ["README.md", "Package.swift"]
        for folder in ["Sources", "Tests", "docs"] {
            let found = FileManager.default.enumerator(atPath: root + "/" + folder)?.allObjects as? [String] ?? []
            files += found.filter { $0.hasSuffix(".swift") || $0.hasSuffix(".md") }.map { folder + "/" + $0 }
        }
        for file in files {
            guard let text = try? String(contentsOfFile: root + "/" + file, encoding: .utf8) else { continue }
            for section in Self.citedSections(in: text) {
                #expect(sections.contains(section), "\(file) cites docs/Design.md §\(section), which does not exist")
            }
        }
    }

    @Test func citedSectionsAreReadWithTheirLists() {
        let text = "(docs/Design.md §3.5, §3.11). See docs/Design.md §7's wording and docs/Design.md §1."
        #expect(Self.citedSections(in: text) == ["3.5", "3.11", "7", "1"])
    }

    @Test func nothingCitesTheDesignOutsideTheRepository() throws {
        let root = TestSupport.packageRoot
        let outside = "DESIGN" + ".md"
        var files = ["README.md", "Package.swift", "Makefile"]
        for folder in ["Sources", "Tests", "docs", "scripts"] {
            let found = FileManager.default.enumerator(atPath: root + "/" + folder)?.allObjects as? [String] ?? []
            let texts = found.filter { name in
                [".swift", ".md", ".json", ".py", ".sh"].contains { name.hasSuffix($0) }
            }
            files += texts.map { folder + "/" + $0 }
        }
        for file in files {
            guard let text = try? String(contentsOfFile: root + "/" + file, encoding: .utf8) else { continue }
            #expect(
                !text.contains(outside), "\(file) cites \(outside), a file outside the repository; cite docs/Design.md")
        }
    }
}
