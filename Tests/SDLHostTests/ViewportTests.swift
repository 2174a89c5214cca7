import Foundation
import Testing

@testable import SDLHost

/// Letterboxing and the window-point to content-point mapping.
@Suite struct ViewportTests {
    @Test func aFrameAtTheDrawableSizeFillsTheWindowAndMapsOneToOne() {
        let viewport = Viewport(
            windowSize: CGSize(width: 640, height: 480), drawableWidth: 640, drawableHeight: 480,
            frameWidth: 640, frameHeight: 480, frameScale: 1)
        #expect(viewport.destination == (0, 0, 640, 480))
        #expect(viewport.contentPoint(fromWindowPoint: CGPoint(x: 12, y: 34)) == CGPoint(x: 12, y: 34))
    }

    @Test func hiDPIFramesMapWindowPointsToTheSamePoints() {
        // A 2x drawable with a 2x frame: content points equal window points.
        let viewport = Viewport(
            windowSize: CGSize(width: 400, height: 300), drawableWidth: 800, drawableHeight: 600,
            frameWidth: 800, frameHeight: 600, frameScale: 2)
        #expect(viewport.windowScale == 2)
        #expect(viewport.contentPoint(fromWindowPoint: CGPoint(x: 100, y: 75)) == CGPoint(x: 100, y: 75))
    }

    @Test func aWiderWindowLetterboxesTheFrameInTheMiddle() {
        // 200×100 frame in a 400×300 window: scale 2 → 400×200 at y = 50.
        let viewport = Viewport(
            windowSize: CGSize(width: 400, height: 300), drawableWidth: 400, drawableHeight: 300,
            frameWidth: 200, frameHeight: 100, frameScale: 1)
        #expect(viewport.destination == (0, 50, 400, 200))
        #expect(viewport.contentPoint(fromWindowPoint: CGPoint(x: 200, y: 150)) == CGPoint(x: 100, y: 50))
        #expect(viewport.contentPoint(fromWindowPoint: CGPoint(x: 0, y: 50)) == .zero)
        let back = viewport.windowPoint(fromContentPoint: CGPoint(x: 37, y: 81))
        #expect(viewport.contentPoint(fromWindowPoint: back) == CGPoint(x: 37, y: 81), "round trip via \(back)")
    }

    @Test func mouseEventsAreMappedButKeysAreNot() {
        let viewport = Viewport(
            windowSize: CGSize(width: 400, height: 300), drawableWidth: 400, drawableHeight: 300,
            frameWidth: 200, frameHeight: 100, frameScale: 1)
        #expect(
            viewport.contentEvent(fromWindowEvent: .mouseDown(.left, at: CGPoint(x: 200, y: 150)))
                == .mouseDown(.left, at: CGPoint(x: 100, y: 50)))
        #expect(viewport.contentEvent(fromWindowEvent: .keyDown(.a, isRepeat: false)) == .keyDown(.a, isRepeat: false))
    }

    @Test func degenerateSizesStayFinite() {
        let viewport = Viewport(
            windowSize: .zero, drawableWidth: 0, drawableHeight: -3, frameWidth: 0, frameHeight: 0, frameScale: 0)
        let p = viewport.contentPoint(fromWindowPoint: CGPoint(x: 5, y: 5))
        #expect(p.x.isFinite && p.y.isFinite)
    }
}
