import Foundation
import Testing

@testable import SDLHost

/// The window's diagnostics key (docs/Diagnostics.md).
@Suite struct DiagnosticsKeyTests {
    @Test func keyDCyclesDiagnostics() {
        var decoder = CommandDecoder()
        let commands = decoder.commands(for: .keyDown(.d, isRepeat: false), isPaused: false)
        #expect(commands == [.cycleDiagnostics], "D: \(commands)")
        #expect(
            decoder.commands(for: .keyDown(.d, isRepeat: true), isPaused: false).isEmpty, "holding D does not repeat")
        #expect(KeyBindings.standard.action(for: .d)?.summary == "next diagnostic colouring")
    }
}
