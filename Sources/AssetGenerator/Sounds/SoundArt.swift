import EmitterKit
import Foundation

/// One WAV sound the generator writes: its file name, what it is, and the code that synthesises it.
struct SoundAsset {
    /// File name, e.g. `"explosion.wav"`.
    let fileName: String
    /// One line for `--list`.
    let summary: String
    /// Synthesises the sound (deterministic: seeded noise, exact arithmetic).
    let make: () throws -> Sound
}

/// The sounds of the scroller example (`Sources/Games/Scroller/Core/Sounds/`), synthesised from sine
/// waves, square waves and seeded noise: no recorded or third-party audio. Mono, 16-bit, 22,050 Hz.
enum SoundArt {
    static let rate = 22_050.0

    static let all: [SoundAsset] = [
        SoundAsset(
            fileName: "explosion.wav", summary: "0.9 s noise burst, low-passed and decaying, with a 55 Hz thump",
            make: explosion),
        SoundAsset(fileName: "laser.wav", summary: "0.16 s square-wave chirp falling from 1760 to 440 Hz", make: laser),
        SoundAsset(
            fileName: "pickup.wav", summary: "0.24 s rising arpeggio E6–G#6–B6, sine with a soft attack", make: pickup),
        SoundAsset(
            fileName: "music.wav", summary: "4 s loop at 120 bpm: a bass line under a square-wave arpeggio", make: music
        ),
    ]

    /// Samples of `seconds` at `rate`, from `f(t)`.
    static func render(_ name: String, seconds: Double, _ f: (Double) -> Double) throws -> Sound {
        let n = Int((seconds * rate).rounded())
        let samples = (0..<n).map { i in Float(max(-1, min(1, f(Double(i) / rate)))) }
        return try Sound(name: name, samples: samples, channels: 1, sampleRate: rate)
    }

    static func explosion() throws -> Sound {
        var random = SeededRandom(seed: 0xB00)
        var low = 0.0
        var raw: [Double] = []
        for i in 0..<Int(0.9 * rate) {
            let t = Double(i) / rate
            // White noise through a one-pole low-pass whose corner falls as the blast dies away.
            let noise = random.nextUnitDouble() * 2 - 1
            let corner = 0.05 + 0.5 * exp(-t * 6)
            low += (noise - low) * corner
            let thump = sin(2 * .pi * 55 * t) * exp(-t * 9)
            raw.append(min(1, t / 0.004) * exp(-t * 4.5) * (1.6 * low + 0.7 * thump))
        }
        // Peak at 0.85: loud, never clipped.
        let gain = 0.85 / (raw.map(abs).max() ?? 1)
        return try Sound(name: "explosion", samples: raw.map { Float($0 * gain) }, channels: 1, sampleRate: rate)
    }

    static func laser() throws -> Sound {
        var phase = 0.0
        return try render("laser", seconds: 0.16) { t in
            let f = 1760 * pow(0.25, t / 0.16)
            phase += f / rate
            let square = phase.truncatingRemainder(dividingBy: 1) < 0.5 ? 1.0 : -1.0
            return 0.35 * square * exp(-t * 14) * min(1, t / 0.002)
        }
    }

    static func pickup() throws -> Sound {
        let notes = [1318.5, 1661.2, 1975.5]
        return try render("pickup", seconds: 0.24) { t in
            let k = min(2, Int(t / 0.08))
            let local = t - Double(k) * 0.08
            return 0.45 * sin(2 * .pi * notes[k] * t) * min(1, local / 0.005) * exp(-local * 18)
        }
    }

    static func music() throws -> Sound {
        // 120 bpm, eighth notes: 8 beats of A minor – F – C – G, a bass note per beat, an arpeggio above.
        let beat = 0.5
        let bass = [110.0, 110, 87.31, 87.31, 130.81, 130.81, 98.0, 98.0]
        let chords: [[Double]] = [
            [440, 523.25, 659.25], [440, 523.25, 659.25], [349.23, 440, 523.25], [349.23, 440, 523.25],
            [523.25, 659.25, 783.99], [523.25, 659.25, 783.99], [392, 493.88, 587.33], [392, 493.88, 587.33],
        ]
        return try render("music", seconds: 8 * beat) { t in
            let b = min(7, Int(t / beat))
            let inBeat = t - Double(b) * beat
            let low = 0.30 * sin(2 * .pi * bass[b] * t) * (0.6 + 0.4 * exp(-inBeat * 6))
            let eighth = min(1, Int(inBeat / (beat / 2)))
            let note = chords[b][(b + eighth) % 3]
            let inNote = inBeat - Double(eighth) * beat / 2
            let square = (note * t).truncatingRemainder(dividingBy: 1) < 0.5 ? 1.0 : -1.0
            let lead = 0.10 * square * exp(-inNote * 7) * min(1, inNote / 0.004)
            // Fade the loop's ends over 5 ms so it joins without a click.
            let edge = min(1, t / 0.005, (8 * beat - t) / 0.005)
            return edge * (low + lead)
        }
    }
}
