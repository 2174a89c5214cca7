import EmitterTestSupport
import Foundation
import ImageCodec
import LayerKit
import PathGeometry
import Testing

// MARK: - Reference rasteriser (test support only)

/// A coverage image made by a deliberately simple rasteriser, so that PathGeometry's output can be checked
/// as coverage numbers without the compositor.
///
/// Each pixel row is sampled on `rows` horizontal lines; on each line the spans inside the polygons
/// (exact winding, non-zero or even-odd) are added with their exact horizontal extent. Coverage is thus
/// exact in x and accurate to 1/rows in y, with no conflation between overlapping contours.
struct CoverageGrid {
    let width: Int
    let height: Int
    /// Row-major coverage, 0…1 per pixel (times the set's coverageScale).
    var values: [Float]

    /// The coverage of pixel (x, y) (the unit square from (x, y) to (x + 1, y + 1)); 0 outside the grid.
    subscript(x: Int, y: Int) -> Float {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        return values[y * width + x]
    }

    /// The coverage of the pixel containing `p`.
    func coverage(at p: CGPoint) -> Float { self[Int(p.x.rounded(.down)), Int(p.y.rounded(.down))] }

    /// The sum of all coverage: the covered area in square pixels.
    var total: Double { values.reduce(0) { $0 + Double($1) } }

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        values = Array(repeating: 0, count: width * height)
    }

    /// Rasterises `set` into a `width × height` grid whose pixel (0, 0) covers device (0…1, 0…1).
    init(_ set: PolygonSet, width: Int, height: Int, rows: Int = 16) {
        self.init(width: width, height: height)
        struct Edge {
            var x0, y0, x1, y1: Double
            var dir: Int
        }
        var buckets = Array(repeating: [Edge](), count: height)
        for c in 0..<set.contourCount {
            let r = set.range(ofContour: c)
            guard r.count > 1 else { continue }
            var prev = set.points[r.upperBound - 1]
            for k in r {
                let p = set.points[k]
                defer { prev = p }
                if prev.y == p.y { continue }
                let e =
                    prev.y < p.y
                    ? Edge(x0: prev.x, y0: prev.y, x1: p.x, y1: p.y, dir: 1)
                    : Edge(x0: p.x, y0: p.y, x1: prev.x, y1: prev.y, dir: -1)
                let first = max(0, Int(e.y0.rounded(.down)))
                let last = min(height - 1, Int(e.y1.rounded(.down)))
                if first <= last { for y in first...last { buckets[y].append(e) } }
            }
        }
        let weight = Float(1) / Float(rows)
        let scale = Float(set.coverageScale)
        var crossings: [(x: Double, dir: Int)] = []
        for y in 0..<height {
            for k in 0..<rows {
                let sy = Double(y) + (Double(k) + 0.5) / Double(rows)
                crossings.removeAll(keepingCapacity: true)
                for e in buckets[y] where e.y0 <= sy && sy < e.y1 {
                    crossings.append((e.x0 + (sy - e.y0) / (e.y1 - e.y0) * (e.x1 - e.x0), e.dir))
                }
                crossings.sort { $0.x < $1.x }
                var winding = 0
                for i in crossings.indices {
                    winding += crossings[i].dir
                    let inside = set.fillRule == .evenOdd ? winding & 1 != 0 : winding != 0
                    if inside, i + 1 < crossings.count {
                        addSpan(row: y, from: crossings[i].x, to: crossings[i + 1].x, weight: weight * scale)
                    }
                }
            }
        }
    }

    private mutating func addSpan(row y: Int, from a: Double, to b: Double, weight: Float) {
        let a = max(a, 0)
        let b = min(b, Double(width))
        guard a < b else { return }
        let ia = Int(a.rounded(.down))
        let ib = Int(b.rounded(.down))
        if ia == ib {
            values[y * width + ia] += weight * Float(b - a)
            return
        }
        values[y * width + ia] += weight * Float(Double(ia + 1) - a)
        if ia + 1 < ib { for x in (ia + 1)..<ib { values[y * width + x] += weight } }
        if ib < width { values[y * width + ib] += weight * Float(b - Double(ib)) }
    }

    // MARK: - Looking at it

    /// The grid as an image, black ink on white, for goldens and for people to look at.
    func image() throws -> CGImage {
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for i in 0..<(width * height) {
            let v = UInt8(max(0, min(255, 255 - (values[i] * 255).rounded())))
            bytes[i * 4] = v
            bytes[i * 4 + 1] = v
            bytes[i * 4 + 2] = v
        }
        return try CGImage(width: width, height: height, premultipliedPixels: bytes)
    }

    /// Expects the grid's image to match the golden `Fixtures/<name>.png` (`Golden`).
    func expectGolden(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        Golden.expect(
            image: try image(), matchesFileAt: TestSupport.fixturesFolder(of: #filePath) + "/\(name).png",
            tolerance: .rendering, context: "coverage grid \(name), \(width)×\(height) pixels",
            sourceLocation: sourceLocation)
    }
}
