import Foundation

/// Frames laid out in a grid in one image, shown one at a time through a layer's `contentsRect`: a
/// flipbook for coins, explosions and walk cycles.
///
/// Frames are numbered row by row from the top-left cell (frame 0). `animation` makes Core Animation's
/// discrete keyframe animation of `contentsRect`, which runs on the layer's media time: in a game, the
/// engine's clock, so it is deterministic, pauses with the game and follows its time scale.
///
/// ```swift
/// let sheet = try SpriteSheet(columns: 8, rows: 1)
/// coin.contents = coinImage
/// try sheet.animate(coin, framesPerSecond: 12)
/// ```
public struct SpriteSheet: Equatable, Sendable {
    /// Cells across, 1…1024.
    public let columns: Int
    /// Cells down, 1…1024.
    public let rows: Int
    /// Frames used, 1…columns × rows (the last cells of the grid may be empty). Default all cells.
    public let frameCount: Int

    /// A sheet of `columns` × `rows` cells holding `frameCount` frames (default all).
    /// - Throws: `GameError.invalidSetting` for sizes outside the ranges.
    public init(columns: Int, rows: Int = 1, frameCount: Int? = nil) throws {
        guard (1...1024).contains(columns), (1...1024).contains(rows) else {
            throw GameError.invalidSetting("SpriteSheet: \(columns)x\(rows) cells; each side must be 1...1024")
        }
        let count = frameCount ?? columns * rows
        guard count >= 1, count <= columns * rows else {
            throw GameError.invalidSetting(
                "SpriteSheet: frameCount \(count); a \(columns)x\(rows) sheet holds 1...\(columns * rows) frames")
        }
        self.columns = columns
        self.rows = rows
        self.frameCount = count
    }

    /// The `contentsRect` (unit coordinates of the image) that shows `frame`; frames outside
    /// 0..<frameCount wrap around.
    public func contentsRect(ofFrame frame: Int) -> CGRect {
        let f = ((frame % frameCount) + frameCount) % frameCount
        let w = 1 / CGFloat(columns)
        let h = 1 / CGFloat(rows)
        return CGRect(x: CGFloat(f % columns) * w, y: CGFloat(f / columns) * h, width: w, height: h)
    }

    /// A discrete keyframe animation of `contentsRect` through `frames` (default all, in order) at
    /// `framesPerSecond`, each frame shown for 1/framesPerSecond seconds, repeating forever or played
    /// once (`repeats: false`, ending on the last frame: `fillMode` forwards, not removed on completion).
    /// - Throws: `GameError.invalidSetting` for a rate outside 0.01…1000 frames per second or an empty
    ///   frame range.
    public func animation(framesPerSecond: Double, frames: Range<Int>? = nil, repeats: Bool = true) throws
        -> CAKeyframeAnimation
    {
        guard framesPerSecond.isFinite, framesPerSecond >= 0.01, framesPerSecond <= 1000 else {
            throw GameError.invalidSetting(
                "SpriteSheet.animation: \(framesPerSecond) frames per second; use 0.01...1000")
        }
        let range = frames ?? 0..<frameCount
        guard !range.isEmpty else { throw GameError.invalidSetting("SpriteSheet.animation: an empty frame range") }
        let n = range.count
        let animation = CAKeyframeAnimation(keyPath: "contentsRect")
        animation.calculationMode = .discrete
        animation.values = range.map { contentsRect(ofFrame: $0) }
        // Discrete mode: one more key time than values, so every frame is shown for 1/n of the cycle.
        animation.keyTimes = (0...n).map { NSNumber(value: Double($0) / Double(n)) }
        animation.duration = Double(n) / framesPerSecond
        if repeats {
            animation.repeatCount = .infinity
        } else {
            animation.fillMode = .forwards
            animation.isRemovedOnCompletion = false
        }
        return animation
    }

    /// Shows frame `frames.first` on `layer` and adds `animation(framesPerSecond:frames:repeats:)` to it
    /// under `key` (default `"spriteSheet"`, replacing an earlier one), starting now.
    /// - Throws: what `animation` throws.
    public func animate(
        _ layer: CALayer, framesPerSecond: Double, frames: Range<Int>? = nil, repeats: Bool = true,
        key: String = "spriteSheet"
    ) throws {
        let made = try animation(framesPerSecond: framesPerSecond, frames: frames, repeats: repeats)
        CATransaction.performWithoutActions { layer.contentsRect = contentsRect(ofFrame: frames?.first ?? 0) }
        layer.add(made, forKey: key)
    }
}
