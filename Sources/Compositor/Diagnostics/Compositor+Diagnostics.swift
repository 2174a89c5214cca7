import Foundation
import LayerKit

extension Compositor {
    /// The counters of the frame `builder` just built into `fb`: the builder's, and what only the
    /// compositor knows (software redraws, offscreen passes, the frame's pixels).
    func frameCounters(_ builder: RenderTreeBuilder, _ fb: Framebuffer) -> RenderCounters {
        var c = builder.counters
        c.framePixels = fb.width * fb.height
        c.layersRedrawn = displayedLayers
        c.offscreenPasses =
            c.groups + c.cacheMisses + builder.halfResolution.count
            + builder.shadows.filter {
                if case .content = $0.source { return true } else { return false }
            }.count
        return c
    }

    /// Adds the pixel counts to `counters` when asked for, and paints the requested overlays over the
    /// frame just drawn.
    func diagnose(_ ops: [DrawOp], _ builder: RenderTreeBuilder, _ fb: Framebuffer) {
        let options = renderDiagnostics
        guard countsPixels || !options.isEmpty else { return }
        let pass = DiagnosticPass(width: fb.width, height: fb.height)
        if countsPixels || options.contains(.overdrawHeatMap) {
            pass.countPixels(ops)
            counters.pixelsDrawn = pass.counters.pixelsDrawn
            counters.pixelsBlended = pass.counters.pixelsBlended
        }
        guard !options.isEmpty else { return }

        if options.contains(.overdrawHeatMap) { pass.drawHeatMap(into: fb) }
        var overlay: [DrawOp] = []
        let regions = builder.regions ?? []
        if options.contains(.colorBlendedLayers) { overlay += pass.blendedOverlay(ops) }
        if options.contains(.colorOffscreenRendered) {
            overlay += regions.filter { $0.kind == .offscreen }.map { DiagnosticPass.fill($0, DiagnosticPass.yellow) }
        }
        if options.contains(.colorHitsGreenAndMissesRed) {
            for r in regions {
                if r.kind == .rasterHit { overlay.append(DiagnosticPass.fill(r, DiagnosticPass.green)) }
                if r.kind == .rasterMiss { overlay.append(DiagnosticPass.fill(r, DiagnosticPass.red)) }
            }
        }
        var drawn: [ObjectIdentifier: Int] = [:]
        for r in regions {
            guard case .drawn(let id, let n) = r.kind else { continue }
            if options.contains(.flashUpdatedRegions) && lastDrawnCounts[id] != n {
                overlay.append(DiagnosticPass.fill(r, DiagnosticPass.yellow))
            }
            drawn[id] = n
        }
        lastDrawnCounts = drawn
        let rect = IntRect(x0: 0, y0: 0, x1: fb.width, y1: fb.height)
        resources.executor.run(overlay, into: RenderTarget(base: fb.pixels, stride: fb.width, rect: rect))
    }
}
