import EmitterTestSupport
import Foundation
import Testing

/// The tagging rule of the ports (docs/Porting.md, "How the ports are checked"): each port folder keeps the
/// original file byte for byte in `original/<name>.original` (its git blob id is in SOURCE.md; the suffix
/// keeps the compiler and the lint away from it), and the port `<name>` is that file
/// with a first line `// swift-format-ignore-file` and every other line either identical to an original
/// line, in order, or ending in a `// PORT: <reason>` tag. This suite checks the rule and prints how many
/// original lines the ports keep unchanged.
@Suite struct PortLinesTests {
    /// A ported file: its original and its port.
    struct PortedFile: CustomStringConvertible {
        let port: String
        let file: String
        var original: String { PortFiles.folder(port) + "/original/" + file + ".original" }
        var ported: String { PortFiles.folder(port) + "/" + file }
        var description: String { "\(port)/\(file)" }
    }

    /// Every ported file: each `*.swift.original` in a port's `original/` folder.
    static let files: [PortedFile] = {
        let fm = FileManager.default
        let ports = (try? fm.contentsOfDirectory(atPath: PortFiles.root)) ?? []
        return ports.sorted().flatMap { port -> [PortedFile] in
            let names = (try? fm.contentsOfDirectory(atPath: PortFiles.folder(port) + "/original")) ?? []
            return names.filter { $0.hasSuffix(".swift.original") }.sorted().map {
                PortedFile(port: port, file: String($0.dropLast(".original".count)))
            }
        }
    }()

    /// The lines of a file (a final newline ends the last line rather than starting an empty one).
    static func lines(_ path: String) throws -> [String] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Which lines of `port` are original lines, in order: a longest common subsequence of the two files.
    static func matchedPortLines(original: [String], port: [String]) -> Set<Int> {
        let n = original.count
        let m = port.count
        var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i][j] =
                    original[i] == port[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var matched: Set<Int> = []
        var i = 0
        var j = 0
        while i < n && j < m {
            if original[i] == port[j] {
                matched.insert(j)
                i += 1
                j += 1
            } else if table[i + 1][j] >= table[i][j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return matched
    }

    @Test func thereAreAtLeastEightPortedSourcesFromSevenRepositories() {
        #expect(Self.files.count >= 8, "\(Self.files)")
        #expect(Set(Self.files.map(\.port)).count >= 7)
    }

    @Test(arguments: files) func everyChangedLineIsTaggedAndEveryOtherLineIsTheOriginals(_ file: PortedFile) throws {
        let original = try Self.lines(file.original)
        let port = try Self.lines(file.ported)
        #expect(port.first == "// swift-format-ignore-file", "\(file): line 1 keeps swift format off the original")
        let matched = Self.matchedPortLines(original: original, port: port)
        for (index, line) in port.enumerated().dropFirst() {
            let tagged = line.contains("// PORT:")
            if matched.contains(index) {
                #expect(!tagged, "\(file):\(index + 1) is an original line but carries a PORT tag")
            } else {
                #expect(tagged, "\(file):\(index + 1) differs from the original and has no // PORT: tag: \(line)")
            }
        }
    }

    @Test(arguments: files) func theOriginalIsTheRepositorysFileByteForByte(_ file: PortedFile) throws {
        let source = try String(contentsOfFile: PortFiles.folder(file.port) + "/SOURCE.md", encoding: .utf8)
        let row = source.split(separator: "\n").first { $0.hasPrefix("| `\(file.file)` |") }
        let cells = try #require(row, "SOURCE.md of \(file.port) has no row for \(file.file)").split(separator: "|")
            .map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
        let recorded = try #require(cells.last, "\(file): no blob id")
        let data = try Data(contentsOf: URL(fileURLWithPath: file.original))
        #expect(GitBlob.id(of: data) == recorded, "\(file): the original is not the blob SOURCE.md names")
        #expect(FileManager.default.fileExists(atPath: PortFiles.folder(file.port) + "/LICENSE"))
    }

    @Test func mostOriginalLinesAreUnchanged() throws {
        var kept = 0
        var total = 0
        var report: [String] = []
        for file in Self.files {
            let original = try Self.lines(file.original)
            let port = try Self.lines(file.ported)
            let unchanged = Self.matchedPortLines(original: original, port: port).count
            kept += unchanged
            total += original.count
            report.append("\(file): \(unchanged) of \(original.count) original lines unchanged")
        }
        let share = Double(kept) / Double(max(1, total))
        print(report.joined(separator: "\n"))
        print("Ports: \(kept) of \(total) original lines unchanged (\(String(format: "%.1f", share * 100)) %)")
        #expect(share >= 0.95, "the goal is 95 % of the original lines unchanged: \(kept) of \(total)")
    }
}

/// Git's object id of a file's contents (SHA-1 of `blob <length>\0<bytes>`), to check a copy against the
/// repository without git.
enum GitBlob {
    static func id(of data: Data) -> String {
        var message = Array("blob \(data.count)\u{0}".utf8) + Array(data)
        let bitLength = UInt64(message.count) * 8
        message.append(0x80)
        while message.count % 64 != 56 { message.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) {
            message.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        for chunk in stride(from: 0, to: message.count, by: 64) {
            var w = [UInt32](repeating: 0, count: 80)
            for i in 0..<16 {
                let b = message[(chunk + 4 * i)..<(chunk + 4 * i + 4)].map(UInt32.init)
                w[i] = b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3]
            }
            for i in 16..<80 {
                let x = w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]
                w[i] = x << 1 | x >> 31
            }
            var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
            for i in 0..<80 {
                let (f, k): (UInt32, UInt32)
                switch i {
                case 0..<20: (f, k) = ((b & c) | (~b & d), 0x5A82_7999)
                case 20..<40: (f, k) = (b ^ c ^ d, 0x6ED9_EBA1)
                case 40..<60: (f, k) = ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                default: (f, k) = (b ^ c ^ d, 0xCA62_C1D6)
                }
                let t = (a << 5 | a >> 27) &+ f &+ e &+ k &+ w[i]
                (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, t)
            }
            h = [h[0] &+ a, h[1] &+ b, h[2] &+ c, h[3] &+ d, h[4] &+ e]
        }
        return h.map { String(format: "%08x", $0) }.joined()
    }
}
