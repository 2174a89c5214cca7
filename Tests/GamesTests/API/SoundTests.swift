import EmitterKit
import EmitterTestSupport
import Foundation
import Testing

@testable import EmitterKit

/// Sounds: WAV loading with clear errors, the played-sounds log on the game clock, the mixer's arithmetic.
@Suite struct SoundTests {
    static func tone(_ name: String, seconds: Double = 0.1, rate: Double = 8_000, channels: Int = 1) throws -> Sound {
        let n = Int(seconds * rate)
        var samples: [Float] = []
        for i in 0..<n {
            let v = Float(0.5 * sin(2 * Double.pi * 440 * Double(i) / rate))
            for _ in 0..<channels { samples.append(v) }
        }
        return try Sound(name: name, samples: samples, channels: channels, sampleRate: rate)
    }

    // MARK: - Files

    @Test func wavFilesRoundTripAndEveryPCMAndFloatWidthDecodes() throws {
        let folder = try TestSupport.temporaryFolder("sounds")
        let sound = try Self.tone("beep", channels: 2)
        let path = folder + "/beep.wav"
        try sound.wavData().write(to: URL(fileURLWithPath: path))
        let loaded = try Sound(contentsOfFile: path)
        #expect(loaded.name == "beep" && loaded.channels == 2 && loaded.sampleRate == 8_000)
        #expect(loaded.frameCount == sound.frameCount)
        let worst = zip(loaded.samples, sound.samples).map { abs($0 - $1) }.max() ?? 1
        #expect(worst <= 1 / 32_767, "16-bit round trip error \(worst)")

        // One sample of value 0.5 in each format: 8-bit unsigned, 16/24/32-bit signed, float 32/64.
        let cases: [(bits: Int, code: UInt16, bytes: [UInt8])] = [
            (8, 1, [192]), (16, 1, [0x00, 0x40]), (24, 1, [0x00, 0x00, 0x40]), (32, 1, [0, 0, 0, 0x40]),
            (32, 3, Array(withUnsafeBytes(of: Float(0.5).bitPattern.littleEndian, Array.init))),
            (64, 3, Array(withUnsafeBytes(of: Double(0.5).bitPattern.littleEndian, Array.init))),
        ]
        for c in cases {
            let data = Self.wav(code: c.code, channels: 1, rate: 8_000, bits: c.bits, samples: c.bytes)
            let s = try Sound(wavData: data, name: "\(c.bits)-\(c.code)")
            #expect(s.samples == [0.5], "\(c.bits)-bit format \(c.code): \(s.samples)")
        }
    }

    @Test func missingFilesAndBadDataAreClearErrors() throws {
        let folder = try TestSupport.temporaryFolder("sounds")
        #expect(throws: SoundError.fileNotFound(folder + "/nope.wav")) {
            try Sound(contentsOfFile: folder + "/nope.wav")
        }
        func message(_ bytes: [UInt8]) -> String {
            let path = folder + "/bad.wav"
            #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)), "could not write \(path)")
            do {
                _ = try Sound(contentsOfFile: path)
                return "loaded"
            } catch { return "\(error)" }
        }
        let png = message([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
        #expect(png.contains("bad.wav: byte 0: not a WAV file"), "\(png)")
        #expect(png.contains("sox in.ogg out.wav"), "\(png)")
        let adpcm = message([UInt8](Self.wav(code: 2, channels: 1, rate: 8_000, bits: 4, samples: [0, 0])))
        #expect(adpcm.contains("byte 20: format code 2 is compressed"), "\(adpcm)")
        let surround = message([UInt8](Self.wav(code: 1, channels: 6, rate: 8_000, bits: 16, samples: [])))
        #expect(surround.contains("6 channels; mono and stereo are supported"), "\(surround)")
        var cut = [UInt8](Self.wav(code: 1, channels: 1, rate: 8_000, bits: 16, samples: [1, 2, 3, 4]))
        cut.removeLast(4)
        cut[16] = 200  // the fmt chunk claims 200 bytes
        #expect(message(cut).contains("chunk 'fmt ' says 200 bytes"), "\(message(cut))")
        let empty = message(Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8))
        #expect(empty.contains("no 'fmt ' chunk"), "\(empty)")
        #expect(throws: SoundError.self) { try Sound(name: "x", samples: [.nan], channels: 1, sampleRate: 8_000) }
    }

    /// A WAV file with one format chunk and one data chunk.
    static func wav(code: UInt16, channels: Int, rate: Int, bits: Int, samples: [UInt8]) -> Data {
        var out = Array("RIFF".utf8)
        func u32(_ v: Int) { out += (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        func u16(_ v: Int) { out += [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
        u32(36 + samples.count)
        out += Array("WAVEfmt ".utf8)
        u32(16)
        u16(Int(code))
        u16(channels)
        u32(rate)
        u32(rate * channels * max(1, bits / 8))
        u16(channels * max(1, bits / 8))
        u16(bits)
        out += Array("data".utf8)
        u32(samples.count)
        out += samples
        return Data(out)
    }

    // MARK: - The log

    final class Boom: Game {
        let boom: Sound
        let music: Sound
        init() throws {
            boom = try SoundTests.tone("explosion")
            music = try SoundTests.tone("theme", seconds: 0.5)
        }
        func setUp(_ session: GameSession) throws {
            session.playMusic(music, volume: 0.4)
            try session.after(seconds: 1.5) { session.play(self.boom, volume: 0.8, pan: -0.25) }
        }
    }

    @Test func soundsAreLoggedWithTheirStepHeadlessAndTheSameAtEveryFrameRate() throws {
        var logs: [[SoundEvent]] = []
        for fps in [30.0, 60, 120] {
            let r = try HeadlessGameRunner(game: try Boom(), framesPerSecond: fps)
            try r.run(frames: Int(2 * fps))
            #expect(r.session.timesPlayed("explosion") == 1, "the explosion played once")
            #expect(r.session.currentMusic == "theme")
            logs.append(r.session.playedSounds)
        }
        #expect(logs[0] == logs[1] && logs[1] == logs[2])
        let boom = try #require(logs[0].first { $0.kind == .effect })
        #expect(boom.step == 180 && boom.time == 1.5 && boom.volume == 0.8 && boom.pan == -0.25, "\(boom)")
        #expect(logs[0].first?.kind == .musicStarted && logs[0].first?.step == 0)
    }

    @Test func aRestartStopsTheMusicAndTheNewRunStartsItAgain() throws {
        let r = try HeadlessGameRunner(game: try Boom())
        try r.run(frames: 30)
        r.session.restart()
        try r.run(frames: 1)
        let kinds = r.session.playedSounds.map { "\($0.kind.rawValue) \($0.name) run \($0.run)" }
        #expect(
            kinds == ["musicStarted theme run 0", "musicStopped theme run 0", "musicStarted theme run 1"], "\(kinds)")
        #expect(r.session.timesPlayed("explosion") == 0)
    }

    /// An audio output that writes down what reaches it.
    final class RecordingOutput: AudioOutput {
        var calls: [String] = []
        func play(_ sound: Sound, volume: Double, pan: Double) { calls.append("play \(sound.name) \(volume) \(pan)") }
        func playMusic(_ sound: Sound, volume: Double) { calls.append("music \(sound.name) \(volume)") }
        func stopMusic() { calls.append("stop music") }
        func stopAll() { calls.append("stop all") }
    }

    /// Plays a fanfare and starts the music in `setUp`, before any window has attached its device.
    final class Fanfare: Game {
        let fanfare: Sound
        let music: Sound
        init() throws {
            fanfare = try SoundTests.tone("fanfare")
            music = try SoundTests.tone("theme", seconds: 0.5)
        }
        func setUp(_ session: GameSession) throws {
            session.play(fanfare, volume: 0.9, pan: 0.5)
            session.playMusic(music, volume: 0.4)
        }
        func fixedUpdate(_ step: GameStep, _ session: GameSession) {
            if step.index == 2 { session.play(fanfare) }
        }
    }

    @Test func anOutputAttachedAfterSetUpGetsItsMusicAndSoundsOnceAndThenEverySoundAsPlayed() throws {
        let session = try GameSession(game: try Fanfare())
        let output = RecordingOutput()
        session.audioOutput = output  // what GameWindow does once its device is open
        #expect(output.calls == ["play fanfare 0.9 0.5", "music theme 0.4"], "\(output.calls)")
        for frame in 0..<3 {
            try session.runFrame(
                timestamp: Double(frame) / 60, targetTimestamp: Double(frame + 1) / 60, measuredDelta: 1.0 / 60)
        }
        #expect(output.calls == ["play fanfare 0.9 0.5", "music theme 0.4", "play fanfare 1.0 0.0"], "\(output.calls)")
        // An output attached after the first frame gets the music, but not the first setUp's sounds again.
        let late = RecordingOutput()
        session.audioOutput = late
        #expect(late.calls == ["music theme 0.4"], "\(late.calls)")
        session.restart()
        try session.runFrame(timestamp: 0.05, targetTimestamp: 0.07, measuredDelta: 1.0 / 60)
        #expect(
            late.calls == ["music theme 0.4", "stop music", "stop all", "play fanfare 0.9 0.5", "music theme 0.4"],
            "\(late.calls)")
    }

    // MARK: - Mixing

    @Test func theMixerPansWithConstantPowerResamplesAndLoopsMusic() throws {
        let dc = try Sound(name: "dc", samples: [Float](repeating: 1, count: 100), sampleRate: 1_000)
        let mixer = AudioMixer(sampleRate: 2_000)
        var out: [Float] = []
        mixer.play(dc, volume: 0.5, pan: 0)
        mixer.mix(frames: 10, into: &out)
        // Centre: 0.5 × cos(π/4) in each channel (−3 dB).
        #expect(abs(out[0] - Float(0.5 * cos(Double.pi / 4))) < 1e-6 && abs(out[1] - out[0]) < 1e-6, "\(out.prefix(2))")
        mixer.stopAll()
        mixer.play(dc, volume: 1, pan: -1)
        mixer.mix(frames: 10, into: &out)
        #expect(abs(out[0] - 1) < 1e-6 && abs(out[1]) < 1e-6, "hard left: \(out.prefix(2))")
        // 100 samples at 1 kHz last 200 frames at 2 kHz: the voice ends after 190 more.
        mixer.mix(frames: 189, into: &out)
        #expect(mixer.activeVoiceCount == 1)
        mixer.mix(frames: 2, into: &out)
        #expect(mixer.activeVoiceCount == 0 && out[2] == 0, "ended: \(out)")
        // Music loops: a ramp 0, 0.25, 0.5, 0.75 at the output rate comes round again.
        let ramp = try Sound(name: "ramp", samples: [0, 0.25, 0.5, 0.75], sampleRate: 2_000)
        mixer.playMusic(ramp, volume: 1)
        mixer.mix(frames: 8, into: &out)
        let left = stride(from: 0, to: 16, by: 2).map { out[$0] / Float(cos(Double.pi / 4)) }
        #expect(left.map { ($0 * 100).rounded() / 100 } == [0, 0.25, 0.5, 0.75, 0, 0.25, 0.5, 0.75], "\(left)")
        // Loud sums clip instead of wrapping.
        mixer.stopAll()
        for _ in 0..<5 { mixer.play(dc, volume: 1, pan: 1) }
        mixer.mix(frames: 1, into: &out)
        #expect(out[1] == 1)
    }
}
