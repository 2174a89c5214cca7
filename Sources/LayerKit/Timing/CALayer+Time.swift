import Foundation

/// Hierarchical layer time: every layer measures time from its superlayer's, through its own beginTime,
/// speed and timeOffset; a root layer measures from the media time (`CACurrentMediaTime()`).
extension CALayer {
    // MARK: - Timing values

    /// The layer's CAMediaTiming properties as one value.
    public var mediaTiming: MediaTimingValues { state.timing }

    /// The layer whose time this layer's time derives from: the superlayer, or the masked layer for a mask.
    var timeParent: CALayer? { parent ?? maskOwner }

    // MARK: - Converting

    /// The layer's local time at media time `mediaTime` (the time its animations see).
    public func localTime(forMediaTime mediaTime: CFTimeInterval) -> CFTimeInterval {
        let parentTime = timeParent?.localTime(forMediaTime: mediaTime) ?? mediaTime
        return mediaTiming.layerLocalTime(atParentTime: parentTime)
    }

    /// The media time at which this layer's (linear) local time is `localTime`. Repeats of a layer with a
    /// duration are ignored; a paused ancestor maps every time to its beginTime.
    public func mediaTime(forLocalTime localTime: CFTimeInterval) -> CFTimeInterval {
        let parentTime = mediaTiming.layerParentTime(forLocalTime: localTime)
        return timeParent?.mediaTime(forLocalTime: parentTime) ?? parentTime
    }

    /// Converts `t` from the time space of `layer` (media time when nil) to this layer's.
    public func convertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
        let media = layer?.mediaTime(forLocalTime: t) ?? t
        return localTime(forMediaTime: media)
    }

    /// Converts `t` from this layer's time space to that of `layer` (media time when nil).
    public func convertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
        let media = mediaTime(forLocalTime: t)
        return layer?.localTime(forMediaTime: media) ?? media
    }
}
