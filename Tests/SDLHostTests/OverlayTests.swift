import Testing

@testable import SDLHost

/// The overlay's panels, formatting and wrapping.
@Suite struct OverlayTests {
    func render(_ overlay: Overlay, width: Int = 640, height: Int = 360, report: OverlayReport)
        -> PixelCanvasTests.Buffer
    {
        let buffer = PixelCanvasTests.Buffer(width: width, height: height)
        buffer.draw { overlay.draw(in: $0, contentsScale: 1, report: report) }
        return buffer
    }

    var report: OverlayReport {
        var frameRate = FrameRateMeter()
        frameRate.record(interval: 1.0 / 60, work: 0.004)
        return OverlayReport(frameRate: frameRate, liveParticles: 12345, bodies: 7)
    }

    @Test func nothingIsDrawnWhenEverythingIsOff() {
        let buffer = render(Overlay(), report: report)
        #expect(buffer.bytes.allSatisfy { $0 == 0 })
        #expect(!Overlay().isVisible(badge: nil))
    }

    @Test func statisticsPanelSitsTopLeftWithTheFigures() {
        var overlay = Overlay()
        overlay.showsStatistics = true
        #expect(report.lines == ["60.0 fps  16.7 ms", "work 4.0 ms", "particles 12,345", "bodies 7"])
        let buffer = render(overlay, report: report)
        #expect(buffer.pixel(1, 1)[3] > 0, "panel at the top-left corner")
        #expect(buffer.pixel(639, 359) == [0, 0, 0, 0], "nothing at the bottom-right")
        #expect(buffer.bytes.contains(255), "white text")
    }

    @Test func badgeShowsPausedTopRightEvenWithoutStatistics() {
        var playback = PlaybackState()
        playback.apply(.pause)
        playback.apply(.speedDown)
        #expect(playback.badge == "paused  1/2x")
        var r = report
        r.badge = playback.badge
        let buffer = render(Overlay(), report: r)
        #expect(buffer.pixel(638, 2)[3] > 0, "badge panel at the top-right")
        #expect(buffer.pixel(2, 2) == [0, 0, 0, 0], "no statistics panel")
    }

    @Test func errorBannerCoversTheBottomInRed() {
        var overlay = Overlay()
        overlay.errorMessage =
            "Scenes/fire.json:14:9: layers[0].emitterCells[1].birthRate: expected a number ≥ 0, got -5"
        let buffer = render(overlay, report: report)
        let bottom = buffer.pixel(320, 358)
        #expect(bottom[0] > 100 && bottom[1] < 40 && bottom[3] > 200, "red banner at the bottom: \(bottom)")
        #expect(buffer.pixel(320, 5) == [0, 0, 0, 0], "top untouched")
    }

    @Test func helpListsEveryBoundKey() {
        let entries = KeyBindings.standard.helpEntries
        #expect(
            entries.map(\.keys) == ["Space", ".", "R", "+ / =", "-", "0", "F", "H", "D", "Esc"],
            "\(entries.map(\.keys))")
        var overlay = Overlay()
        overlay.showsHelp = true
        let buffer = render(overlay, report: report)
        #expect(buffer.pixel(320, 180)[3] > 0, "help panel in the centre")
    }

    @Test func helpNeverCoversTheStatisticsPanel() {
        var statisticsOnly = Overlay()
        statisticsOnly.showsStatistics = true
        var both = statisticsOnly
        both.showsHelp = true
        for (width, height) in [(640, 360), (640, 400), (320, 200)] {
            let a = render(statisticsOnly, width: width, height: height, report: report)
            let b = render(both, width: width, height: height, report: report)
            let panelRows =
                report.lines.count * BitmapFont.standard.lineHeight
                * both.fontPixelSize(canvasWidth: width, contentsScale: 1)
            var same = true
            for y in 0..<min(height, panelRows)
            where a.bytes[(y * width * 4)..<(y * width * 4 + 200 * 4)]
                != b.bytes[(y * width * 4)..<(y * width * 4 + 200 * 4)]
            {
                same = false
            }
            #expect(same, "\(width)x\(height): the help panel overlaps the statistics")
            #expect(b.bytes != a.bytes, "\(width)x\(height): help drawn")
        }
    }

    @Test func wrapBreaksAtSpacesAndCutsLongWords() {
        #expect(Overlay.wrap("one two three", columns: 7) == ["one two", "three"])
        #expect(Overlay.wrap("abcdefghij", columns: 4) == ["abcd", "efgh", "ij"])
        #expect(Overlay.wrap("a\nb", columns: 10) == ["a", "b"])
        #expect(Overlay.wrap("x ≥ 0", columns: 10) == ["x >= 0"])
    }

    @Test func fontPixelsScaleWithContentsScaleAndShrinkOnNarrowFrames() {
        let overlay = Overlay()
        #expect(overlay.fontPixelSize(canvasWidth: 800, contentsScale: 1) == 2)
        #expect(overlay.fontPixelSize(canvasWidth: 1600, contentsScale: 2) == 4)
        #expect(overlay.fontPixelSize(canvasWidth: 320, contentsScale: 1) == 1)
        #expect(overlay.fontPixelSize(canvasWidth: 800, contentsScale: .nan) == 2)
    }

    @Test func statisticsAverageOverHalfSecondWindows() {
        var frameRate = FrameRateMeter()
        // Binary-exact intervals: 32 frames of 1/64 s fill one window exactly.
        frameRate.record(interval: 1.0 / 64, work: 0.002)
        #expect(frameRate.framesPerSecond == 64, "running mean before the first window: \(frameRate.framesPerSecond)")
        for _ in 1..<32 { frameRate.record(interval: 1.0 / 64, work: 0.002) }
        #expect(frameRate.framesPerSecond == 64, "fps \(frameRate.framesPerSecond)")
        for _ in 0..<15 { frameRate.record(interval: 1.0 / 32, work: 0.010) }
        #expect(
            frameRate.framesPerSecond == 64, "the second window is not complete yet: \(frameRate.framesPerSecond)")
        frameRate.record(interval: 1.0 / 32, work: 0.010)
        #expect(frameRate.framesPerSecond == 32, "fps \(frameRate.framesPerSecond)")
        #expect(abs(frameRate.workMilliseconds - 10) < 1e-9, "work \(frameRate.workMilliseconds)")
        #expect(frameRate.frameCount == 48)
    }
}
