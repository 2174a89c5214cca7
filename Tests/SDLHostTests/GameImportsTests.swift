import Foundation
import SDLHost
import Testing

/// A game imports SDLHost alone (it re-exports EmitterKit) and names the engine's types without
/// qualifying them: no module it brings in declares a second public type of the same name.
@Suite struct GameImportsTests {
    @Test func theEnginesFrameStatisticsNeedsNoModuleName() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        let engine = try Engine(rootLayer: root, viewSize: CGSize(width: 64, height: 64), threadCount: 1)
        engine.advance(by: 1.0 / 60)
        let s: FrameStatistics = engine.statistics
        let counters: RenderCounters = engine.compositor.counters
        #expect(s.frameIndex == 1 && s.steps == 2 && !counters.wasClean, "\(s), \(counters)")
    }
}
