import Foundation
import Testing

/// `emitter help` reads well on an 80-column terminal: prose paragraphs are one logical line each in the
/// source (ArgumentParser wraps them to the terminal), and nothing it cannot wrap is wider than 80.
@Suite struct HelpTextTests {
    /// The subcommands the root help lists.
    static func subcommands() throws -> [String] {
        let root = try emitter(["help"], environment: ["COLUMNS": "1000"])
        let lines = root.stdout.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "SUBCOMMANDS:") else { return [] }
        return lines[(start + 1)...].prefix { !$0.isEmpty }.compactMap {
            $0.split(separator: " ").first.map(String.init)
        }
    }

    @Test func everyCommandsHelpFitsEightyColumnsAndNoParagraphIsWrappedByHand() throws {
        let commands = try Self.subcommands()
        #expect(commands.count >= 10 && commands.contains("format") && commands.contains("schema"), "\(commands)")
        for command in [""] + commands {
            let arguments = command.isEmpty ? ["help"] : ["help", command]
            let narrow = try emitter(arguments, environment: ["COLUMNS": "80"])
            #expect(narrow.status == 0, "emitter help \(command): \(narrow)")
            for line in narrow.stdout.components(separatedBy: "\n") {
                #expect(line.count <= 80, "emitter help \(command), \(line.count) columns: \(line)")
            }
            // Unwrapped, a paragraph is one line: two prose lines in a row were wrapped by hand (and wrap
            // again mid-sentence on a narrow terminal); an indented example wider than 79 columns would
            // be wrapped by ArgumentParser.
            let wide = try emitter(arguments, environment: ["COLUMNS": "1000"])
            let discussion = wide.stdout.components(separatedBy: "\n").prefix { !$0.hasPrefix("USAGE:") }
            var previousIsProse = false
            for line in discussion {
                let isProse = !line.isEmpty && !line.hasPrefix(" ")
                #expect(
                    !(isProse && previousIsProse), "emitter help \(command): a paragraph wrapped by hand at: \(line)")
                if line.hasPrefix("  "), !line.hasPrefix("    ") {
                    #expect(line.count <= 79, "emitter help \(command): example of \(line.count) columns: \(line)")
                }
                previousIsProse = isProse
            }
        }
    }
}
