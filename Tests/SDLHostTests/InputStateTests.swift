import Foundation
import Testing

@testable import SDLHost

/// Pressed / held / released per frame for keys, mouse buttons and controllers.
@Suite struct InputStateTests {
    @Test func keyEdgesLastOneFrameAndLevelsPersist() {
        var input = InputState()
        input.beginFrame()
        input.apply(.keyDown(.w, isRepeat: false))
        #expect(input.wasPressed(.w) && input.isHeld(.w) && !input.wasReleased(.w))
        input.beginFrame()
        input.apply(.keyDown(.w, isRepeat: true))
        #expect(!input.wasPressed(.w), "auto-repeat is not a press")
        #expect(input.isHeld(.w))
        input.beginFrame()
        input.apply(.keyUp(.w))
        #expect(input.wasReleased(.w) && !input.isHeld(.w) && !input.wasPressed(.w))
        input.beginFrame()
        #expect(input.keysReleased.isEmpty && input.keysHeld.isEmpty)
    }

    @Test func aTapWithinOneFrameIsPressedAndReleasedButNotHeld() {
        var input = InputState()
        input.apply(.keyDown(.space, isRepeat: false))
        input.apply(.keyUp(.space))
        #expect(input.wasPressed(.space) && input.wasReleased(.space) && !input.isHeld(.space))
    }

    @Test func modifiersAreReadFromHeldKeys() {
        var input = InputState()
        input.apply(.keyDown(.rightShift, isRepeat: false))
        input.apply(.keyDown(.leftControl, isRepeat: false))
        #expect(input.isShiftHeld && input.isControlHeld && !input.isAltHeld)
    }

    @Test func mouseTracksPositionButtonsAndWheel() {
        var input = InputState()
        #expect(input.mouseLocation == nil)
        input.apply(.mouseMoved(to: CGPoint(x: 10, y: 20)))
        input.apply(.mouseDown(.left, at: CGPoint(x: 11, y: 21)))
        input.apply(.mouseWheel(dx: 0, dy: 1))
        input.apply(.mouseWheel(dx: 0.5, dy: 2))
        #expect(input.mouseLocation == CGPoint(x: 11, y: 21))
        #expect(input.wasPressed(MouseButton.left) && input.isHeld(MouseButton.left))
        #expect(input.wheelDelta.dx == 0.5 && input.wheelDelta.dy == 3)
        input.beginFrame()
        #expect(input.wheelDelta.dy == 0 && input.isHeld(MouseButton.left) && !input.wasPressed(MouseButton.left))
        input.apply(.mouseUp(.left, at: CGPoint(x: 30, y: 40)))
        #expect(input.wasReleased(MouseButton.left) && input.mouseLocation == CGPoint(x: 30, y: 40))
    }

    @Test func controllersKeepButtonsAndAxesUntilRemoved() {
        var input = InputState()
        let pad = ControllerID(3)
        let other = ControllerID(5)
        input.apply(.controllerAdded(other, name: "second"))
        input.apply(.controllerAdded(pad, name: "first"))
        input.apply(.controllerButtonDown(pad, .a))
        input.apply(.controllerAxisMoved(pad, .leftX, value: -0.5))
        #expect(input.primaryController?.id == pad, "lowest id is primary")
        #expect(input.controllers[pad]?.wasPressed(.a) == true)
        #expect(input.controllers[pad]?.axis(.leftX) == -0.5)
        #expect(input.controllers[pad]?.axis(.rightTrigger) == 0)
        input.beginFrame()
        #expect(input.controllers[pad]?.wasPressed(.a) == false && input.controllers[pad]?.isHeld(.a) == true)
        input.apply(.controllerButtonUp(pad, .a))
        #expect(input.controllers[pad]?.wasReleased(.a) == true)
        input.apply(.controllerRemoved(pad))
        #expect(input.controllers[pad] == nil && input.primaryController?.id == other)
        input.apply(.controllerButtonDown(pad, .b))
        #expect(input.controllers[pad] == nil, "events of a removed controller are ignored")
    }
}
