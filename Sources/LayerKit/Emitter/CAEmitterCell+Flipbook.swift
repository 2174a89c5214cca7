import Foundation

// MARK: - Flipbooks

extension CAEmitterCell {
    /// The cell's `contents` (within `contentsRect`) cut into frames played over each particle's life,
    /// or nil (default: the whole `contentsRect` is drawn). A sprite sheet of Particle Designer or
    /// cocos2d, or a SpriteKit atlas laid out on a grid, maps onto it (docs/Particles.md, "Flipbooks").
    /// The size of a particle is that of one frame. Extension (Unity's Texture Sheet Animation).
    public var contentsFrames: ParticleFlipbook? {
        get { state.effects.contentsFrames }
        set {
            state.effects.contentsFrames = newValue
            cellDidChange()
        }
    }

    /// The key description of `contentsFrames`: as key-value coding holds it, `[columns, rows,
    /// frameCount, framesPerSecond, overLife, loop, randomStartFrame]` (flags 0 or 1), or `.none`.
    static let contentsFramesKey = KeyDescription<CAEmitterCell>(
        "contentsFrames", get: { $0.contentsFrames.map { .numbers($0.flattened) } ?? .none },
        set: { cell, value, path in
            switch value {
            case .none: cell.contentsFrames = nil
            case .numbers(let list):
                do {
                    cell.contentsFrames = try ParticleFlipbook(flattened: list)
                } catch let e as ParticleFlipbookError {
                    throw KeyPathError.invalidValue(path: path, message: e.description)
                }
            default: throw value.mismatch(path, "flipbook")
            }
        })
}
