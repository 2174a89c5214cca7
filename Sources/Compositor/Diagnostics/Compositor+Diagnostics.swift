import Foundation
import LayerKit

extension Compositor {
    /// Fills `counters` for the frame just drawn and paints the requested overlays over it.
    func diagnose(_ ops: [DrawOp], _ builder: RenderTreeBuilder, _ fb: Framebuffer) {
        let stats = builder.statistics
        var c = RenderCounters()
        c.framePixels = fb.width * fb.height
        c.layersDrawn = stats.layersVisited
        c.layersRedrawn = displayedLayers
        c.cacheHits = stats.rasterizationHits
        c.cacheMisses = stats.rasterizationMisses
        c.offscreenPasses =
            stats.groups + stats.rasterizationMisses + builder.halfResolution.count
            + builder.shadows.filter {
                if case .content = $0.source { return true } else { return false }
            }.count
        let options = renderDiagnostics
        guard countsPixels || !options.isEmpty else {
            counters = c
            return
        }

        let pass = DiagnosticPass(width: fb.width, height: fb.height)
        if countsPixels || options.contains(.overdrawHeatMap) {
            pass.countPixels(ops)
            c.pixelsDrawn = pass.counters.pixelsDrawn
            c.pixelsBlended = pass.counters.pixelsBlended
        }
        counters = c
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
