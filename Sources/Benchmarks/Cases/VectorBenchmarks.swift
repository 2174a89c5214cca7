import CBenchReference
import Foundation
import LayerKit
import PathGeometry
import Typesetting

extension BenchmarkRegistry {
    /// Shape-layer geometry (flattening, stroking) and text drawing, next to plain C doing the same work.
    static let vector: [Benchmark] = [
        Benchmark(
            name: "vector.stroke.stickfigure", unit: "S28 stick figure: flatten + stroke 5 pt, round joins and caps",
            reference: "plain C flatten + stroke, same algorithm (CBenchReference)",
            goal: "engine ≤ 2 × C and ≤ 50 µs", maximumRatio: 2, maximumMilliseconds: 0.05
        ) { _ in
            try strokeWorkload(VectorShapes.stickFigure, StrokeStyle(lineWidth: 5, lineCap: .round, lineJoin: .round))
        },
        Benchmark(
            name: "vector.stroke.chart300",
            unit: "300-segment line chart + rounded frame: flatten + stroke 2 pt, round joins",
            reference: "plain C flatten + stroke, same algorithm (CBenchReference)",
            goal: "engine ≤ 2 × C and ≤ 100 µs", maximumRatio: 2, maximumMilliseconds: 0.1
        ) { _ in
            try strokeWorkload(VectorShapes.chart300, StrokeStyle(lineWidth: 2, lineJoin: .round))
        },
        Benchmark(
            name: "vector.stroke.flower",
            unit: "200 tall cubic petals + 100-segment zigzag (≈ 7 600 flattened segments): stroke 3 pt, miter",
            reference: "plain C flatten + stroke, same algorithm (CBenchReference)",
            goal: "engine ≤ 2 × C", maximumRatio: 2
        ) { _ in
            try strokeWorkload(VectorShapes.flower, StrokeStyle(lineWidth: 3, lineJoin: .miter))
        },
        Benchmark(
            name: "vector.fill.flower", unit: "200 tall cubic petals + 100-segment zigzag: flatten for filling",
            reference: "plain C flatten, same algorithm (CBenchReference)",
            goal: "engine ≤ 2 × C", maximumRatio: 2
        ) { _ in
            try fillWorkload(VectorShapes.flower)
        },
        Benchmark(
            name: "text.render.lorem",
            unit: "the book's lorem paragraph, 15 pt at 2× in 320 × 160 pt: draw a laid-out text",
            reference: "plain C FreeType: load and render every glyph each time, no cache",
            goal: nil
        ) { _ in
            try textWorkload()
        },
        Benchmark(
            name: "text.label.overlay",
            unit: "a 40-character stats line, 12 pt at 2×: lay out, size and draw into a tinted image",
            reference: "plain C FreeType: load and render every glyph each time, no cache",
            goal: "≤ 100 µs (a window overlay redraws it every frame)", maximumMilliseconds: 0.1
        ) { _ in
            try labelWorkload()
        },
    ]
}

// MARK: - Workloads

/// Where a benchmark's result goes, so that the optimiser cannot drop the work.
private let sink = UnsafeMutablePointer<Int>.allocate(capacity: 1)

private func strokeWorkload(_ path: CGPath, _ style: StrokeStyle) throws -> Benchmark.Workload {
    let ops = VectorShapes.cOps(path)
    let buffers = CPolylineBuffers(capacity: 65536)
    let out = UnsafeMutablePointer<Double>.allocate(capacity: 2 * 262_144)
    let ends = UnsafeMutablePointer<Int>.allocate(capacity: 4096)
    let r = Double(style.lineWidth / 2)
    let round = style.lineJoin == .round ? Int32(1) : 0
    let miterLimit = Double(style.miterLimit)
    let roundCap = style.lineCap == .round ? Int32(1) : 0
    let tol = Double(PathFlattener.defaultTolerance)
    // Check once that both produce outlines of the same size (the same work, not just similar names).
    let engine = try ShapeGeometry.stroke(path, style: style)
    var contours = 0
    _ = cbr_flatten(ops, ops.count, tol, &buffers.polyline)
    let cPoints = cbr_stroke(
        &buffers.polyline, r, round, roundCap, miterLimit, tol, out, 262_144, ends, 4096, &contours)
    guard cPoints == engine.points.count, contours == engine.contourCount else {
        throw BenchmarkError(
            "stroke references disagree: engine \(engine.points.count) points in \(engine.contourCount) contours, C \(cPoints) in \(contours)"
        )
    }
    return Benchmark.Workload(
        engine: { sink.pointee &+= (try? ShapeGeometry.stroke(path, style: style))?.points.count ?? 0 },
        reference: {
            var n = 0
            _ = cbr_flatten(ops, ops.count, tol, &buffers.polyline)
            sink.pointee &+= cbr_stroke(
                &buffers.polyline, r, round, roundCap, miterLimit, tol, out, 262_144, ends, 4096, &n)
        },
        tearDown: {
            out.deallocate()
            ends.deallocate()
            buffers.release()
        })
}

private func fillWorkload(_ path: CGPath) throws -> Benchmark.Workload {
    let ops = VectorShapes.cOps(path)
    let buffers = CPolylineBuffers(capacity: 65536)
    let tol = Double(PathFlattener.defaultTolerance)
    let engine = try ShapeGeometry.fill(path)
    _ = cbr_flatten(ops, ops.count, tol, &buffers.polyline)
    guard buffers.polyline.count == engine.points.count else {
        throw BenchmarkError("flatten references disagree: engine \(engine.points.count), C \(buffers.polyline.count)")
    }
    return Benchmark.Workload(
        engine: { sink.pointee &+= (try? ShapeGeometry.fill(path))?.points.count ?? 0 },
        reference: {
            _ = cbr_flatten(ops, ops.count, tol, &buffers.polyline)
            sink.pointee &+= buffers.polyline.count
        },
        tearDown: { buffers.release() })
}

private func textWorkload() throws -> Benchmark.Workload {
    let renderer = TextRenderer()
    let request = TextRequest(
        string: VectorShapes.lorem, fontSize: 15, size: CGSize(width: 320, height: 160),
        isWrapped: true, alignmentMode: .justified, contentsScale: 2)
    let layout = try renderer.layout(request)
    let expected = try renderer.render(layout)
    var glyphs: [UInt32] = []
    var penX: [Double] = []
    var baselines: [Int32] = []
    for line in layout.lines {
        for g in line.glyphs {
            glyphs.append(g.glyph)
            penX.append(Double(g.position.x * 2))
            baselines.append(Int32((line.origin.y * 2).rounded()))
        }
    }
    guard let font = cbr_text_open(layout.font.path, 30) else {
        throw BenchmarkError("FreeType cannot open \(layout.font.path)")
    }
    let w = expected.width
    let h = expected.height
    let bitmap = UnsafeMutablePointer<UInt8>.allocate(capacity: w * h)
    bitmap.initialize(repeating: 0, count: w * h)
    cbr_text_draw(font, glyphs, penX, baselines, glyphs.count, bitmap, Int32(w), Int32(h))
    // The C drawing must be the same picture as the engine's.
    guard Array(UnsafeBufferPointer(start: bitmap, count: w * h)) == expected.pixels else {
        throw BenchmarkError("text references disagree: the C bitmap differs from the engine's")
    }
    return Benchmark.Workload(
        engine: { sink.pointee &+= (try? renderer.render(layout))?.width ?? 0 },
        reference: {
            bitmap.update(repeating: 0, count: w * h)
            cbr_text_draw(font, glyphs, penX, baselines, glyphs.count, bitmap, Int32(w), Int32(h))
            sink.pointee &+= Int(bitmap[w * h / 2])
        },
        tearDown: {
            bitmap.deallocate()
            cbr_text_close(font)
        })
}

private func labelWorkload() throws -> Benchmark.Workload {
    let renderer = TextRenderer()
    let text = "60.0 fps · 12 345 particles · 3.21 ms/frame"
    let layout = try renderer.layout(
        TextRequest(string: text, fontSize: 12, size: CGSize(width: 400, height: 20), contentsScale: 2))
    let glyphs = layout.lines[0].glyphs.map(\.glyph)
    let penX = layout.lines[0].glyphs.map { Double($0.position.x * 2) }
    let baselines = [Int32](repeating: Int32((layout.lines[0].origin.y * 2).rounded()), count: glyphs.count)
    guard let font = cbr_text_open(layout.font.path, 24) else {
        throw BenchmarkError("FreeType cannot open \(layout.font.path)")
    }
    let bitmap = UnsafeMutablePointer<UInt8>.allocate(capacity: 800 * 40)
    return Benchmark.Workload(
        engine: { sink.pointee &+= (try? renderer.label(text, fontSize: 12, color: .white, scale: 2))?.width ?? 0 },
        reference: {
            bitmap.update(repeating: 0, count: 800 * 40)
            cbr_text_draw(font, glyphs, penX, baselines, glyphs.count, bitmap, 800, 40)
            sink.pointee &+= Int(bitmap[400])
        },
        tearDown: {
            bitmap.deallocate()
            cbr_text_close(font)
        })
}

// MARK: - Support

/// Caller-owned buffers of a C polyline.
private final class CPolylineBuffers {
    var polyline: cbr_polyline
    init(capacity: Int) {
        polyline = cbr_polyline(
            xy: .allocate(capacity: 2 * capacity), smooth: .allocate(capacity: capacity),
            sub_start: .allocate(capacity: 4096), sub_count: .allocate(capacity: 4096),
            sub_closed: .allocate(capacity: 4096),
            count: 0, subpaths: 0, capacity: capacity, sub_capacity: 4096)
    }
    func release() {
        polyline.xy.deallocate()
        polyline.smooth.deallocate()
        polyline.sub_start.deallocate()
        polyline.sub_count.deallocate()
        polyline.sub_closed.deallocate()
    }
}

/// The shapes the vector benchmarks draw.
enum VectorShapes {
    /// S28's stick figure (the Core Animation book).
    static var stickFigure: CGPath {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 175, y: 100))
        path.addArc(uiKitCenter: CGPoint(x: 150, y: 100), radius: 25, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        path.move(to: CGPoint(x: 150, y: 125))
        path.addLine(to: CGPoint(x: 150, y: 175))
        path.addLine(to: CGPoint(x: 125, y: 225))
        path.move(to: CGPoint(x: 150, y: 175))
        path.addLine(to: CGPoint(x: 175, y: 225))
        path.move(to: CGPoint(x: 100, y: 150))
        path.addLine(to: CGPoint(x: 200, y: 150))
        return path
    }

    /// A line chart of 300 segments (a seeded random walk) in a rounded frame: a typical UI shape.
    static var chart300: CGPath {
        let path = CGMutablePath()
        path.addRoundedRect(in: CGRect(x: 10, y: 10, width: 620, height: 300), cornerWidth: 12, cornerHeight: 12)
        var rng = SeededRandom(seed: 300)
        var y: CGFloat = 160
        path.move(to: CGPoint(x: 20, y: y))
        for i in 1...300 {
            y = min(300, max(20, y + CGFloat(rng.nextSignedFloat()) * 12))
            path.addLine(to: CGPoint(x: 20 + CGFloat(i) * 2, y: y))
        }
        return path
    }

    /// A closed flower of 200 cubic petals around (300, 300) and an open zigzag of 100 segments.
    static var flower: CGPath {
        let path = CGMutablePath()
        let petals = 200
        func polar(_ r: CGFloat, _ a: CGFloat) -> CGPoint { CGPoint(x: 300 + r * cos(a), y: 300 + r * sin(a)) }
        path.move(to: polar(200, 0))
        for i in 0..<petals {
            let a0 = CGFloat(i) * 2 * .pi / CGFloat(petals)
            let a1 = CGFloat(i + 1) * 2 * .pi / CGFloat(petals)
            path.addCurve(
                to: polar(200, a1), control1: polar(260, a0 + 0.2 * (a1 - a0)),
                control2: polar(260, a1 - 0.2 * (a1 - a0)))
        }
        path.closeSubpath()
        path.move(to: CGPoint(x: 20, y: 620))
        for i in 1...100 { path.addLine(to: CGPoint(x: 20 + CGFloat(i) * 5.6, y: i % 2 == 0 ? 620 : 660)) }
        return path
    }

    /// The book's lorem-ipsum paragraph.
    static let lorem =
        "Lorem ipsum dolor sit amet, consectetur adipiscing elit. Quisque massa arcu, eleifend vel varius in, "
        + "facilisis pulvinar leo. Nunc quis nunc at mauris pharetra condimentum ut ac neque. Nunc elementum, libero ut "
        + "porttitor dictum, diam odio congue lacus, vel fringilla sapien diam at purus. Etiam suscipit pretium nunc sit "
        + "amet lobortis"

    /// The path as C elements (quadratic curves raised to the same cubic).
    static func cOps(_ path: CGPath) -> [cbr_path_op] {
        var current = CGPoint.zero
        var start = CGPoint.zero
        return path.elements.map { e in
            var op = cbr_path_op()
            switch e {
            case .moveToPoint(let p):
                op.op = 0
                op.x.0 = p.x
                op.y.0 = p.y
                current = p
                start = p
            case .addLineToPoint(let p):
                op.op = 1
                op.x.0 = p.x
                op.y.0 = p.y
                current = p
            case .addQuadCurveToPoint(let c, let p):
                let c1 = CGPoint(x: current.x + 2 / 3 * (c.x - current.x), y: current.y + 2 / 3 * (c.y - current.y))
                let c2 = CGPoint(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y))
                op.op = 2
                op.x = (c1.x, c2.x, p.x)
                op.y = (c1.y, c2.y, p.y)
                current = p
            case .addCurveToPoint(let c1, let c2, let p):
                op.op = 2
                op.x = (c1.x, c2.x, p.x)
                op.y = (c1.y, c2.y, p.y)
                current = p
            case .closeSubpath:
                op.op = 3
                current = start
            }
            return op
        }
    }
}
