import Testing

@testable import SDLHost

/// Pause, step and time speed turn measured deltas into simulated ones.
@Suite struct PlaybackStateTests {
    @Test func runningScalesTheMeasuredDeltaByTheTimeSpeed() {
        var playback = PlaybackState()
        #expect(playback.simulationDelta(measured: 0.02, frameDuration: 1.0 / 60) == 0.02)
        playback.apply(.speedUp)
        #expect(playback.timeScale == 2)
        #expect(playback.simulationDelta(measured: 0.02, frameDuration: 1.0 / 60) == 0.04)
    }

    @Test func pausedFramesAdvanceNothingAndEachStepOneFrame() {
        var playback = PlaybackState()
        playback.apply(.pause)
        #expect(playback.simulationDelta(measured: 0.02, frameDuration: 1.0 / 60) == 0)
        playback.apply(.step)
        playback.apply(.step)
        #expect(playback.pendingSteps == 2)
        #expect(playback.simulationDelta(measured: 0.02, frameDuration: 1.0 / 60) == 1.0 / 60)
        #expect(playback.simulationDelta(measured: 0.02, frameDuration: 1.0 / 60) == 1.0 / 60)
        #expect(playback.simulationDelta(measured: 0.02, frameDuration: 1.0 / 60) == 0)
        playback.apply(.speedDown)
        playback.apply(.step)
        #expect(playback.simulationDelta(measured: 0.02, frameDuration: 1.0 / 60) == 1.0 / 120, "a step at half speed")
    }

    @Test func stepsWhileRunningAreIgnoredAndResumeDropsPendingOnes() {
        var playback = PlaybackState()
        playback.apply(.step)
        #expect(playback.pendingSteps == 0)
        playback.apply(.pause)
        playback.apply(.step)
        playback.apply(.resume)
        #expect(playback.pendingSteps == 0 && !playback.isPaused)
    }

    @Test func timeSpeedStaysBetweenOneSixteenthAndSixteen() {
        var playback = PlaybackState()
        for _ in 0..<10 { playback.apply(.speedUp) }
        #expect(playback.timeScale == 16)
        for _ in 0..<20 { playback.apply(.speedDown) }
        #expect(playback.timeScale == 1.0 / 16)
        #expect(playback.badge == "1/16x")
        playback.apply(.resetSpeed)
        #expect(playback.timeScale == 1 && playback.badge == nil)
        playback.setTimeScale(.nan)
        #expect(playback.timeScale == 1)
        #expect(PlaybackState(timeScale: 100).timeScale == 16)
    }
}
