import CSDL2
import EmitterKit
import Foundation

/// Plays a game session's sounds on the default audio device through SDL2's own audio (no SDL_mixer):
/// EmitterKit's `AudioMixer` mixes on the main thread and SDL's audio queue takes the samples, kept a few
/// frames ahead of the device. Opened by `GameWindow`.
///
/// 48,000 stereo float frames per second (or what the device offers). A machine without an audio device
/// (or with SDL's audio unable to start) gets `nil` from `open` and a reason, which the window logs once;
/// the game then plays silently, its sounds still logged by the session. `SDL_AUDIODRIVER` chooses the
/// driver as usual (`disk` writes the mix to a file, `dummy` discards it).
final class SDLAudioOutput: AudioOutput {
    /// Seconds of sound kept queued ahead of the device: enough to cover a late frame, short enough for
    /// a shot to sound with its flash.
    static let queueAhead = 0.06

    let device: SDL_AudioDeviceID
    let mixer: AudioMixer
    let driver: String
    private var buffer: [Float] = []

    private init(device: SDL_AudioDeviceID, sampleRate: Double, driver: String) {
        self.device = device
        self.driver = driver
        mixer = AudioMixer(sampleRate: sampleRate)
    }

    deinit {
        SDL_CloseAudioDevice(device)
        SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
    }

    /// Opens the default output device of `driver` (nil: SDL's choice, which honours `SDL_AUDIODRIVER`),
    /// or says why there is none.
    static func open(driver: String? = nil) -> Result<SDLAudioOutput, AudioUnavailable> {
        if let driver {
            SDL_SetHint(SDL_HINT_AUDIODRIVER, driver)
        } else {
            SDL_ResetHint(SDL_HINT_AUDIODRIVER)
        }
        guard SDL_InitSubSystem(UInt32(SDL_INIT_AUDIO)) == 0 else {
            return .failure(AudioUnavailable(reason: "SDL audio could not start: \(SDLSubsystems.lastError())"))
        }
        var want = SDL_AudioSpec()
        want.freq = 48_000
        want.format = SDL_AudioFormat(AUDIO_F32SYS)
        want.channels = 2
        want.samples = 1_024
        var have = SDL_AudioSpec()
        let device = SDL_OpenAudioDevice(nil, 0, &want, &have, 0)
        guard device != 0 else {
            let reason = SDLSubsystems.lastError()
            SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
            return .failure(AudioUnavailable(reason: "no audio output device: \(reason)"))
        }
        let driver = SDL_GetCurrentAudioDriver().map { String(cString: $0) } ?? "unknown"
        let output = SDLAudioOutput(device: device, sampleRate: Double(have.freq), driver: driver)
        SDL_PauseAudioDevice(device, 0)
        return .success(output)
    }

    /// Tops the device's queue up to `queueAhead` seconds with the mix (once per frame).
    func pump() {
        let queuedFrames = Int(SDL_GetQueuedAudioSize(device)) / (2 * MemoryLayout<Float>.size)
        let wanted = Int(Self.queueAhead * mixer.sampleRate) - queuedFrames
        guard wanted > 0 else { return }
        mixer.mix(frames: wanted, into: &buffer)
        buffer.withUnsafeBytes { bytes in
            _ = SDL_QueueAudio(device, bytes.baseAddress, UInt32(bytes.count))
        }
    }

    // MARK: - AudioOutput

    func play(_ sound: Sound, volume: Double, pan: Double) { mixer.play(sound, volume: volume, pan: pan) }
    func playMusic(_ sound: Sound, volume: Double) { mixer.playMusic(sound, volume: volume) }
    func stopMusic() { mixer.stopMusic() }
    func stopAll() { mixer.stopAll() }
}

/// Why a window has no sound.
struct AudioUnavailable: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}
