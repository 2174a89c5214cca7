import Foundation
import LayerKit
import Testing

@testable import PathGeometry

@Suite struct TrimAndDashTests {
    /// The (start, end) arc lengths of every piece, measured along a straight horizontal line from x = 0
    /// (rounded to 1e-9 so that accumulated dash offsets compare exactly).
    func spans(_ f: FlattenedPath) -> [[CGFloat]] {
        f.subpaths.indices.map { i in
            let p = f.points(ofSubpath: i)
            return [p.first!.x, p.last!.x].map { ($0 * 1e9).rounded() / 1e9 }
        }
    }

    let line100 = polyline([pt(0, 0), pt(100, 0)])

    @Test func rectanglePerimeterIncludesTheClosingSegment() throws {
        let flat = try PathFlattener.flatten(CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 50)))
        #expect(flat.length == 300)
    }

    @Test func circleLengthIsTwoPiR() throws {
        let flat = try PathFlattener.flatten(
            CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 50, height: 50)), tolerance: 0.01)
        #expect(abs(flat.length - 50 * .pi) / (50 * .pi) < 1e-3, "length \(flat.length)")
    }

    @Test func strokeEndHalfKeepsHalfTheLengthAndOpensTheContour() throws {
        let flat = try PathFlattener.flatten(CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 50)))
        let half = try PathTrimmer.pieces(of: flat, start: 0, end: 0.5)
        #expect(abs(half.length - 150) < 1e-9)
        #expect(half.subpaths.count == 1 && !half.subpaths[0].isClosed)
        #expect(half.points == [pt(0, 0), pt(100, 0), pt(100, 50)])
    }

    @Test func trimFractionsSpanAllSubpaths() throws {
        let path = CGMutablePath()
        path.addLines(between: [pt(0, 0), pt(100, 0)])
        path.addLines(between: [pt(0, 10), pt(100, 10)])
        let flat = try PathFlattener.flatten(path)
        let mid = try PathTrimmer.pieces(of: flat, start: 0.25, end: 0.75)
        #expect(mid.points == [pt(50, 0), pt(100, 0), pt(0, 10), pt(50, 10)])
        #expect(mid.subpaths.count == 2)
    }

    @Test func fullRangeKeepsClosedSubpathsClosedAndEmptyRangeDrawsNothing() throws {
        let flat = try PathFlattener.flatten(CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10)))
        #expect(try PathTrimmer.pieces(of: flat) == flat)
        #expect(try PathTrimmer.pieces(of: flat, start: 0.6, end: 0.4).subpaths.isEmpty)
        #expect(try PathTrimmer.pieces(of: flat, start: 0.5, end: 0.5).subpaths.isEmpty)
        #expect(try PathTrimmer.pieces(of: flat, start: -3, end: 7) == flat, "fractions are clamped to 0…1")
        #expect(throws: PathGeometryError.self) { try PathTrimmer.pieces(of: flat, start: .nan, end: 1) }
    }

    @Test func dashesRepeatAlongALine() throws {
        let flat = try PathFlattener.flatten(line100)
        let dash = try #require(try DashPattern.make(lengths: [10, 5], phase: 0))
        let d = try PathTrimmer.pieces(of: flat, dash: dash)
        #expect(spans(d) == [[0, 10], [15, 25], [30, 40], [45, 55], [60, 70], [75, 85], [90, 100]])
    }

    @Test func oddPatternsRepeatAsCoreGraphicsDoes() throws {
        let flat = try PathFlattener.flatten(polyline([pt(0, 0), pt(20, 0)]))
        let single = try #require(try DashPattern.make(lengths: [5], phase: 0))
        #expect(single.lengths == [5, 5])
        #expect(spans(try PathTrimmer.pieces(of: flat, dash: single)) == [[0, 5], [10, 15]])
        let three = try #require(try DashPattern.make(lengths: [5, 2, 3], phase: 0))
        #expect(three.lengths == [5, 2, 3, 5, 2, 3] && three.period == 20)
        #expect(spans(try PathTrimmer.pieces(of: flat, dash: three)) == [[0, 5], [7, 10], [15, 17]])
    }

    @Test func phaseShiftsThePatternAndRestartsOnEverySubpath() throws {
        let path = CGMutablePath()
        path.addLines(between: [pt(0, 0), pt(40, 0)])
        path.addLines(between: [pt(0, 9), pt(40, 9)])
        let flat = try PathFlattener.flatten(path)
        let dash = try #require(try DashPattern.make(lengths: [10, 5], phase: 5))
        let d = try PathTrimmer.pieces(of: flat, dash: dash)
        #expect(spans(d) == [[0, 5], [10, 20], [25, 35], [0, 5], [10, 20], [25, 35]])
        let negative = try #require(try DashPattern.make(lengths: [10, 5], phase: -10))
        #expect(negative.phase == 5, "a negative phase wraps into the period")
    }

    @Test func dashesStayPutWhileStrokeEndAnimates() throws {
        let flat = try PathFlattener.flatten(line100)
        let dash = try #require(try DashPattern.make(lengths: [10, 5], phase: 0))
        let half = try PathTrimmer.pieces(of: flat, start: 0, end: 0.5, dash: dash)
        #expect(spans(half) == [[0, 10], [15, 25], [30, 40], [45, 50]])
        let tail = try PathTrimmer.pieces(of: flat, start: 0.82, end: 1, dash: dash)
        #expect(spans(tail) == [[82, 85], [90, 100]])
    }

    @Test func zeroLengthDashesBecomeSinglePointPiecesWithADirection() throws {
        let flat = try PathFlattener.flatten(polyline([pt(0, 0), pt(0, 30)]))
        let dots = try #require(try DashPattern.make(lengths: [0, 10], phase: 0))
        let d = try PathTrimmer.pieces(of: flat, dash: dots)
        #expect(d.subpaths.count == 4, "dots at 0, 10, 20, 30")
        #expect(d.subpaths.allSatisfy { $0.count == 1 && $0.direction == pt(0, 1) })
    }

    @Test func solidAndInvalidPatterns() throws {
        #expect(try DashPattern.make(lengths: nil, phase: 3) == nil)
        #expect(try DashPattern.make(lengths: [], phase: 0) == nil)
        #expect(try DashPattern.make(lengths: [0, 0], phase: 0) == nil, "all-zero patterns draw solid lines")
        #expect(throws: PathGeometryError.badDashLength(index: 1, value: -3)) {
            try DashPattern.make(lengths: [4, -3], phase: 0)
        }
        #expect(PathGeometryError.badDashLength(index: 1, value: -3).description.contains("lineDashPattern[1]"))
        #expect(throws: PathGeometryError.badDashPhase(.infinity)) {
            try DashPattern.make(lengths: [4], phase: .infinity)
        }
    }

    @Test func tooFinePatternIsRefusedNotExhausted() throws {
        let flat = try PathFlattener.flatten(polyline([pt(0, 0), pt(1e7, 0)]))
        let dash = try #require(try DashPattern.make(lengths: [0.001], phase: 0))
        #expect(throws: PathGeometryError.self) { try PathTrimmer.pieces(of: flat, dash: dash) }
    }
}
