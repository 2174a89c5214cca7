import Foundation

/// Sound: short sounds with volume and pan, looping music, and the log that tests read.
///
/// In a window (`GameWindow`) sounds go to the audio device through SDL2; a machine without one plays
/// silently and says so once in the window's log. Headless, nothing is heard. Either way every call is
/// recorded in `playedSounds` with its fixed step, so a test can assert "the explosion played once".
extension GameSession {
    /// Plays `sound` once, at `volume` 0…1 (default 1) and `pan` −1 (left) … 1 (right) (default 0,
    /// centre). Values outside the ranges are clamped; non-finite ones count as the defaults.
    public func play(_ sound: Sound, volume: Double = 1, pan: Double = 0) {
        let v = volume.isFinite ? min(1, max(0, volume)) : 1
        let p = pan.isFinite ? min(1, max(-1, pan)) : 0
        record(.effect, sound.name, volume: v, pan: p)
        if let audioOutput {
            audioOutput.play(sound, volume: v, pan: p)
        } else {
            soundsBeforeFirstFrame?.append((sound, v, p))
        }
    }

    /// Starts `sound` looping as music at `volume` 0…1 (default 0.5), replacing the music playing. A
    /// restart stops it (play it again in `setUp`).
    public func playMusic(_ sound: Sound, volume: Double = 0.5) {
        if let current = currentMusic { record(.musicStopped, current, volume: 0, pan: 0) }
        let v = volume.isFinite ? min(1, max(0, volume)) : 0.5
        record(.musicStarted, sound.name, volume: v, pan: 0)
        currentMusic = sound.name
        playingMusic = (sound, v)
        audioOutput?.playMusic(sound, volume: v)
    }

    /// Stops the music, if any.
    public func stopMusic() {
        guard let current = currentMusic else { return }
        record(.musicStopped, current, volume: 0, pan: 0)
        currentMusic = nil
        playingMusic = nil
        audioOutput?.stopMusic()
    }

    /// Every sound played, music started and stopped since the session was made, in order (restarts do
    /// not clear it; `SoundEvent.run` tells the runs apart).
    public var playedSounds: [SoundEvent] { soundLog }

    /// How many times a short sound called `name` was played in the current run.
    public func timesPlayed(_ name: String) -> Int {
        soundLog.reduce(0) { $0 + ($1.kind == .effect && $1.name == name && $1.run == restartCount ? 1 : 0) }
    }

    /// Gives a newly attached output what it would have been playing: the music, and the sounds of the
    /// first `setUp` while no frame has run yet.
    func handOverSounds() {
        guard let audioOutput else { return }
        for effect in soundsBeforeFirstFrame ?? [] {
            audioOutput.play(effect.sound, volume: effect.volume, pan: effect.pan)
        }
        soundsBeforeFirstFrame = nil
        if let music = playingMusic { audioOutput.playMusic(music.sound, volume: music.volume) }
    }

    private func record(_ kind: SoundEvent.Kind, _ name: String, volume: Double, pan: Double) {
        let step = currentStep?.index ?? engine.integrator.stepCount
        soundLog.append(
            SoundEvent(kind: kind, name: name, volume: volume, pan: pan, step: step, time: time, run: restartCount))
    }
}
