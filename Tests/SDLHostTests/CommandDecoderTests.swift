import Foundation
import Testing

@testable import SDLHost

/// Keys to commands, and the primary button to drags and clicks.
@Suite struct CommandDecoderTests {
    func press(_ key: Key, paused: Bool = false, repeat isRepeat: Bool = false) -> [HostCommand] {
        var decoder = CommandDecoder()
        return decoder.commands(for: .keyDown(key, isRepeat: isRepeat), isPaused: paused)
    }

    @Test func standardKeysMapToTheirCommands() {
        #expect(press(.escape) == [.quit])
        #expect(press(.space) == [.pause])
        #expect(press(.space, paused: true) == [.resume])
        #expect(press(.period, paused: true) == [.step])
        #expect(press(.period) == [.pause], "stepping while running pauses first")
        #expect(press(.r) == [.restart])
        #expect(press(.equals) == [.speedUp] && press(.plus) == [.speedUp] && press(.keypadPlus) == [.speedUp])
        #expect(press(.minus) == [.speedDown] && press(.keypadMinus) == [.speedDown])
        #expect(press(.digit0) == [.resetSpeed])
        #expect(press(.f) == [.toggleOverlay])
        #expect(press(.h) == [.toggleHelp])
        #expect(press(.w) == [])
    }

    @Test func heldKeysRepeatOnlyStepAndSpeed() {
        #expect(press(.period, paused: true, repeat: true) == [.step])
        #expect(press(.equals, repeat: true) == [.speedUp])
        #expect(press(.f, repeat: true) == [])
        #expect(press(.space, repeat: true) == [])
        #expect(press(.escape, repeat: true) == [])
    }

    @Test func closingTheWindowQuits() {
        var decoder = CommandDecoder(bindings: .quitOnly)
        #expect(decoder.commands(for: .quitRequested, isPaused: false) == [.quit])
        #expect(
            decoder.commands(for: .keyDown(.space, isRepeat: false), isPaused: false) == [],
            "quitOnly leaves Space to the game")
    }

    @Test func aPressReleasedInPlaceIsAClickAtThePressPoint() {
        var decoder = CommandDecoder()
        #expect(decoder.commands(for: .mouseDown(.left, at: CGPoint(x: 100, y: 50)), isPaused: false) == [])
        #expect(
            decoder.commands(for: .mouseMoved(to: CGPoint(x: 102, y: 51)), isPaused: false) == [], "within 3 points")
        #expect(
            decoder.commands(for: .mouseUp(.left, at: CGPoint(x: 102, y: 51)), isPaused: false) == [
                .click(at: CGPoint(x: 100, y: 50))
            ])
    }

    @Test func movingPastTheThresholdStartsADragFromThePressPoint() {
        var decoder = CommandDecoder()
        var commands: [HostCommand] = []
        for event: InputEvent in [
            .mouseDown(.left, at: CGPoint(x: 10, y: 10)), .mouseMoved(to: CGPoint(x: 12, y: 10)),
            .mouseMoved(to: CGPoint(x: 20, y: 10)), .mouseMoved(to: CGPoint(x: 30, y: 15)),
            .mouseUp(.left, at: CGPoint(x: 31, y: 15)),
        ] {
            commands += decoder.commands(for: event, isPaused: false)
        }
        #expect(
            commands == [
                .dragBegan(at: CGPoint(x: 10, y: 10)), .dragMoved(to: CGPoint(x: 20, y: 10)),
                .dragMoved(to: CGPoint(x: 30, y: 15)), .dragEnded(at: CGPoint(x: 31, y: 15)),
            ], "\(commands)")
        #expect(!decoder.isDraggingNow)
    }

    @Test func otherButtonsAndStrayReleasesDoNothing() {
        var decoder = CommandDecoder()
        #expect(decoder.commands(for: .mouseDown(.right, at: .zero), isPaused: false) == [])
        #expect(decoder.commands(for: .mouseUp(.right, at: .zero), isPaused: false) == [])
        #expect(decoder.commands(for: .mouseUp(.left, at: .zero), isPaused: false) == [], "no press seen")
        #expect(decoder.commands(for: .mouseMoved(to: CGPoint(x: 50, y: 50)), isPaused: false) == [])
        var off = CommandDecoder(decodesPointer: false)
        _ = off.commands(for: .mouseDown(.left, at: .zero), isPaused: false)
        #expect(off.commands(for: .mouseUp(.left, at: .zero), isPaused: false) == [])
    }
}
