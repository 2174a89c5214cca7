import Foundation

/// One entry of a session's played-sounds log (`GameSession.playedSounds`): which sound, how, and when on
/// the game clock. Recorded in every run, headless or windowed, so a test can assert what a player would
/// have heard.
public struct SoundEvent: Equatable, Sendable, CustomStringConvertible {
    /// What happened.
    public enum Kind: String, Sendable {
        /// A short sound started (`play`).
        case effect
        /// Music started looping (`playMusic`).
        case musicStarted
        /// The music stopped (`stopMusic`, or another piece replaced it).
        case musicStopped
    }

    /// What happened.
    public var kind: Kind
    /// The sound's name (`Sound.name`).
    public var name: String
    /// Volume, 0…1.
    public var volume: Double
    /// Pan, −1 (left) … 1 (right); 0 for music.
    public var pan: Double
    /// The fixed step it happened in (the step being run, or the next one for calls between steps).
    public var step: Int64
    /// The game time, seconds since the run's (re)start (`GameSession.time`).
    public var time: CFTimeInterval
    /// Restarts before it (0 in the first run).
    public var run: Int

    /// `step 180 (1.500 s): effect explosion volume 0.8 pan -0.2`.
    public var description: String {
        "step \(step) (\(String(format: "%.3f", time)) s): \(kind.rawValue) \(name) volume \(volume) pan \(pan)"
    }
}

/// Where a session's sounds are heard: a window's audio device (SDLHost). Headless sessions have none:
/// sounds are only logged.
package protocol AudioOutput: AnyObject {
    /// Starts `sound` once at `volume` (0…1) and `pan` (−1…1).
    func play(_ sound: Sound, volume: Double, pan: Double)
    /// Starts `sound` looping at `volume`, replacing the music playing.
    func playMusic(_ sound: Sound, volume: Double)
    /// Stops the music.
    func stopMusic()
    /// Stops every sound (a restart).
    func stopAll()
}
