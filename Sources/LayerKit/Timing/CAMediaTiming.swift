import Foundation

/// A time interval in seconds (Core Foundation's name, which Linux Foundation does not export).
public typealias CFTimeInterval = Double

/// Core Animation's timing protocol, adopted by layers, animations and emitter cells.
///
/// Each object measures its local time from its parent's: `local = (parent − beginTime) · speed + timeOffset`,
/// then applies its duration, repeats, autoreversing and fill mode. Layers pass their beginTime, speed
/// and timeOffset down to sublayers and animations (hierarchical time); see docs/Time.md.
public protocol CAMediaTiming: AnyObject {
    /// Start time in the parent's time space, in seconds. Default 0.
    var beginTime: CFTimeInterval { get set }
    /// Length of one cycle in seconds. Default 0 (animations treat 0 as 0.25 s).
    var duration: CFTimeInterval { get set }
    /// Rate of local time relative to the parent's: 2 runs twice as fast, 0 pauses. Default 1.
    var speed: Float { get set }
    /// Added to local time after scaling by speed, in seconds. Default 0.
    var timeOffset: CFTimeInterval { get set }
    /// Number of cycles, may be fractional; `.infinity` repeats forever. Default 0 (one cycle).
    var repeatCount: Float { get set }
    /// Total active time in seconds, as an alternative to repeatCount. Default 0 (unused).
    var repeatDuration: CFTimeInterval { get set }
    /// Whether every other cycle plays backwards. Default false.
    var autoreverses: Bool { get set }
    /// What is shown outside the active interval. Default `.removed`.
    var fillMode: CAMediaTimingFillMode { get set }
}

/// The stored CAMediaTiming values with Core Animation's defaults; a building block for adopters.
public struct MediaTimingValues: Equatable, Hashable, Sendable {
    /// Start time in the parent's time, seconds. Default 0.
    public var beginTime: CFTimeInterval = 0
    /// One cycle in seconds. Default 0.
    public var duration: CFTimeInterval = 0
    /// Local time rate. Default 1.
    public var speed: Float = 1
    /// Local time offset, seconds. Default 0.
    public var timeOffset: CFTimeInterval = 0
    /// Cycles. Default 0 (one).
    public var repeatCount: Float = 0
    /// Total active time, seconds. Default 0 (unused).
    public var repeatDuration: CFTimeInterval = 0
    /// Play alternate cycles backwards. Default false.
    public var autoreverses: Bool = false
    /// Fill outside the active interval. Default `.removed`.
    public var fillMode: CAMediaTimingFillMode = .removed

    /// Core Animation's defaults.
    public init() {}
}
