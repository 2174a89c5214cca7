import Foundation
import LayerKit

/// The scene's `display` section: the size of the view, its background and its frame rate.
public struct DisplayDescription: Equatable, Sendable {
    /// Size of the view in points, each side 1…16 384. Default 800×600.
    public var size: CGSize = CGSize(width: 800, height: 600)
    /// Colour behind every layer. Default opaque black.
    public var backgroundColor: CGColor = .black
    /// Frames drawn per second, > 0 and ≤ 1000. Default 60. The simulation's fixed step does not depend on it.
    public var framesPerSecond: Double = 60

    /// The defaults.
    public init() {}
}
