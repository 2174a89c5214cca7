import Foundation
import LayerKit

/// A validated `lineDashPattern` with its `lineDashPhase`, in user-space points.
///
/// Core Graphics semantics: lengths alternate dash, gap, dash, …; an odd-length list is repeated once
/// so that it alternates ([5] is [5, 5]; [5, 2, 3] is [5, 2, 3, 5, 2, 3]); the phase is how far into the
/// pattern each subpath starts; a zero-length dash is a dot when the cap is round or square.
public struct DashPattern: Equatable, Sendable {
    /// Dash and gap lengths with an even count, each ≥ 0, summing to > 0.
    public let lengths: [CGFloat]
    /// The phase reduced into 0 ..< `period`.
    public let phase: CGFloat
    /// The sum of `lengths`: the distance after which the pattern repeats.
    public let period: CGFloat

    /// The most dashes one stroke may produce; finer patterns are refused instead of exhausting memory.
    public static let maximumDashCount = 1_000_000

    /// Validates a pattern. Returns nil when the line is solid: no pattern, an empty one, or one whose
    /// lengths sum to zero (as SVG specifies; Core Graphics draws such lines solid too).
    /// - Throws: `PathGeometryError.badDashLength` for a negative or non-finite length,
    ///   `.badDashPhase` for a non-finite phase.
    public static func make(lengths: [CGFloat]?, phase: CGFloat) throws -> DashPattern? {
        guard let lengths, !lengths.isEmpty else { return nil }
        for (i, v) in lengths.enumerated() where !(v.isFinite && v >= 0) {
            throw PathGeometryError.badDashLength(index: i, value: v)
        }
        guard phase.isFinite else { throw PathGeometryError.badDashPhase(phase) }
        let even = lengths.count % 2 == 0 ? lengths : lengths + lengths
        let period = even.reduce(0, +)
        guard period > 0, period.isFinite else { return nil }
        var ph = phase.truncatingRemainder(dividingBy: period)
        if ph < 0 { ph += period }
        return DashPattern(lengths: even, phase: ph, period: period)
    }

    private init(lengths: [CGFloat], phase: CGFloat, period: CGFloat) {
        (self.lengths, self.phase, self.period) = (lengths, phase, period)
    }

    // MARK: - Intervals

    /// Calls `body(start, end)` for every dash along a subpath of `length`, in order, clipped to the
    /// subpath. Zero-length dashes are reported as `start == end`. The pattern restarts at the phase on
    /// every subpath, as in Core Graphics.
    func forEachDash(alongLength length: CGFloat, isClosed: Bool, _ body: (CGFloat, CGFloat) -> Void) {
        var index = 0
        var remaining = lengths[0]
        // Skip the phase.
        var skip = phase
        while skip > 0 {
            if skip >= remaining {
                skip -= remaining
                index = (index + 1) % lengths.count
                remaining = lengths[index]
            } else {
                remaining -= skip
                skip = 0
            }
        }
        var s: CGFloat = 0
        while s < length || (s == length && !isClosed && index % 2 == 0 && remaining == 0) {
            let e = s + remaining
            if index % 2 == 0 { body(s, min(e, length)) }
            s = e
            index = (index + 1) % lengths.count
            remaining = lengths[index]
        }
    }

    /// A bound on the number of dashes along `length`, for the size check.
    func estimatedDashCount(alongLength length: CGFloat) -> Double {
        Double(length / period + 1) * Double(lengths.count / 2)
    }

    /// Whether the pattern is "on" at the very start of a subpath (decides whether a zero-length
    /// subpath draws its dot). A zero-length dash at the phase counts as on.
    var startsOn: Bool {
        var offset: CGFloat = 0
        for (i, len) in lengths.enumerated() {
            if i % 2 == 0, offset <= phase, phase <= offset + len { return true }
            offset += len
        }
        return false
    }
}
