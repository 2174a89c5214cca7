import EmitterKit
import EmitterTestSupport
import Foundation
import Testing

@testable import SDLHost

/// A game's sounds through SDL2's own audio: mixed into the device's queue (SDL's `disk` driver writes what
/// a speaker would get to a file), or silent with one reason when there is no device. An extension of the
/// serialized window suite: one window at a time.
extension WindowHostTests {
    /// Plays a 440 Hz tone at half volume, hard right, in its first step.
    final class Beeper: Game {
        let tone: Sound
        init() throws {
            let rate = 48_000.0
            tone = try Sound(
                name: "beep", samples: (0..<4_800).map { Float(sin(2 * Double.pi * 440 * Double($0) / rate)) },
                sampleRate: rate)
        }
        func setUp(_ session: GameSession) throws {
            try session.after(seconds: 0) { session.play(self.tone, volume: 0.5, pan: 1) }
        }
    }

    @Test func gameSoundsReachTheAudioDeviceMixedAndPanned() throws {
        let folder = try TestSupport.temporaryFolder("audio")
        let file = folder + "/out.raw"
        setenv("SDL_DISKAUDIOFILE", file, 1)
        defer { unsetenv("SDL_DISKAUDIOFILE") }
        let game = try Beeper()
        do {
            let window = try GameWindow(
                game: game, configuration: GameConfiguration(viewSize: CGSize(width: 64, height: 48)),
                title: "audio test", clock: ManualClock(), audioDriver: "disk"
            ) { config in
                config.videoDriver = "dummy"
            }
            defer { window.host.close() }
            #expect(
                window.audioDriver == "disk" && window.audioProblem == nil, "\(String(describing: window.audioProblem))"
            )
            window.runFrames(3)
            // The disk driver consumes the queue in real time: give it the 60 ms queued.
            Thread.sleep(forTimeInterval: 0.3)
            window.runFrames(1)
            Thread.sleep(forTimeInterval: 0.1)
        }
        let data = try #require(FileManager.default.contents(atPath: file), "no file from SDL's disk driver")
        let samples = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        let left = stride(from: 0, to: samples.count, by: 2).map { abs(samples[$0]) }.max() ?? -1
        let right = stride(from: 1, to: samples.count, by: 2).map { abs(samples[$0]) }.max() ?? -1
        // Hard right at volume 0.5: the right channel peaks at 0.5, the left stays silent.
        #expect(samples.count > 2 * 2_000, "\(samples.count) samples written")
        #expect(abs(right - 0.5) < 0.01 && left < 1e-6, "peaks left \(left), right \(right)")
        #expect(game.tone.name == "beep")
    }

    /// Starts a constant 0.25 music in `setUp`, which runs before the window opens its audio device.
    final class Hummer: Game {
        let hum: Sound
        init() throws { hum = try Sound(name: "hum", samples: [Float](repeating: 1, count: 4_800), sampleRate: 48_000) }
        func setUp(_ session: GameSession) throws { session.playMusic(hum, volume: 0.25) }
    }

    @Test func musicStartedInSetUpIsHeardFromTheFirstFrame() throws {
        let folder = try TestSupport.temporaryFolder("audio-music")
        let file = folder + "/out.raw"
        setenv("SDL_DISKAUDIOFILE", file, 1)
        defer { unsetenv("SDL_DISKAUDIOFILE") }
        do {
            let window = try GameWindow(
                game: try Hummer(), configuration: GameConfiguration(viewSize: CGSize(width: 64, height: 48)),
                title: "music test", clock: ManualClock(), audioDriver: "disk"
            ) { config in
                config.videoDriver = "dummy"
            }
            defer { window.host.close() }
            window.runFrames(1)
            Thread.sleep(forTimeInterval: 0.3)
        }
        let data = try #require(FileManager.default.contents(atPath: file), "no file from SDL's disk driver")
        let samples = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        // A constant 1 at music volume 0.25, centred with constant power: 0.25 × cos(π/4) in each channel.
        let expected = Float(0.25 * (0.5).squareRoot())
        let heard = samples.filter { abs($0 - expected) < 0.001 }.count
        #expect(
            heard >= 2 * 2_000,
            "\(heard) of \(samples.count) samples at \(expected); peak \(samples.map(abs).max() ?? -1)")
    }

    @Test func withoutAnAudioDeviceTheGamePlaysSilentlyAndSaysWhy() throws {
        let game = try Beeper()
        let window = try GameWindow(
            game: game, configuration: GameConfiguration(viewSize: CGSize(width: 64, height: 48)),
            title: "no audio", clock: ManualClock(), audioDriver: "no-such-driver"
        ) { config in
            config.videoDriver = "dummy"
        }
        defer { window.host.close() }
        #expect(window.audioDriver == nil)
        let problem = try #require(window.audioProblem)
        #expect(problem.contains("no-such-driver") || problem.contains("not available"), "\(problem)")
        window.runFrames(5)
        #expect(window.session.timesPlayed("beep") == 1, "still logged while silent")
    }
}
