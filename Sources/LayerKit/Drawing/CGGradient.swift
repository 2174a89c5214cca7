import Foundation

/// Colours at locations, drawn by `CGContext.drawLinearGradient` and `drawRadialGradient`.
///
/// Colours interpolate premultiplied in sRGB-encoded space (docs/Design.md §3.13), as `CAGradientLayer` does.
public final class CGGradient: @unchecked Sendable {
    /// The colours, first to last.
    public let colors: [CGColor]
    /// Locations in 0…1, one per colour, ascending.
    public let locations: [CGFloat]

    /// A gradient of `colors` at `locations` (nil spreads them evenly from 0 to 1). Nil when there are no
    /// colours, the counts differ, or a location is not finite, as Core Graphics returns NULL.
    public init?(colors: [CGColor], locations: [CGFloat]?) {
        guard !colors.isEmpty else { return nil }
        let locs =
            locations ?? (colors.count == 1 ? [0] : (0..<colors.count).map { CGFloat($0) / CGFloat(colors.count - 1) })
        guard locs.count == colors.count, locs.allSatisfy(\.isFinite) else { return nil }
        let order = locs.indices.sorted { locs[$0] != locs[$1] ? locs[$0] < locs[$1] : $0 < $1 }
        self.colors = order.map { colors[$0] }
        self.locations = order.map { locs[$0] }
    }
}
