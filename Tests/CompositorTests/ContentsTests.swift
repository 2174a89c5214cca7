import Foundation
import LayerKit
import Testing

@testable import Compositor

/// Layer contents: the 12 gravities, contentsScale, contentsRect and the three filters.
@Suite struct ContentsTests {
    /// A 20×12 image: orange on the left half, purple on the right, opaque.
    static func wideImage() throws -> CGImage {
        try CGImage(width: 20, height: 12) { x, _ in
            x < 10 ? CGColor(red: 1, green: 0.5, blue: 0, alpha: 1) : CGColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
        }
    }

    static let gravities: [CALayerContentsGravity] = [
        .center, .top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft,
        .bottomRight, .resize, .resizeAspect, .resizeAspectFill,
    ]

    /// Where each gravity puts a 20×12-point image in a 40×40 layer (Apple's header: top = maximum y).
    static let expected: [CALayerContentsGravity: CGRect] = [
        .center: CGRect(x: 10, y: 14, width: 20, height: 12), .top: CGRect(x: 10, y: 28, width: 20, height: 12),
        .bottom: CGRect(x: 10, y: 0, width: 20, height: 12), .left: CGRect(x: 0, y: 14, width: 20, height: 12),
        .right: CGRect(x: 20, y: 14, width: 20, height: 12), .topLeft: CGRect(x: 0, y: 28, width: 20, height: 12),
        .topRight: CGRect(x: 20, y: 28, width: 20, height: 12), .bottomLeft: CGRect(x: 0, y: 0, width: 20, height: 12),
        .bottomRight: CGRect(x: 20, y: 0, width: 20, height: 12), .resize: CGRect(x: 0, y: 0, width: 40, height: 40),
        .resizeAspect: CGRect(x: 0, y: 8, width: 40, height: 24),
        .resizeAspectFill: CGRect(x: 0, y: 0, width: 40, height: 40),
    ]

    @Test func everyGravityPlacesTheImageWhereAppleSays() throws {
        let root = rootLayer(4 * 48, 3 * 48, CGColor(gray: 0.2, alpha: 1))
        let image = try Self.wideImage()
        for (i, g) in Self.gravities.enumerated() {
            let l = CALayer()
            l.frame = CGRect(x: 4 + CGFloat(i % 4) * 48, y: 4 + CGFloat(i / 4) * 48, width: 40, height: 40)
            l.backgroundColor = CGColor(gray: 0.5, alpha: 1)
            l.contents = image
            l.contentsGravity = g
            l.masksToBounds = true
            l.magnificationFilter = .nearest
            root.addSublayer(l)
        }
        let fb = try renderFrame(root)
        expectGolden(fb, "contents-gravity")
        for (i, g) in Self.gravities.enumerated() {
            let ox = 4 + (i % 4) * 48
            let oy = 4 + (i / 4) * 48
            // The bounding box of image-coloured pixels inside the cell.
            var minX = 99
            var minY = 99
            var maxX = -1
            var maxY = -1
            for y in 0..<40 {
                for x in 0..<40 {
                    let p = px(fb, ox + x, oy + y)
                    if p != [128, 128, 128, 255] {
                        minX = min(minX, x)
                        maxX = max(maxX, x)
                        minY = min(minY, y)
                        maxY = max(maxY, y)
                    }
                }
            }
            let e = Self.expected[g]!
            let got = CGRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
            #expect(got == e, "gravity \(g): image at \(got), expected \(e)")
        }
    }

    @Test func resizeAspectFillKeepsTheAspectAndOverflows() throws {
        // 20×12 filled into 40×40: scale 40/12, width 66.7, centred: the left half (orange) spans x < 20.
        let root = rootLayer(40, 40)
        let l = CALayer()
        l.frame = root.bounds
        l.contents = try Self.wideImage()
        l.contentsGravity = .resizeAspectFill
        l.magnificationFilter = .nearest
        root.addSublayer(l)
        let fb = try renderFrame(root)
        #expect(px(fb, 19, 20) == [255, 128, 0, 255] && px(fb, 20, 20) == [128, 0, 128, 255], "split at the middle")
    }

    @Test func contentsScaleTwoHalvesThePointSize() throws {
        let root = rootLayer(40, 40, CGColor(gray: 0.5, alpha: 1))
        let l = CALayer()
        l.frame = root.bounds
        l.contents = try Self.wideImage()
        l.contentsScale = 2
        l.contentsGravity = .center
        root.addSublayer(l)
        let fb = try renderFrame(root)
        // 10×6 points centred: x 15…25, y 17…23.
        #expect(px(fb, 16, 18) == [255, 128, 0, 255], "inside: \(px(fb, 16, 18))")
        #expect(
            px(fb, 14, 18) == [128, 128, 128, 255] && px(fb, 16, 16) == [128, 128, 128, 255],
            "outside the 10×6 rectangle")
        // At framebuffer scale 2 the same scene shows the image 1:1 (20×12 pixels).
        let fb2 = try renderFrame(root, scale: 2)
        #expect(px(fb2, 30, 34) == [255, 128, 0, 255] && px(fb2, 29, 34) == [128, 128, 128, 255], "1:1 at scale 2")
    }

    /// A 4×4 checkerboard of red and blue.
    static func checker(_ n: Int, cell: Int) throws -> CGImage {
        try CGImage(width: n, height: n) { x, y in
            (x / cell + y / cell) % 2 == 0 ? CGColor(gray: 1, alpha: 1) : CGColor(gray: 0, alpha: 1)
        }
    }

    func drawn(
        _ image: CGImage, size: CGFloat, mag: CALayerContentsFilter = .linear,
        min minFilter: CALayerContentsFilter = .linear
    ) throws -> Framebuffer {
        let root = rootLayer(size, size)
        let l = CALayer()
        l.frame = root.bounds
        l.contents = image
        l.magnificationFilter = mag
        l.minificationFilter = minFilter
        root.addSublayer(l)
        return try renderFrame(root)
    }

    @Test func nearestMagnificationKeepsHardBlocks() throws {
        let fb = try drawn(try Self.checker(4, cell: 1), size: 40, mag: .nearest)
        for y in 0..<40 {
            for x in 0..<40 {
                let white = (x / 10 + y / 10) % 2 == 0
                #expect(
                    px(fb, x, y) == (white ? [255, 255, 255, 255] : [0, 0, 0, 255]), "(\(x),\(y)) \(px(fb, x, y))")
            }
        }
    }

    @Test func linearMagnificationBlends() throws {
        let fb = try drawn(try Self.checker(4, cell: 1), size: 40, mag: .linear)
        // Between texel centres (5 and 15) the value ramps: at x = 10 it is half-way.
        let v = px(fb, 10, 5)[0]
        #expect(v > 100 && v < 155, "half-way between a white and a black texel: \(v)")
        expectGolden(fb, "contents-linear-magnification")
    }

    @Test func trilinearMinificationAveragesWhereNearestAliases() throws {
        let image = try Self.checker(64, cell: 1)
        let tri = try drawn(image, size: 8, min: .trilinear)
        let nearest = try drawn(image, size: 8, min: .nearest)
        for y in 0..<8 {
            for x in 0..<8 {
                let t = px(tri, x, y)[0]
                let n = px(nearest, x, y)[0]
                #expect(t >= 120 && t <= 136, "trilinear (\(x),\(y)) should be mid-grey: \(t)")
                #expect(n == 0 || n == 255, "nearest (\(x),\(y)) picks one texel: \(n)")
            }
        }
    }

    @Test func contentsRectSelectsTheSubImage() throws {
        let root = rootLayer(20, 20)
        let l = CALayer()
        l.frame = root.bounds
        l.contents = try quadrantImage(16)
        l.contentsRect = CGRect(x: 0.5, y: 0.5, width: 0.5, height: 0.5)
        root.addSublayer(l)
        let fb = try renderFrame(root)
        for (x, y) in [(0, 0), (19, 19), (10, 10)] {
            #expect(px(fb, x, y) == [255, 255, 0, 255], "bottom-right quadrant (yellow) only")
        }
    }

    @Test func contentsStayUprightUnderAGeometryFlippedSuperlayer() throws {
        let root = rootLayer(20, 20)
        root.isGeometryFlipped = true
        let l = CALayer()
        l.frame = root.bounds
        l.contents = try quadrantImage(16)
        l.magnificationFilter = .nearest
        root.addSublayer(l)
        let fb = try renderFrame(root)
        #expect(px(fb, 2, 2) == [255, 0, 0, 255], "red stays top-left on screen: \(px(fb, 2, 2))")
        #expect(px(fb, 2, 17) == [0, 0, 255, 255], "blue stays bottom-left: \(px(fb, 2, 17))")
    }
}
