import EmitterKit
import Foundation
import Testing

/// docs/Limits.md is kept true: each row's value is its constant's value, and each message it quotes
/// is one the engine produces when the limit is exceeded.
@Suite struct LimitsDocumentationTests {
    /// One row of the limits table.
    struct Row: CustomStringConvertible {
        var limit: String
        var value: Double
        var constant: String
        var messages: [String]
        var line: Int

        var description: String { "docs/Limits.md:\(line) (\(limit))" }
    }

    static let rows: [Row] = {
        let text = (try? String(contentsOfFile: packageRoot + "/docs/Limits.md", encoding: .utf8)) ?? ""
        let lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "<!-- limits -->") else { return [] }
        var rows: [Row] = []
        for (k, line) in lines.enumerated().dropFirst(start + 3) {
            guard line.hasPrefix("|") else { break }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 5 else {
                rows.append(Row(limit: line, value: .nan, constant: "", messages: [], line: k + 1))
                continue
            }
            rows.append(
                Row(
                    limit: cells[0], value: Double(cells[1]) ?? .nan,
                    constant: cells[2].trimmingCharacters(in: CharacterSet(charactersIn: "`")),
                    messages: backticked(cells[4]), line: k + 1))
        }
        return rows
    }()

    /// The messages quoted in a cell: its `code spans` that contain a space (the others name code).
    static func backticked(_ cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }
            .map { String($0.element) }.filter { $0.contains(" ") }
    }

    /// Whether `actual` is `documented` with each `…` standing for any text.
    static func matches(_ documented: String, _ actual: String) -> Bool {
        let parts = documented.components(separatedBy: "…")
        var rest = Substring(actual)
        for (i, part) in parts.enumerated() {
            if part.isEmpty { continue }
            if i == 0 {
                guard rest.hasPrefix(part) else { return false }
                rest = rest.dropFirst(part.count)
            } else if i == parts.count - 1 {
                guard rest.hasSuffix(part) else { return false }
            } else {
                guard let r = rest.range(of: part) else { return false }
                rest = rest[r.upperBound...]
            }
        }
        return true
    }

    @Test func theTableHasARowForEveryLimit() {
        #expect(Self.rows.count >= 20, "rows: \(Self.rows.count)")
        for row in Self.rows {
            #expect(!row.value.isNaN, "\(row): the row has five cells and a number as its value")
        }
    }

    @Test func everyValueIsItsConstant() {
        for row in Self.rows {
            let actual = LimitTriggers.values[row.constant]
            #expect(
                actual == row.value,
                "\(row): \(row.constant) is \(actual.map { String($0) } ?? "unknown"), documented \(row.value)")
        }
    }

    @Test(
        arguments: rows.filter {
            !$0.messages.isEmpty && !$0.constant.contains("LayerCount") && !$0.constant.contains("BodyCount")
        })
    func everyDocumentedMessageIsTheEnginesMessage(_ row: Row) throws {
        let actual = try LimitTriggers.messages(for: row.constant)
        for documented in row.messages {
            #expect(
                actual.contains {
                    Self.matches(documented, $0)
                        || $0.components(separatedBy: "\n").contains { Self.matches(documented, $0) }
                },
                "\(row): documented `\(documented)`; the engine said: \(actual)")
        }
    }

    /// The two limits that need a hundred thousand (ten thousand) layers to trip, in one test.
    @Test func theLayerAndBodyCountMessagesAreTheEngines() throws {
        for row in Self.rows where row.constant.contains("LayerCount") || row.constant.contains("BodyCount") {
            let actual = try LimitTriggers.messages(for: row.constant)
            #expect(actual.count == 1, "\(row): one error however many layers are over: \(actual.count)")
            for documented in row.messages {
                #expect(
                    actual.contains { Self.matches(documented, $0) },
                    "\(row): documented `\(documented)`; the engine said: \(actual)")
            }
        }
    }
}
