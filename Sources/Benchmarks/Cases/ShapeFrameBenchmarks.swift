import EmitterKit
import Foundation

extension BenchmarkRegistry {
    /// Whole frames of stroked shape layers through the compositor, next to Cairo drawing the same paths.
    static let shapeFrames: [Benchmark] = [
        Benchmark(
            name: "vector.frame.stickfigures.vsCairo",
            unit:
                "one 1280×720 frame of 240 S28 stick figures (r 10 head, 2.5 pt red, round joins and caps), re-stroked, 1 thread",
            reference: Cairo.shared != nil
                ? "Cairo (libcairo.so.2, dlopen): the same paths stroked into an image surface, tolerance 0.02, antialias default"
                : "Cairo: not installed (libcairo.so.2 not found); the reference is an empty loop",
            goal: Cairo.shared != nil ? "no slower than Cairo" : nil, maximumRatio: Cairo.shared != nil ? 1 : nil
        ) { scale in
            try stickFigureFrames(count: scale == .full ? 240 : 12)
        }
    ]
}

// MARK: - Workload

/// One stick figure in a 64 × 60 cell: head circle (radius 10) at (32, 14), body to (32, 40), legs to
/// (24, 54) and (40, 54), arms from (16, 30) to (48, 30).
private func stickFigure(_ path: CGMutablePath?, cairo: (Cairo, OpaquePointer?)?, dx: Double, dy: Double) {
    if let path {
        path.move(to: CGPoint(x: dx + 42, y: dy + 14))
        path.addArc(
            center: CGPoint(x: dx + 32, y: dy + 14), radius: 10, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        path.move(to: CGPoint(x: dx + 32, y: dy + 24))
        path.addLine(to: CGPoint(x: dx + 32, y: dy + 40))
        path.addLine(to: CGPoint(x: dx + 24, y: dy + 54))
        path.move(to: CGPoint(x: dx + 32, y: dy + 40))
        path.addLine(to: CGPoint(x: dx + 40, y: dy + 54))
        path.move(to: CGPoint(x: dx + 16, y: dy + 30))
        path.addLine(to: CGPoint(x: dx + 48, y: dy + 30))
    }
    if let (c, cr) = cairo {
        c.newSubPath(cr)
        c.arc(cr, dx + 32, dy + 14, 10, 0, 2 * .pi)
        c.moveTo(cr, dx + 32, dy + 24)
        c.lineTo(cr, dx + 32, dy + 40)
        c.lineTo(cr, dx + 24, dy + 54)
        c.moveTo(cr, dx + 32, dy + 40)
        c.lineTo(cr, dx + 40, dy + 54)
        c.moveTo(cr, dx + 16, dy + 30)
        c.lineTo(cr, dx + 48, dy + 30)
    }
}

private func stickFigureFrames(count: Int) throws -> Benchmark.Workload {
    let width = 1280
    let height = 720
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: width, height: height)
    root.anchorPoint = .zero
    root.backgroundColor = CGColor(gray: 0, alpha: 1)
    var cells: [(Double, Double)] = []
    for k in 0..<count {
        let dx = Double(k % 20) * 64
        let dy = Double(k / 20) * 60
        cells.append((dx, dy))
        let s = CAShapeLayer()
        s.frame = CGRect(x: dx, y: dy, width: 64, height: 60)
        let p = CGMutablePath()
        stickFigure(p, cairo: nil, dx: 0, dy: 0)
        s.path = p
        s.fillColor = nil
        s.strokeColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        s.lineWidth = 2.5
        s.lineCap = .round
        s.lineJoin = .round
        root.addSublayer(s)
    }
    let fb = try Framebuffer(width: width, height: height)
    let compositor = Compositor(threadCount: 1)
    compositor.skipsCleanFrames = false
    // Each frame moves the scene by a quarter pixel, so every figure is stroked again (no cached geometry).
    var frame = 0
    let engine = {
        frame += 1
        root.position = CGPoint(x: frame & 1 == 0 ? 0 : 0.25, y: 0)
        compositor.render(root, into: fb)
    }
    guard let c = Cairo.shared else { return Benchmark.Workload(engine: engine, reference: {}) }
    let pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: width * height)
    pixels.initialize(repeating: 0, count: width * height)
    let surface = c.surfaceCreateForData(
        UnsafeMutableRawPointer(pixels), 0, Int32(width), Int32(height), Int32(width * 4))
    let cr = c.create(surface)
    var cairoFrame = 0
    let reference = {
        cairoFrame += 1
        c.setSourceRGBA(cr, 0, 0, 0, 1)
        c.paint(cr)
        c.setSourceRGBA(cr, 1, 0, 0, 1)
        c.setLineWidth(cr, 2.5)
        c.setLineCap(cr, 1)
        c.setLineJoin(cr, 1)
        c.setTolerance(cr, 0.02)
        c.newPath(cr)
        let ox = cairoFrame & 1 == 0 ? 0 : 0.25
        for (dx, dy) in cells { stickFigure(nil, cairo: (c, cr), dx: dx + ox, dy: dy) }
        c.stroke(cr)
        c.surfaceFlush(surface)
    }
    // Both sides must draw the same ink (red coverage summed over the frame, within 1 %).
    engine()
    engine()
    reference()
    reference()
    var engineInk = 0.0
    var cairoInk = 0.0
    for i in 0..<(width * height) {
        engineInk += Double(fb.pixels[i] & 0xFF)
        cairoInk += Double((pixels[i] >> 16) & 0xFF)  // Cairo ARGB32: red in bits 16…23
    }
    guard abs(engineInk - cairoInk) <= 0.01 * max(engineInk, cairoInk), engineInk > 0 else {
        throw BenchmarkError("stick figure frames disagree: engine ink \(engineInk), Cairo ink \(cairoInk)")
    }
    return Benchmark.Workload(
        engine: engine, reference: reference,
        tearDown: {
            c.destroy(cr)
            c.surfaceDestroy(surface)
            pixels.deallocate()
        })
}

// MARK: - Cairo through dlopen

/// The few Cairo functions the reference needs, loaded at run time (no build dependency on Cairo).
private final class Cairo {
    typealias SurfaceCreate = @convention(c) (UnsafeMutableRawPointer?, Int32, Int32, Int32, Int32) -> OpaquePointer?
    typealias Create = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias Ptr = @convention(c) (OpaquePointer?) -> Void
    typealias PtrD = @convention(c) (OpaquePointer?, Double) -> Void
    typealias PtrI = @convention(c) (OpaquePointer?, Int32) -> Void
    typealias PtrDD = @convention(c) (OpaquePointer?, Double, Double) -> Void
    typealias PtrDDDD = @convention(c) (OpaquePointer?, Double, Double, Double, Double) -> Void
    typealias PtrDDDDD = @convention(c) (OpaquePointer?, Double, Double, Double, Double, Double) -> Void

    let surfaceCreateForData: SurfaceCreate, create: Create
    let destroy: Ptr, surfaceDestroy: Ptr, surfaceFlush: Ptr, paint: Ptr, stroke: Ptr, newPath: Ptr, newSubPath: Ptr
    let setSourceRGBA: PtrDDDD, setLineWidth: PtrD, setTolerance: PtrD, setLineCap: PtrI, setLineJoin: PtrI
    let moveTo: PtrDD, lineTo: PtrDD, arc: PtrDDDDD

    /// The library, loaded once for the process (nil when it is not installed): the handle is never
    /// closed, so each load would leak one, and the registry asks several times.
    static let shared = Cairo()

    init?() {
        guard let h = dlopen("libcairo.so.2", RTLD_NOW) else { return nil }
        func sym<T>(_ name: String, _: T.Type) -> T? { dlsym(h, name).map { unsafeBitCast($0, to: T.self) } }
        guard let a = sym("cairo_image_surface_create_for_data", SurfaceCreate.self),
            let b = sym("cairo_create", Create.self),
            let d1 = sym("cairo_destroy", Ptr.self), let d2 = sym("cairo_surface_destroy", Ptr.self),
            let f = sym("cairo_surface_flush", Ptr.self), let p = sym("cairo_paint", Ptr.self),
            let s = sym("cairo_stroke", Ptr.self),
            let np = sym("cairo_new_path", Ptr.self), let ns = sym("cairo_new_sub_path", Ptr.self),
            let rgba = sym("cairo_set_source_rgba", PtrDDDD.self), let lw = sym("cairo_set_line_width", PtrD.self),
            let tol = sym("cairo_set_tolerance", PtrD.self), let cap = sym("cairo_set_line_cap", PtrI.self),
            let join = sym("cairo_set_line_join", PtrI.self), let mv = sym("cairo_move_to", PtrDD.self),
            let ln = sym("cairo_line_to", PtrDD.self), let arc = sym("cairo_arc", PtrDDDDD.self)
        else { return nil }
        (surfaceCreateForData, create, destroy, surfaceDestroy, surfaceFlush, paint, stroke) = (a, b, d1, d2, f, p, s)
        (newPath, newSubPath, setSourceRGBA, setLineWidth, setTolerance, setLineCap, setLineJoin) = (
            np, ns, rgba, lw, tol, cap, join
        )
        (moveTo, lineTo, self.arc) = (mv, ln, arc)
    }
}
