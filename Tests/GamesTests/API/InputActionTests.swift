import EmitterKit
import Foundation
import Testing

extension InputAction {
    static let thrust: InputAction = "thrust"
    static let fire: InputAction = "fire"
}

/// Input actions (several keys, mouse buttons and controller inputs under one name) and scripted input
/// by game time.
@Suite struct InputActionTests {
    final class Pilot: Game {
        var thrustSteps = 0
        var firePresses: [Int64] = []
        var fireReleases = 0
        var strengths: [Double] = []
        func setUp(_ session: GameSession) throws {
            session.bind(.thrust, to: [.up, .w, .controllerA, .rightTrigger])
            session.bind(.fire, to: [.space, .mouseLeft, .controllerX])
        }
        func fixedUpdate(_ step: GameStep, _ session: GameSession) {
            if step.input.isHeld(.thrust) { thrustSteps += 1 }
            if step.input.wasPressed(.fire) { firePresses.append(step.index) }
            if step.input.wasReleased(.fire) { fireReleases += 1 }
            strengths.append(step.input.strength(of: .thrust))
        }
    }

    func play(_ script: ScriptedInput, fps: Double = 60, seconds: Double) throws -> Pilot {
        let pilot = Pilot()
        let r = try HeadlessGameRunner(
            game: pilot, configuration: GameConfiguration(viewSize: CGSize(width: 64, height: 64)),
            framesPerSecond: fps,
            script: script)
        try r.run(frames: Int((seconds * fps).rounded()))
        return pilot
    }

    @Test func anyBindingHoldsTheActionAndASecondKeyIsNoNewPress() throws {
        var script = ScriptedInput()
        script.hold(.space, fromTime: 0.5, toTime: 1)
        // The mouse joins while Space is held (no new press), Space lets go while the mouse holds.
        script.add(.mouseDown(.left, at: .zero), atTime: 0.75)
        script.add(.mouseUp(.left, at: .zero), atTime: 1.25)
        script.tap(.space, atTime: 1.5)
        let pilot = try play(script, seconds: 2)
        #expect(pilot.firePresses == [60, 180], "fire pressed at steps \(pilot.firePresses)")
        #expect(pilot.fireReleases == 2, "released at 1.25 s and by the tap at 1.5 s")
    }

    @Test func controllersDriveActionsWithButtonsAndAxes() throws {
        let pad = ControllerID(0)
        var script = ScriptedInput()
        script.add(.controllerAdded(pad, name: "pad"), atTime: 0)
        script.add(.controllerAxisMoved(pad, .rightTrigger, value: 0.3), atTime: 0.5)
        script.add(.controllerAxisMoved(pad, .rightTrigger, value: 0.8), atTime: 1)
        script.add(.controllerAxisMoved(pad, .rightTrigger, value: 0), atTime: 1.5)
        let pilot = try play(script, seconds: 2)
        // Held from 1.0 s to 1.5 s: steps 120…179.
        #expect(pilot.thrustSteps == 60, "thrust steps \(pilot.thrustSteps)")
        #expect(abs(pilot.strengths[70] - 0.3) < 1e-12 && abs(pilot.strengths[130] - 0.8) < 1e-12)
    }

    @Test func scriptedTimesReachTheSameStepsAt30And60And120FramesPerSecond() throws {
        var script = ScriptedInput()
        script.tap(.space, atTime: 0.51)
        script.tap(.space, atTime: 1.5)
        script.hold(.w, fromTime: 0.333, toTime: 0.9)
        var results: [String] = []
        for fps in [30.0, 60, 120, 144] {
            let pilot = try play(script, fps: fps, seconds: 2)
            results.append("\(pilot.firePresses) \(pilot.thrustSteps)")
        }
        // 0.51 s is step 61.2 → 62; 0.333 s → 40, 0.9 s → 108: held in steps 40…107.
        #expect(Set(results).count == 1, "\(results)")
        #expect(results[0] == "[62, 180] 68", "\(results[0])")
    }

    @Test func aTimedTapIsSeenByTheFrameThatRunsItsStep() throws {
        final class Watcher: Game {
            var framePresses: [Int] = []
            func setUp(_ session: GameSession) throws {}
            func frame(_ frame: GameFrame, _ session: GameSession) {
                if frame.input.wasPressed(.space) { framePresses.append(frame.index) }
            }
        }
        var script = ScriptedInput()
        script.tap(.space, atTime: 0.5)
        let watcher = Watcher()
        let r = try HeadlessGameRunner(
            game: watcher, configuration: GameConfiguration(viewSize: CGSize(width: 64, height: 64)),
            framesPerSecond: 30,
            script: script)
        try r.run(frames: 30)
        // At 30 fps frame 15 runs steps 60…63, and step 60 starts at 0.5 s.
        #expect(watcher.framePresses == [15], "\(watcher.framePresses)")
    }

    @Test func valueTypesATestHoldsAreSendable() {
        // A Swift 6 test file may keep these in global constants.
        func requireSendable<T: Sendable>(_: T.Type) {}
        requireSendable(GameConfiguration.self)
        requireSendable(ScriptedInput.self)
        requireSendable(InputState.self)
        requireSendable(GameStep.self)
        requireSendable(GameFrame.self)
        requireSendable(GameRunResult.self)
        requireSendable(InputAction.self)
        requireSendable(InputBinding.self)
        requireSendable(CollisionCategory.self)
        requireSendable(SoundEvent.self)
        requireSendable(SpriteSheet.self)
        requireSendable(Sound.self)
    }
}

/// Global constants of the kinds a test file keeps (a compile error before these types were Sendable).
let sharedConfiguration = GameConfiguration(viewSize: CGSize(width: 64, height: 64), seed: 3)
let sharedScript: ScriptedInput = {
    var s = ScriptedInput()
    s.tap(.space, atTime: 1)
    return s
}()
