import Foundation

/// What one frame of the engine did: time, steps, particles, bodies and costs.
public struct FrameStatistics: Equatable, Sendable, Codable {
    /// Frames advanced so far, this one included.
    public var frameIndex = 0
    /// The media time of the frame, seconds.
    public var mediaTime: Double = 0
    /// Simulated time after the frame's steps, seconds.
    public var simulatedTime: Double = 0
    /// The measured frame delta, seconds.
    public var measuredDelta: Double = 0
    /// Fixed steps run in the frame.
    public var steps = 0
    /// Time dropped by the clamp and the step cap, seconds.
    public var droppedTime: Double = 0
    /// Particles born during the frame.
    public var births = 0
    /// Particles that died during the frame.
    public var deaths = 0
    /// Births dropped by `maxParticles` during the frame.
    public var dropped = 0
    /// Particles removed during the frame because their position or velocity became NaN or infinite.
    public var nonFiniteRemoved = 0
    /// Live particles after the frame.
    public var liveParticles = 0
    /// Physics bodies (layers' bodies and particle bodies).
    public var bodies = 0
    /// Wall time of the frame's steps, milliseconds.
    public var simulationMilliseconds: Double = 0
    /// Wall time of the last render, milliseconds.
    public var renderMilliseconds: Double = 0

    /// Empty statistics.
    public init() {}
}
