import Foundation

/// Mixes the sounds a session plays into interleaved stereo float samples at an output rate: the
/// window's audio device pulls from it. Pure arithmetic, so tests can check it without a device.
///
/// Each voice is resampled linearly to the output rate, scaled by its volume and placed by its pan: a
/// mono sound with the constant-power law (left = cos θ, right = sin θ, θ = (pan + 1)·π/4, so −3 dB in
/// each channel at the centre), a stereo sound by balance (the far channel scaled by 1 − |pan|). Voices
/// add up and the sum is clipped to −1…1. At most `maximumVoices` short sounds play at once; a new one
/// beyond that replaces the oldest. Music loops until stopped.
package final class AudioMixer: AudioOutput {
    struct Voice {
        let sound: Sound
        let left: Float
        let right: Float
        let loops: Bool
        /// Read position in the sound's frames (fractional: resampling).
        var position: Double = 0
    }

    /// Output samples per second per channel.
    package let sampleRate: Double
    /// Most short sounds at once.
    package static let maximumVoices = 32

    private(set) var voices: [Voice] = []
    private var music: Voice?

    package init(sampleRate: Double) { self.sampleRate = sampleRate }

    /// Short sounds playing now.
    package var activeVoiceCount: Int { voices.count }
    /// Whether music is playing.
    package var isMusicPlaying: Bool { music != nil }

    // MARK: - AudioOutput

    package func play(_ sound: Sound, volume: Double, pan: Double) {
        if voices.count >= Self.maximumVoices { voices.removeFirst() }
        voices.append(Self.voice(sound, volume: volume, pan: pan, loops: false))
    }

    package func playMusic(_ sound: Sound, volume: Double) {
        music = Self.voice(sound, volume: volume, pan: 0, loops: true)
    }

    package func stopMusic() { music = nil }

    package func stopAll() {
        voices.removeAll()
        music = nil
    }

    // MARK: - Mixing

    /// Mixes the next `frames` output frames into `out` (2 × frames interleaved stereo samples, replaced).
    package func mix(frames: Int, into out: inout [Float]) {
        out = [Float](repeating: 0, count: 2 * frames)
        if var m = music {
            add(&m, frames: frames, into: &out)
            music = m
        }
        var kept: [Voice] = []
        kept.reserveCapacity(voices.count)
        for var voice in voices {
            if add(&voice, frames: frames, into: &out) { kept.append(voice) }
        }
        voices = kept
        for i in out.indices { out[i] = max(-1, min(1, out[i])) }
    }

    /// Adds one voice; returns whether it still has samples to play.
    @discardableResult
    private func add(_ voice: inout Voice, frames: Int, into out: inout [Float]) -> Bool {
        let sound = voice.sound
        let count = sound.frameCount
        guard count > 0 else { return false }
        let step = sound.sampleRate / sampleRate
        let s = sound.samples
        let stereo = sound.channels == 2
        for i in 0..<frames {
            if voice.position >= Double(count) {
                guard voice.loops else { return false }
                voice.position -= Double(count)
            }
            let k = Int(voice.position)
            let t = Float(voice.position - Double(k))
            // The next frame wraps for music, holds the last sample for a short sound.
            let n = k + 1 < count ? k + 1 : (voice.loops ? 0 : k)
            let l: Float
            let r: Float
            if stereo {
                l = s[2 * k] + (s[2 * n] - s[2 * k]) * t
                r = s[2 * k + 1] + (s[2 * n + 1] - s[2 * k + 1]) * t
            } else {
                l = s[k] + (s[n] - s[k]) * t
                r = l
            }
            out[2 * i] += l * voice.left
            out[2 * i + 1] += r * voice.right
            voice.position += step
        }
        return voice.loops || voice.position < Double(count)
    }

    /// The channel gains of a voice: constant-power pan for mono, balance for stereo.
    static func voice(_ sound: Sound, volume: Double, pan: Double, loops: Bool) -> Voice {
        let v = Float(volume)
        if sound.channels == 2 {
            return Voice(
                sound: sound, left: v * Float(min(1, 1 - pan)), right: v * Float(min(1, 1 + pan)), loops: loops)
        }
        let theta = (pan + 1) * Double.pi / 4
        return Voice(sound: sound, left: v * Float(cos(theta)), right: v * Float(sin(theta)), loops: loops)
    }
}
