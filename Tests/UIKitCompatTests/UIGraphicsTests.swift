import EmitterTestSupport
import Foundation
import Testing
import UIKitCompat

/// UIKit's image-context drawing: the legacy begin/end functions and UIGraphicsImageRenderer.
@Suite struct UIGraphicsTests {
    @Test func imageContextsFillInPointsAtTheirScale() throws {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 4, height: 3), false, 2)
        UIColor.red.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: 2, height: 3))
        let image = try #require(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsEndImageContext()
        #expect(UIGraphicsGetCurrentContext() == nil, "the stack is empty again")
        #expect(image.scale == 2 && image.size == CGSize(width: 4, height: 3))
        let pixels = try #require(image.cgImage)
        #expect(pixels.width == 8 && pixels.height == 6)
        #expect(pixels.pixel(x: 3, y: 5).r == 255 && pixels.pixel(x: 3, y: 5).a == 255, "left half filled")
        #expect(pixels.pixel(x: 4, y: 0).a == 0, "right half transparent")
    }

    @Test func aRendererDrawsItsBlockIntoAFreshImage() throws {
        let image = UIGraphicsImageRenderer(bounds: CGRect(x: 0, y: 0, width: 10, height: 10)).image { context in
            context.cgContext.setFillColor(UIColor.blue.cgColor)
            context.cgContext.addEllipse(in: CGRect(x: 0, y: 0, width: 10, height: 10))
            context.cgContext.drawPath(using: .fill)
        }
        let pixels = try #require(image.cgImage)
        let s = Int(UIScreen.main.scale)
        #expect(pixels.width == 10 * s && image.size == CGSize(width: 10, height: 10))
        #expect(pixels.pixel(x: 5 * s, y: 5 * s).b == 255, "centre inside the ellipse")
        #expect(pixels.pixel(x: 0, y: 0).a == 0, "corner outside it")
        var empty: UIImage?
        let reports = uikitReports { empty = UIGraphicsImageRenderer(size: .zero).image { _ in } }
        #expect(empty?.cgImage == nil && reports.count == 1, "\(reports)")
    }
}
