import Foundation
import Testing
import LayerKit
@testable import Compositor

@Test func smokeSceneRenders() throws {
    let root = rootLayer(160, 120, CGColor(gray: 0.2, alpha: 1))
    let a = solidLayer(CGRect(x: 10, y: 10, width: 60, height: 40), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
    a.cornerRadius = 10
    a.borderWidth = 3
    a.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    root.addSublayer(a)
    let b = solidLayer(CGRect(x: 80, y: 20, width: 50, height: 50), CGColor(red: 0, green: 0.5, blue: 1, alpha: 1))
    b.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 6))
    b.allowsEdgeAntialiasing = true
    root.addSublayer(b)
    let c = CALayer()
    c.frame = CGRect(x: 20, y: 60, width: 48, height: 48)
    c.contents = try quadrantImage()
    c.magnificationFilter = .nearest
    root.addSublayer(c)
    let fb = try renderFrame(root)
    try fb.writePNG(to: "/tmp/smoke.png")
    #expect(px(fb, 40, 30) == [255, 0, 0, 255])
}
