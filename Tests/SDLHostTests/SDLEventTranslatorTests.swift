import Foundation
import Testing

@testable import SDLHost

/// SDL events to host events and back (no SDL state is touched: these are plain structs).
@Suite struct SDLEventTranslatorTests {
    @Test func inputEventsSurviveTheRoundTripThroughSDLEvents() {
        let id = ControllerID(4)
        let events: [InputEvent] = [
            .keyDown(.a, isRepeat: false), .keyDown(.left, isRepeat: true), .keyUp(.keypadEnter),
            .keyUp(.other(0x4000_0999)),
            .mouseMoved(to: CGPoint(x: 3, y: 4)), .mouseDown(.left, at: CGPoint(x: 5, y: 6)),
            .mouseUp(.right, at: CGPoint(x: 7, y: 8)), .mouseDown(.x2, at: .zero), .mouseWheel(dx: -1, dy: 2.5),
            .controllerButtonDown(id, .dpadLeft), .controllerButtonUp(id, .touchpad),
            .controllerAxisMoved(id, .leftY, value: -1), .controllerAxisMoved(id, .rightTrigger, value: 1),
            .quitRequested,
        ]
        for event in events {
            guard let sdl = SDLEventTranslator.sdlEvent(for: event, windowID: 1) else {
                Issue.record("no SDL event for \(event)")
                continue
            }
            #expect(SDLEventTranslator.translate(sdl) == .input(event), "\(event)")
        }
    }

    @Test func axisValuesNormaliseToExactEnds() {
        #expect(SDLEventTranslator.normalized(-32768, trigger: false) == -1)
        #expect(SDLEventTranslator.normalized(32767, trigger: false) == 1)
        #expect(SDLEventTranslator.normalized(0, trigger: false) == 0)
        #expect(SDLEventTranslator.normalized(32767, trigger: true) == 1)
        #expect(SDLEventTranslator.normalized(-5, trigger: true) == 0)
    }

    @Test func hotPlugAndResizeHaveNoSyntheticEquivalent() {
        #expect(SDLEventTranslator.sdlEvent(for: .controllerAdded(ControllerID(1), name: "x"), windowID: 1) == nil)
        #expect(SDLEventTranslator.sdlEvent(for: .windowResized(CGSize(width: 1, height: 1)), windowID: 1) == nil)
    }
}
