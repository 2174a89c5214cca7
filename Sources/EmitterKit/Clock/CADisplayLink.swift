import Foundation
import LayerKit

/// A timer synchronised with the display's refresh (Core Animation's CADisplayLink), adapted: it runs a
/// Swift callback and attaches to a `DisplayLinkDriver` (the headless `VirtualDisplayLink` or the window's
/// vsync link) instead of a run loop.
///
/// ```swift
/// let link = CADisplayLink(target: self, selector: BallView.step)   // func step(_ link: CADisplayLink)
/// link.add(to: driver)
/// ```
/// The link retains its target until `invalidate()`, as in Core Animation.
open class CADisplayLink {
    // MARK: - Stored state

    private var callback: ((CADisplayLink) -> Void)?
    private weak var list: DisplayLinkList?
    private var refreshesSinceFire = 0
    private var hasFired = false

    /// The time of the refresh this callback is for (the last displayed frame), seconds of the engine
    /// clock. 0 before the first callback.
    public private(set) var timestamp: CFTimeInterval = 0
    /// The time of the next frame this link will fire for: the frame to prepare for, seconds.
    public private(set) var targetTimestamp: CFTimeInterval = 0
    /// The display's refresh period, seconds (not multiplied by the frame interval, as in Core Animation).
    /// 0 before the first callback.
    public private(set) var duration: CFTimeInterval = 0
    /// The wanted callback rate; 0 means the display's rate. The link fires every k-th refresh, k the
    /// whole number nearest to displayRate / preferredFramesPerSecond (at least 1). Overrides
    /// `frameInterval` when > 0. Default 0.
    public var preferredFramesPerSecond: Int = 0
    /// Fire every `frameInterval`-th refresh (values below 1 count as 1). Default 1.
    public var frameInterval: Int = 1
    /// Whether callbacks are suspended (refreshes pass without callbacks). Default false.
    public var isPaused: Bool = false
    /// Extension: false once `invalidate()` was called.
    public private(set) var isValid = true

    /// The driver used by `add(to:forMode:)` (the engine sets its display link here).
    nonisolated(unsafe) public static weak var defaultDriver: DisplayLinkDriver?

    // MARK: - Creating

    /// A link that calls `callback` with itself on every due refresh.
    public init(callback: @escaping (CADisplayLink) -> Void) {
        self.callback = callback
    }

    /// A link that calls `selector` (an unapplied method such as `BallView.step`) on `target`, retaining
    /// the target until invalidated.
    public convenience init<Target: AnyObject>(target: Target, selector: @escaping (Target) -> (CADisplayLink) -> Void)
    {
        self.init(callback: { link in selector(target)(link) })
    }

    // MARK: - Scheduling

    /// Attaches the link to `driver`; it fires from the driver's next refresh on. A link belongs to one
    /// driver at a time.
    public func add(to driver: DisplayLinkDriver) {
        guard isValid else { return }
        list?.detach(self)
        list = driver.links
        refreshesSinceFire = 0
        hasFired = false
        driver.links.attach(self)
    }

    /// Detaches the link from `driver` (it can be added again).
    public func remove(from driver: DisplayLinkDriver) {
        guard list === driver.links else { return }
        driver.links.detach(self)
        list = nil
    }

    /// Core Animation's spelling: attaches to `CADisplayLink.defaultDriver` (run loop and mode are not
    /// used). Without a default driver the link stays detached and a warning is printed.
    public func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard let driver = CADisplayLink.defaultDriver else {
            FileHandle.standardError.write(
                Data(
                    "Emitter: CADisplayLink.add(to:forMode:): no display link driver is running; use add(to: driver) or set CADisplayLink.defaultDriver\n"
                        .utf8))
            return
        }
        add(to: driver)
    }

    /// Stops the link for good and releases its target. Safe inside its own callback: no further
    /// callbacks happen, including later in the same refresh.
    public func invalidate() {
        isValid = false
        callback = nil
        list?.detach(self)
        list = nil
    }

    // MARK: - Firing

    func isAttached(to list: DisplayLinkList) -> Bool { isValid && self.list === list }

    /// The number of refreshes between callbacks for a display of period `period`.
    func interval(forRefreshPeriod period: CFTimeInterval) -> Int {
        if preferredFramesPerSecond > 0, period > 0 {
            let ratio = (1 / period / Double(preferredFramesPerSecond)).rounded()
            return ratio.isFinite ? Int(min(1_000_000, max(1, ratio))) : 1
        }
        return max(1, frameInterval)
    }

    func handle(_ vsync: VSync) {
        guard !isPaused else {
            refreshesSinceFire = 0
            hasFired = false
            return
        }
        let k = interval(forRefreshPeriod: vsync.refreshPeriod)
        refreshesSinceFire += 1
        guard !hasFired || refreshesSinceFire >= k else { return }
        refreshesSinceFire = 0
        hasFired = true
        timestamp = vsync.timestamp
        duration = vsync.refreshPeriod
        targetTimestamp = vsync.targetTimestamp + Double(k - 1) * vsync.refreshPeriod
        callback?(self)
    }
}
