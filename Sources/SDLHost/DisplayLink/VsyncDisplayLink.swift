import EmitterKit

/// A display link driven by the window's presents: each frame it reports when the previous frame was
/// shown, when the next will be, the nominal period, and the measured delta.
///
/// Use: `beginFrame()` before preparing a frame, `endFrame()` right after the present returns.
/// `beginFrame()` also fires the attached `CADisplayLink`s (it is EmitterKit's `DisplayLinkDriver` for a
/// window, as `VirtualDisplayLink` is headless) and calls `onFrame` (timestamp, measuredDelta).
/// With the default `MonotonicClock` its timestamps are on the same time line as a live `EngineClock`
/// (CLOCK_MONOTONIC), so `CACurrentMediaTime()` in a link's callback is at or just after `link.timestamp`.
public final class VsyncDisplayLink: DisplayLinkDriver {
    /// The nominal refresh period in seconds. Default 1/60.
    public private(set) var duration: Double
    /// The pacing policy.
    public var pacing: FramePacing
    /// Called at the start of every frame with (timestamp, measuredDelta), seconds.
    public var onFrame: ((_ timestamp: Double, _ measuredDelta: Double) -> Void)?
    /// Whether the last frame, present included, took at least 95 % of a period without the link
    /// sleeping: the present waited for vsync (or the frame's work filled the period).
    public private(set) var presentWaitsForVsync = false
    /// The `CADisplayLink`s fired at every frame (`link.add(to: displayLink)`).
    public let links = DisplayLinkList()

    /// The period links report as their `duration`: the display's, or the timer's when timer-paced.
    public var refreshPeriod: Double { period }

    private let clock: HostClock
    private var lastTimestamp: Double?
    private var frameIndex = 0

    /// A link on a clock, with a refresh rate in hertz (0, negative or non-finite means 60).
    public init(clock: HostClock, refreshRate: Double = 60, pacing: FramePacing = .vsync) {
        self.clock = clock
        self.pacing = pacing
        self.duration = 1 / 60
        setRefreshRate(refreshRate)
    }

    /// Changes the nominal rate (the window moved to another display). Invalid rates mean 60 Hz.
    public func setRefreshRate(_ hertz: Double) {
        duration = hertz.isFinite && hertz > 0 ? 1 / hertz : 1 / 60
    }

    // MARK: - Per frame

    /// Starts a frame: reads the clock and returns the tick for it.
    public func beginFrame() -> DisplayLinkTick {
        let now = clock.now()
        let delta = lastTimestamp.map { max(0, now - $0) } ?? duration
        lastTimestamp = now
        let tick = DisplayLinkTick(
            frameIndex: frameIndex, timestamp: now, targetTimestamp: now + period,
            duration: period, measuredDelta: delta)
        frameIndex += 1
        onFrame?(tick.timestamp, tick.measuredDelta)
        links.fire(
            VSync(timestamp: tick.timestamp, targetTimestamp: tick.targetTimestamp, refreshPeriod: tick.duration))
        return tick
    }

    /// Ends a frame after its present: sleeps when the present did not wait (see `FramePacing`).
    public func endFrame() {
        guard let start = lastTimestamp else { return }
        let elapsed = clock.now() - start
        switch pacing {
        case .vsync:
            // A present that waits for vsync ends the frame a whole period (give or take the timestamp's
            // jitter) after the previous one; one that returns earlier did not wait.
            presentWaitsForVsync = elapsed >= 0.95 * duration
            if !presentWaitsForVsync { clock.sleep(until: start + duration) }
        case .timer:
            clock.sleep(until: start + period)
        case .unthrottled:
            break
        }
    }

    /// The period the link aims for: the timer's when timer-paced, the display's otherwise.
    private var period: Double {
        if case .timer(let fps) = pacing, fps.isFinite, fps > 0 { return 1 / fps }
        return duration
    }
}
