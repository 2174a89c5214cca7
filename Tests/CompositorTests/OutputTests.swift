import EmitterTestSupport
import Foundation
import ImageCodec
import LayerKit
import Testing

@testable import Compositor

/// Framebuffers, PNG output, render(in:) captures, and bad input.
@Suite struct OutputTests {
    @Test func framebufferBytesAreTightlyPackedRGBAPremultiplied() throws {
        let fb = try Framebuffer(width: 3, height: 2)
        fb.clear(to: CGColor(red: 1, green: 0.5, blue: 0, alpha: 0.5))
        #expect(fb.bytesPerRow == 12)
        let bytes = fb.withUnsafeBytes { Array($0) }
        #expect(
            bytes.count == 24 && Array(bytes[0..<4]) == [128, 64, 0, 128],
            "R, G, B, A premultiplied: \(Array(bytes[0..<4]))")
    }

    @Test func pngRoundTripKeepsThePixels() throws {
        let fb = try renderFrame(BookScenes.offset())
        let folder = try TestSupport.temporaryFolder("compositor-roundtrip")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/frame.png"
        try fb.writePNG(to: path)
        let back = try PNGCodec.load(path: path)
        #expect(back.width == 160 && back.height == 160)
        for (x, y) in [(45, 45), (95, 95), (5, 5)] {
            let p = back.pixel(x: x, y: y)
            #expect([Int(p.r), Int(p.g), Int(p.b), Int(p.a)] == px(fb, x, y), "(\(x),\(y))")
        }
    }

    @Test func renderInDrawsALayerInItsOwnCoordinates() throws {
        let l = solidLayer(CGRect(x: 300, y: 400, width: 20, height: 10), CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        l.setAffineTransform(CGAffineTransform(rotationAngle: 1))
        l.addSublayer(
            solidLayer(CGRect(x: 10, y: 0, width: 10, height: 10), CGColor(red: 1, green: 0, blue: 0, alpha: 1)))
        let image = try Compositor(threadCount: 1).image(of: l, scale: 2)
        #expect(image.width == 40 && image.height == 20 && image.scale == 2)
        let left = image.pixel(x: 5, y: 10)
        let right = image.pixel(x: 35, y: 10)
        #expect(left.b == 255 && right.r == 255, "position and transform ignored, sublayers drawn: \(left) \(right)")
    }

    @Test func badFramebufferSizesAreRefusedWithAMessage() {
        for (w, h, s) in [(0, 10, 1.0), (10, -1, 1.0), (20_000, 10, 1.0), (10, 10, 0.0), (10, 10, .nan)] {
            #expect(throws: CompositorError.self, "\(w)×\(h) @\(s)") {
                try Framebuffer(width: w, height: h, scale: CGFloat(s))
            }
        }
        do { _ = try Framebuffer(width: 0, height: 5) } catch {
            #expect("\(error)".contains("0×5"), "message names the size: \(error)")
        }
    }

    @Test func captureOfAnEmptyLayerThrows() {
        #expect(throws: CompositorError.self) { try Compositor().image(of: CALayer()) }
        #expect(throws: CompositorError.self) {
            try Compositor().image(of: solidLayer(CGRect(x: 0, y: 0, width: 10, height: 10), nil), scale: -1)
        }
    }

    @Test func nonFiniteGeometryIsSkippedWithADiagnostic() throws {
        let root = rootLayer(20, 20, CGColor(gray: 0, alpha: 1))
        let bad = solidLayer(CGRect(x: 0, y: 0, width: 10, height: 10), CGColor(gray: 1, alpha: 1))
        bad.name = "broken"
        bad.position = CGPoint(x: CGFloat.nan, y: 5)
        root.addSublayer(bad)
        let huge = solidLayer(
            CGRect(x: -1e12, y: -1e12, width: 2e12, height: 2e12), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        root.addSublayer(huge)
        let singular = solidLayer(CGRect(x: 0, y: 0, width: 10, height: 10), CGColor(gray: 1, alpha: 1))
        singular.transform = CATransform3DMakeScale(0, 0, 0)
        root.addSublayer(singular)
        let c = Compositor(threadCount: 1)
        let fb = try renderFrame(root, compositor: c)
        #expect(c.diagnostics.contains { $0.contains("'broken'") && $0.contains("non-finite") }, "\(c.diagnostics)")
        #expect(px(fb, 10, 10) == [255, 0, 0, 255], "the huge layer is clipped to the frame: \(px(fb, 10, 10))")
    }

    @Test func deepTreesAreCutOffNotCrashing() throws {
        let root = rootLayer(10, 10)
        var parent = root
        for _ in 0..<400 {
            let l = solidLayer(root.bounds, nil)
            parent.addSublayer(l)
            parent = l
        }
        parent.backgroundColor = CGColor(gray: 1, alpha: 1)
        let c = Compositor(threadCount: 1)
        _ = try renderFrame(root, compositor: c)
        #expect(c.diagnostics.contains { $0.contains("nested more than") }, "\(c.diagnostics)")
    }
}

@Test func layerRenderInDrawsOverTheExistingPixels() throws {
    let l = solidLayer(CGRect(x: 50, y: 50, width: 4, height: 4), nil)
    l.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 2, height: 4), CGColor(red: 0, green: 1, blue: 0, alpha: 1)))
    let fb = try Framebuffer(width: 4, height: 4)
    fb.clear(to: CGColor(red: 0, green: 0, blue: 1, alpha: 1))
    l.render(in: fb)
    #expect(
        px(fb, 0, 0) == [0, 255, 0, 255] && px(fb, 3, 0) == [0, 0, 255, 255],
        "sublayer drawn over the blue: \(px(fb, 0, 0)) \(px(fb, 3, 0))")
}
