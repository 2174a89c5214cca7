import Foundation

/// How a `GameSession` builds its engine.
public struct GameConfiguration: Sendable {
    /// Size of the view in points, the root layer's bounds. Default 640×480; ignored when `scenePath` is set
    /// (the scene's display size is used).
    public var viewSize: CGSize
    /// Colour behind every layer. Default opaque black; ignored when `scenePath` is set.
    public var backgroundColor: CGColor
    /// Length of a fixed step in seconds, 1/1000…1/10, or nil (default): the scene's `physics.step` when
    /// `scenePath` names a scene that sets one, else 1/120.
    public var fixedStep: CFTimeInterval?
    /// A scene file (JSON) to start from: its layer tree becomes the root. Default nil (an empty root layer).
    public var scenePath: String?
    /// Seed of `session.random` and added to every emitter's seed of a loaded scene. Default 0.
    public var seed: UInt32
    /// Rasteriser threads. Default 1: games are small and headless tests run side by side.
    public var threadCount: Int

    /// A configuration; every argument has its default.
    public init(
        viewSize: CGSize = CGSize(width: 640, height: 480), backgroundColor: CGColor = .black,
        fixedStep: CFTimeInterval? = nil, scenePath: String? = nil, seed: UInt32 = 0, threadCount: Int = 1
    ) {
        self.viewSize = viewSize
        self.backgroundColor = backgroundColor
        self.fixedStep = fixedStep
        self.scenePath = scenePath
        self.seed = seed
        self.threadCount = threadCount
    }

    /// Why the configuration cannot be used, or nil.
    public var problem: String? {
        let w = Double(viewSize.width)
        let h = Double(viewSize.height)
        guard w.isFinite, h.isFinite, w >= 1, h >= 1, w <= 16384, h <= 16384 else {
            return "GameConfiguration.viewSize: \(w)x\(h) points; each side must be 1...16384"
        }
        if let fixedStep, !(fixedStep.isFinite && fixedStep >= 0.001 && fixedStep <= 0.1) {
            return
                "GameConfiguration.fixedStep: \(fixedStep) s; use 0.001...0.1, or nil for the scene's step (else 1/120)"
        }
        guard threadCount >= 1, threadCount <= 256 else {
            return "GameConfiguration.threadCount: \(threadCount); use 1...256"
        }
        return nil
    }
}
