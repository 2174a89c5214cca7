/// Pause, single-step and time speed: what the prototyping keys do to simulated time.
///
/// The host turns each frame's measured delta into `simulationDelta(measured:frameDuration:)`:
/// measured × `timeScale` while running, 0 while paused, one frame (`frameDuration` × `timeScale`)
/// for each `step` while paused. The engine feeds that to its fixed-step accumulator.
public struct PlaybackState: Equatable, Sendable {
    /// Whether simulated time is stopped. Default false.
    public var isPaused: Bool
    /// Simulated seconds per real second, a power of two in `timeScaleRange`. Default 1.
    public private(set) var timeScale: Double
    /// Steps requested while paused and not yet taken.
    public private(set) var pendingSteps: Int = 0

    /// The slowest and fastest time speed: 1/16 … 16.
    public static let timeScaleRange: ClosedRange<Double> = 1.0 / 16...16

    /// Running at speed 1, or as given (the scale is clamped to `timeScaleRange`).
    public init(isPaused: Bool = false, timeScale: Double = 1) {
        self.isPaused = isPaused
        self.timeScale = 1
        setTimeScale(timeScale)
    }

    // MARK: - Commands

    /// Applies a time command (pause, resume, step, speed); other commands change nothing.
    public mutating func apply(_ command: HostCommand) {
        switch command {
        case .pause: isPaused = true
        case .resume:
            isPaused = false
            pendingSteps = 0
        case .step: if isPaused { pendingSteps += 1 }
        case .speedUp: setTimeScale(timeScale * 2)
        case .speedDown: setTimeScale(timeScale / 2)
        case .resetSpeed: timeScale = 1
        default: break
        }
    }

    /// Sets the time speed, clamped to `timeScaleRange` (a non-finite value leaves it unchanged).
    public mutating func setTimeScale(_ scale: Double) {
        guard scale.isFinite else { return }
        timeScale = min(max(scale, Self.timeScaleRange.lowerBound), Self.timeScaleRange.upperBound)
    }

    // MARK: - Per frame

    /// The simulated seconds this frame covers, consuming one pending step when paused.
    /// - Parameters:
    ///   - measured: the display link's measured delta, seconds.
    ///   - frameDuration: the nominal refresh period, seconds (one step covers this much real time).
    /// - Returns: the seconds to advance the simulation by, 0 while paused with no step pending.
    public mutating func simulationDelta(measured: Double, frameDuration: Double) -> Double {
        if !isPaused { return measured * timeScale }
        guard pendingSteps > 0 else { return 0 }
        pendingSteps -= 1
        return frameDuration * timeScale
    }

    /// A short label for the overlay: `"paused"`, `"0.5x"`, or nil when running at speed 1.
    public var badge: String? {
        var parts: [String] = []
        if isPaused { parts.append("paused") }
        if timeScale != 1 { parts.append(Self.format(timeScale) + "x") }
        return parts.isEmpty ? nil : parts.joined(separator: "  ")
    }

    private static func format(_ scale: Double) -> String {
        if scale >= 1 { return String(Int(scale)) }
        return "1/" + String(Int((1 / scale).rounded()))
    }
}
