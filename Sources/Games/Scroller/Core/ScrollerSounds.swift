import EmitterKit
import Foundation

/// The scroller's sounds, loaded once from WAV files: the target's `Sounds` resources (synthesised by
/// `swift run emitter-assets`), or another folder with the same file names.
struct ScrollerSounds {
    let explosion: Sound
    let laser: Sound
    let pickup: Sound
    let music: Sound

    /// Loads `explosion.wav`, `laser.wav`, `pickup.wav` and `music.wav` from `folder`, or from the
    /// target's resources when nil.
    /// - Throws: `SoundError` naming the file and the problem.
    init(folder: String?) throws {
        let base = folder ?? (Bundle.module.resourcePath.map { $0 + "/Sounds" } ?? "Sounds")
        explosion = try Sound(contentsOfFile: base + "/explosion.wav")
        laser = try Sound(contentsOfFile: base + "/laser.wav")
        pickup = try Sound(contentsOfFile: base + "/pickup.wav")
        music = try Sound(contentsOfFile: base + "/music.wav")
    }
}
