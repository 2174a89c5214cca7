import Foundation

/// Where an object (animation or layer) stands in its own timeline at a given parent time: the result of
/// applying beginTime, speed, timeOffset, duration, repeats, autoreversing and the fill mode.
///
/// See docs/Time.md for the formulas. Objects compute this with `MediaTimingValues.state(atParentTime:defaultDuration:)`.
package struct MediaTimingState: Equatable, Sendable {
    /// The part of the timeline the parent time falls in.
    package enum Phase: Equatable, Sendable {
        /// Before the active interval (shown only with a backwards fill).
        case before
        /// Inside the active interval.
        case active
        /// After the active interval (shown only with a forwards fill).
        case after
    }

    /// The part of the timeline.
    package var phase: Phase
    /// Time within the current cycle in seconds, 0…duration; already mirrored in the backward half of an
    /// autoreversing cycle.
    package var cycleTime: CFTimeInterval
    /// The effective length of one cycle (forward part only) in seconds, > 0.
    package var duration: CFTimeInterval
    /// The number of whole repetitions completed before the current one (for cumulative animations).
    package var iteration: Int
    /// Whether the current cycle time runs backwards (the second half of an autoreversing cycle).
    package var isReversed: Bool

    /// The progress through the current cycle, 0…1.
    package var fraction: Double { duration > 0 ? min(1, max(0, cycleTime / duration)) : 1 }
}

extension MediaTimingValues {
    // MARK: - Active interval

    /// The length of one cycle, seconds: `duration`, or `defaultDuration` when it is 0.
    package func effectiveDuration(defaultDuration: CFTimeInterval) -> CFTimeInterval {
        duration > 0 ? duration : defaultDuration
    }

    /// The length of the active interval in the object's (speed-scaled) time, seconds: `repeatDuration`
    /// when set, else `repeatCount` (0 meaning 1) cycles, a cycle being twice the duration when autoreversing.
    /// `.infinity` repeats forever.
    package func activeDuration(defaultDuration: CFTimeInterval) -> CFTimeInterval {
        let d = effectiveDuration(defaultDuration: defaultDuration)
        let cycle = autoreverses ? 2 * d : d
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount > 0 { return repeatCount.isInfinite ? .infinity : Double(repeatCount) * cycle }
        return cycle
    }

    /// The elapsed active time at `parentTime`: `(parentTime − beginTime) × speed` (timeOffset excluded).
    package func elapsedTime(atParentTime parentTime: CFTimeInterval) -> CFTimeInterval {
        (parentTime - beginTime) * Double(speed)
    }

    /// Whether the active interval is over at `parentTime` (the animation is complete).
    package func isComplete(atParentTime parentTime: CFTimeInterval, defaultDuration: CFTimeInterval) -> Bool {
        elapsedTime(atParentTime: parentTime) >= activeDuration(defaultDuration: defaultDuration)
    }

    // MARK: - Timeline position

    /// The timeline position at `parentTime`, or nil when the object has no effect then (outside the
    /// active interval without a fill in that direction).
    ///
    /// - Parameters:
    ///   - parentTime: the time in the parent's timeline, seconds.
    ///   - defaultDuration: the cycle length used when `duration` is 0 (0.25 s for animations).
    /// - Returns: the position, or nil when the object has no effect at `parentTime`.
    package func state(atParentTime parentTime: CFTimeInterval, defaultDuration: CFTimeInterval) -> MediaTimingState? {
        let active = activeDuration(defaultDuration: defaultDuration)
        let elapsed = elapsedTime(atParentTime: parentTime)
        if elapsed < 0 {
            guard fillMode == .backwards || fillMode == .both else { return nil }
            return position(localTime: timeOffset, atEnd: false, phase: .before, defaultDuration: defaultDuration)
        }
        if elapsed >= active {
            guard fillMode == .forwards || fillMode == .both else { return nil }
            return position(
                localTime: active + timeOffset, atEnd: true, phase: .after, defaultDuration: defaultDuration)
        }
        return position(localTime: elapsed + timeOffset, atEnd: false, phase: .active, defaultDuration: defaultDuration)
    }

    /// Maps a local time (elapsed + timeOffset) into a cycle. At the end of the active interval an exact
    /// multiple of the cycle length shows the end of the last cycle, not the start of the next.
    private func position(
        localTime: CFTimeInterval, atEnd: Bool, phase: MediaTimingState.Phase,
        defaultDuration: CFTimeInterval
    ) -> MediaTimingState {
        let d = effectiveDuration(defaultDuration: defaultDuration)
        let cycle = autoreverses ? 2 * d : d
        guard cycle > 0, cycle.isFinite, localTime.isFinite else {
            return MediaTimingState(
                phase: phase, cycleTime: d.isFinite ? d : 0, duration: d, iteration: 0, isReversed: false)
        }
        var k = (localTime / cycle).rounded(.down)
        var inCycle = localTime - k * cycle
        if atEnd && localTime > 0 && inCycle <= cycle * 1e-12 {
            inCycle = cycle
            k -= 1
        }
        inCycle = min(cycle, max(0, inCycle))
        var t = inCycle
        var reversed = false
        if autoreverses && inCycle > d {
            t = cycle - inCycle
            reversed = true
        }
        let iteration = k.magnitude < Double(Int.max / 2) ? Int(k) : 0
        return MediaTimingState(
            phase: phase, cycleTime: min(d, max(0, t)), duration: d, iteration: iteration,
            isReversed: reversed)
    }

    // MARK: - Layer time

    /// A layer's local time for its parent's time: `(parentTime − beginTime) × speed + timeOffset`.
    /// When the layer has a duration its time also repeats, autoreverses and holds at both ends.
    package func layerLocalTime(atParentTime parentTime: CFTimeInterval) -> CFTimeInterval {
        if duration <= 0 {
            return (parentTime - beginTime) * Double(speed) + timeOffset
        }
        var filled = self
        filled.fillMode = .both
        return filled.state(atParentTime: parentTime, defaultDuration: duration)?.cycleTime ?? 0
    }

    /// The parent time at which a layer's linear local time (repeats ignored) equals `localTime`. A paused
    /// layer (speed 0) shows the same time at every parent time; its beginTime is returned then.
    package func layerParentTime(forLocalTime localTime: CFTimeInterval) -> CFTimeInterval {
        guard speed != 0 else { return beginTime }
        return (localTime - timeOffset) / Double(speed) + beginTime
    }
}
