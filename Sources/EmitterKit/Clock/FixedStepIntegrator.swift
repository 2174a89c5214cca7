import Foundation
import LayerKit

/// Turns measured frame deltas into a whole number of fixed simulation steps (docs/Design.md §1.3).
///
/// Each frame's delta is clamped (default 0.25 s) and added to an accumulator; the accumulator is
/// consumed in fixed steps (default 1/120 s); what is left is the interpolation fraction for drawing.
/// At most `maxStepsPerFrame` steps run per frame: time beyond that is dropped and reported, so a slow
/// step can never make the next frame longer and longer (the spiral of death).
///
/// The number of steps at a time depends only on the sum of the deltas, not on how the time was cut into
/// frames: the step count is `floor(total / step)`, where a total within 10⁻⁶ of a step below a boundary
/// counts as reaching it (sums of 1/60 and of 1/30 differ in their last bits). So 30, 60 or 144 frames
/// per second, or irregular deltas, run the same steps at equal times.
public struct FixedStepIntegrator: Sendable {
    // MARK: - Configuration

    /// Length of one simulation step, seconds, > 0. Default 1/120.
    public let step: CFTimeInterval
    /// Largest frame delta used, seconds, > 0; longer frames are clamped. Default 0.25.
    public let maxFrameDelta: CFTimeInterval
    /// Most steps run in one frame, ≥ 1. Default: enough for `maxFrameDelta` (30 with the defaults).
    public let maxStepsPerFrame: Int

    // MARK: - State

    /// Steps run so far.
    public private(set) var stepCount: Int64 = 0
    /// Time accepted so far (sum of clamped deltas, less dropped time), seconds.
    public private(set) var acceptedTime: CFTimeInterval = 0
    /// Total time dropped by clamping and by the step cap, seconds.
    public private(set) var droppedTime: CFTimeInterval = 0
    /// What the last frame did.
    public private(set) var lastFrame = FrameAdvance()
    private var lastTimestamp: CFTimeInterval?

    /// Simulated time: steps × step, seconds (exact multiples, no accumulated rounding).
    public var simulatedTime: CFTimeInterval { Double(stepCount) * step }

    /// How far the accepted time is past the last step, as a fraction of a step (0…1): draw bodies at
    /// `previous + fraction × (current − previous)`.
    public var interpolationFraction: Double { min(1, max(0, (acceptedTime - simulatedTime) / step)) }

    // MARK: - Creating

    /// An integrator; throws for a step or clamp that is not a finite number > 0, or a cap below 1.
    public init(step: CFTimeInterval = 1.0 / 120.0, maxFrameDelta: CFTimeInterval = 0.25, maxStepsPerFrame: Int? = nil)
        throws
    {
        guard step.isFinite, step > 0 else {
            throw IntegratorError.invalidSetting(name: "step", message: "expected seconds > 0, got \(step)")
        }
        guard maxFrameDelta.isFinite, maxFrameDelta > 0 else {
            throw IntegratorError.invalidSetting(
                name: "maxFrameDelta", message: "expected seconds > 0, got \(maxFrameDelta)")
        }
        guard maxFrameDelta / step <= 1e7 else {
            throw IntegratorError.invalidSetting(
                name: "step",
                message: "\(step) s is too small for frames of up to \(maxFrameDelta) s (more than 10⁷ steps per frame)"
            )
        }
        let cap = maxStepsPerFrame ?? max(1, Int((maxFrameDelta / step - 1e-6).rounded(.up)))
        guard cap >= 1 else {
            throw IntegratorError.invalidSetting(
                name: "maxStepsPerFrame", message: "expected an integer ≥ 1, got \(cap)")
        }
        self.step = step
        self.maxFrameDelta = maxFrameDelta
        self.maxStepsPerFrame = cap
    }

    // MARK: - Advancing

    /// Accepts a frame delta (seconds) and returns how many steps to run now. A negative, infinite or
    /// NaN delta counts as 0 and is flagged in `lastFrame`.
    @discardableResult
    public mutating func advance(by frameDelta: CFTimeInterval) -> Int {
        var report = FrameAdvance()
        report.measuredDelta = frameDelta
        var used = frameDelta
        if !frameDelta.isFinite || frameDelta < 0 {
            used = 0
            report.invalidDelta = true
        }
        let clamped = min(used, maxFrameDelta)
        var dropped = used - clamped
        acceptedTime += clamped
        var due = Int64((acceptedTime / step + 1e-6).rounded(.down)) - stepCount
        if due > Int64(maxStepsPerFrame) {
            let excess = due - Int64(maxStepsPerFrame)
            dropped += Double(excess) * step
            acceptedTime -= Double(excess) * step
            due = Int64(maxStepsPerFrame)
        }
        due = max(0, due)
        stepCount += due
        droppedTime += dropped
        report.usedDelta = clamped
        report.steps = Int(due)
        report.droppedTime = dropped
        report.interpolationFraction = interpolationFraction
        lastFrame = report
        return Int(due)
    }

    /// Measures the delta from the previous call's timestamp (the display link's `timestamp`) and
    /// advances by it; the first call only records the timestamp and returns 0.
    @discardableResult
    public mutating func advance(toTimestamp timestamp: CFTimeInterval) -> Int {
        defer { lastTimestamp = timestamp }
        guard let previous = lastTimestamp else {
            lastFrame = FrameAdvance()
            lastFrame.interpolationFraction = interpolationFraction
            return 0
        }
        return advance(by: timestamp - previous)
    }

    /// Advances by `frameDelta` and calls `body` once per due step, in order, with the step's index and
    /// start time. Returns what the frame did.
    @discardableResult
    public mutating func advance(by frameDelta: CFTimeInterval, _ body: (FixedStep) throws -> Void) rethrows
        -> FrameAdvance
    {
        let n = advance(by: frameDelta)
        let first = stepCount - Int64(n)
        for k in 0..<Int64(n) {
            let index = first + k
            try body(FixedStep(index: index, time: Double(index) * step, duration: step))
        }
        return lastFrame
    }
}

/// One fixed step to run.
public struct FixedStep: Equatable, Sendable {
    /// The step's number, from 0.
    public var index: Int64
    /// Simulated time at the start of the step, seconds (index × duration).
    public var time: CFTimeInterval
    /// The step length, seconds.
    public var duration: CFTimeInterval
}

/// What one frame did to the integrator.
public struct FrameAdvance: Equatable, Sendable {
    /// The delta given, seconds.
    public var measuredDelta: CFTimeInterval = 0
    /// The delta used after clamping, seconds.
    public var usedDelta: CFTimeInterval = 0
    /// Steps run this frame.
    public var steps: Int = 0
    /// Time dropped this frame by the clamp and the step cap, seconds.
    public var droppedTime: CFTimeInterval = 0
    /// The interpolation fraction after the frame, 0…1.
    public var interpolationFraction: Double = 0
    /// Whether the delta was negative, infinite or NaN (and counted as 0).
    public var invalidDelta: Bool = false
}

/// A setting the integrator cannot use.
public enum IntegratorError: Error, Equatable, CustomStringConvertible {
    /// `name` has a bad value; `message` says what is expected.
    case invalidSetting(name: String, message: String)

    /// A message naming the setting and the fix.
    public var description: String {
        switch self {
        case .invalidSetting(let name, let message): return "FixedStepIntegrator.\(name): \(message)"
        }
    }
}
