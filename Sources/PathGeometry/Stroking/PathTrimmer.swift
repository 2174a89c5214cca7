import Foundation
import LayerKit

/// Cuts the visible pieces out of a flattened path: the stretch between `strokeStart` and `strokeEnd`,
/// and within it the dashes of a dash pattern.
///
/// `strokeStart` and `strokeEnd` are fractions of the total length of all subpaths (closing segments
/// included), as in Core Animation. Dashes are laid out on the untrimmed path, so animating `strokeEnd`
/// reveals a pattern that stays in place instead of sliding. A closed subpath stays closed only when it
/// is kept whole; every other piece is open and gets caps.
public enum PathTrimmer {
    /// The pieces of `path` between the fractions `start` and `end` of its length (clamped to 0…1),
    /// dashed by `dash` when given.
    /// - Throws: `PathGeometryError.badStrokeRange` for NaN fractions, `.tooManyDashes` when the pattern
    ///   is too fine for the path.
    public static func pieces(
        of path: FlattenedPath, start: CGFloat = 0, end: CGFloat = 1,
        dash: DashPattern? = nil
    ) throws -> FlattenedPath {
        guard !start.isNaN, !end.isNaN else { throw PathGeometryError.badStrokeRange(start: start, end: end) }
        let a = min(max(start, 0), 1)
        let b = min(max(end, 0), 1)
        if a == 0, b == 1, dash == nil { return path }
        var out = FlattenedPath()
        guard a < b else { return out }

        var lengths: [CGFloat] = []
        lengths.reserveCapacity(path.subpaths.count)
        for i in path.subpaths.indices { lengths.append(path.length(ofSubpath: i)) }
        let total = lengths.reduce(0, +)
        if let dash {
            let estimate = dash.estimatedDashCount(alongLength: total) + Double(path.subpaths.count)
            if estimate > Double(DashPattern.maximumDashCount) {
                throw PathGeometryError.tooManyDashes(
                    estimated: Int(min(estimate, 1e18)), limit: DashPattern.maximumDashCount)
            }
        }
        let windowStart = a * total
        let windowEnd = b * total

        var extractor = PieceExtractor(path: path, output: out)
        var offset: CGFloat = 0
        for (i, s) in path.subpaths.enumerated() {
            let length = lengths[i]
            defer { offset += length }
            let wa = windowStart - offset
            let wb = windowEnd - offset
            if length == 0 {
                // A dot (zero-length subpath): kept when the window reaches it and the pattern is on there.
                if wa <= 0, wb >= 0, dash?.startsOn ?? true { extractor.copyWhole(i) }
                continue
            }
            guard wa <= length, wb >= 0 else { continue }
            guard let dash else {
                if wa <= 0, wb >= length {
                    extractor.copyWhole(i)
                } else {
                    extractor.extract(subpath: i, from: max(wa, 0), to: min(wb, length))
                }
                continue
            }
            var dashes: [(CGFloat, CGFloat)] = []
            dash.forEachDash(alongLength: length, isClosed: s.isClosed) { ds, de in
                let cs = max(ds, wa)
                let ce = min(de, wb)
                if cs < ce || (ds == de && ds >= wa && ds <= wb) { dashes.append((cs, max(cs, ce))) }
            }
            if s.isClosed, dashes.count == 1, dashes[0].0 <= 0, dashes[0].1 >= length {
                extractor.copyWhole(i)
            } else {
                extractor.begin(subpath: i)
                for (ds, de) in dashes { extractor.extractNext(from: ds, to: de) }
            }
        }
        out = extractor.output
        return out
    }
}

// MARK: - Extracting pieces by arc length

/// Walks one subpath's segments forward, cutting out pieces at increasing arc lengths.
private struct PieceExtractor {
    let path: FlattenedPath
    var output: FlattenedPath
    // The subpath being walked.
    private var sub = FlattenedPath.Subpath(start: 0, count: 0, isClosed: false)
    private var segmentCount = 0
    /// Index of the current segment and the arc length at its start.
    private var segment = 0
    private var segmentStart: CGFloat = 0

    init(path: FlattenedPath, output: FlattenedPath) {
        self.path = path
        self.output = output
    }

    mutating func copyWhole(_ i: Int) {
        let s = path.subpaths[i]
        output.subpaths.append(
            FlattenedPath.Subpath(
                start: output.points.count, count: s.count,
                isClosed: s.isClosed, direction: s.direction))
        output.points += path.points[s.start..<s.end]
        output.isSmooth += path.isSmooth[s.start..<s.end]
    }

    mutating func extract(subpath i: Int, from s: CGFloat, to e: CGFloat) {
        begin(subpath: i)
        extractNext(from: s, to: e)
    }

    mutating func begin(subpath i: Int) {
        sub = path.subpaths[i]
        segmentCount = sub.isClosed ? sub.count : sub.count - 1
        segment = 0
        segmentStart = 0
    }

    /// Point `k` of the subpath (indices wrap for the closing segment).
    private func point(_ k: Int) -> CGPoint { path.points[sub.start + (k % sub.count)] }

    private func segmentLength(_ j: Int) -> CGFloat { (point(j + 1) - point(j)).length }

    /// Cuts out the piece from arc length `s` to `e` (s ≤ e, not before the previous piece's start).
    mutating func extractNext(from s: CGFloat, to e: CGFloat) {
        guard segmentCount > 0 else { return }
        // Advance to the segment containing s (a piece starting on a vertex starts on the later segment,
        // so that a zero-length dash takes the direction of the segment it begins).
        while segment < segmentCount - 1, segmentStart + segmentLength(segment) <= s {
            segmentStart += segmentLength(segment)
            segment += 1
        }
        var pts: [CGPoint] = []
        var flags: [Bool] = []
        let len0 = segmentLength(segment)
        let p0 = point(segment)
        let p1 = point(segment + 1)
        let t0 = len0 > 0 ? min(max((s - segmentStart) / len0, 0), 1) : 0
        pts.append(p0.lerp(p1, t0))
        flags.append(false)
        var direction = CGPoint(x: 1, y: 0)
        if len0 > 0 { direction = (p1 - p0) * (1 / len0) }
        // Walk vertices strictly inside (s, e).
        var j = segment
        var jStart = segmentStart
        while j < segmentCount {
            let lj = segmentLength(j)
            let jEnd = jStart + lj
            if jEnd >= e || j == segmentCount - 1 {
                let t = lj > 0 ? min(max((e - jStart) / lj, 0), 1) : 1
                let q = point(j).lerp(point(j + 1), t)
                if e > s {
                    pts.append(q)
                    flags.append(false)
                }
                break
            }
            let v = j + 1
            pts.append(point(v))
            flags.append(path.isSmooth[sub.start + (v % sub.count)])
            jStart = jEnd
            j += 1
        }
        output.append(pts, smooth: flags, isClosed: false, direction: direction)
    }
}
