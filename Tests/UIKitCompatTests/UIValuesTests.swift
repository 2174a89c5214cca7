import EmitterTestSupport
import Foundation
import QuartzCore
import Testing
import UIKitCompat

/// UIScreen, UIColor's system colours and initialisers, NSValue's geometry in animations.
@Suite struct UIValuesTests {
    @Test func screenDefaultsAndRefusesBadSizes() {
        #expect(UIScreen.main.bounds.size == CGSize(width: 393, height: 852) || UIScreen.main.bounds.width > 0)
        let screen = UIScreen(bounds: CGRect(x: 0, y: 0, width: 320, height: 480), scale: 2)
        #expect(screen.nativeBounds.size == CGSize(width: 640, height: 960) && screen.nativeScale == 2)
        let reports = uikitReports {
            screen.bounds = CGRect(x: 0, y: 0, width: CGFloat.nan, height: 10)
            screen.scale = 0
            screen.bounds = CGRect(x: 5, y: 5, width: 100, height: 200)
        }
        #expect(reports.count == 2, "\(reports)")
        #expect(screen.scale == 2 && screen.bounds == CGRect(x: 0, y: 0, width: 100, height: 200))
    }

    @Test func systemColoursAndInitialisers() {
        func rgb255(_ c: UIColor) -> [Int] {
            [c.cgColor.red, c.cgColor.green, c.cgColor.blue].map { Int(($0 * 255).rounded()) }
        }
        #expect(rgb255(.systemRed) == [255, 59, 48] && rgb255(.systemBlue) == [0, 122, 255])
        #expect(rgb255(.systemGreen) == [52, 199, 89] && rgb255(.systemGray6) == [242, 242, 247])
        #expect(rgb255(UIColor(hue: 0, saturation: 1, brightness: 1, alpha: 1)) == [255, 0, 0])
        #expect(rgb255(UIColor(hue: 1.0 / 3, saturation: 1, brightness: 1, alpha: 1)) == [0, 255, 0])
        #expect(rgb255(UIColor(hue: 0.5, saturation: 0.5, brightness: 1, alpha: 1)) == [128, 255, 255])
        #expect(UIColor(white: 0.5, alpha: 0.5) == UIColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.5))
        #expect(UIColor.orange.withAlphaComponent(0.3).cgColor.alpha == 0.3)
        // Ported code uses Xcode's colour literals; the lint would rather it did not.
        // swift-format-ignore: NoPlaygroundLiterals
        let literal: UIColor = #colorLiteral(red: 1, green: 0.5, blue: 0, alpha: 1)
        #expect(rgb255(literal) == [255, 128, 0])
        var r: CGFloat = 0
        var a: CGFloat = 0
        #expect(UIColor.systemRed.getRed(&r, green: nil, blue: nil, alpha: &a) && r == 1 && a == 1)
    }

    @Test func boxedGeometryAnimatesLikeSwiftValues() throws {
        let point = NSValue(cgPoint: CGPoint(x: 3, y: 4))
        #expect(point.cgPointValue == CGPoint(x: 3, y: 4) && point.cgRectValue == .zero)
        #expect(NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)).cgRectValue.maxY == 6)
        #expect(NSValue(cgSize: CGSize(width: 5, height: 6)).cgSizeValue.height == 6)
        let turn = CGAffineTransform(rotationAngle: 0.5)
        #expect(NSValue(cgAffineTransform: turn).cgAffineTransformValue == turn)

        let layer = CALayer()
        let move = CAKeyframeAnimation(keyPath: "position")
        move.values = [NSValue(cgPoint: .zero), NSValue(cgPoint: CGPoint(x: 100, y: 0))]
        move.duration = 1
        let grow = CABasicAnimation(keyPath: "bounds")
        grow.fromValue = NSValue(cgRect: .zero)
        grow.toValue = NSValue(cgRect: CGRect(x: 0, y: 0, width: 40, height: 20))
        grow.duration = 1
        let spin = CABasicAnimation(keyPath: "transform")
        spin.fromValue = NSValue(caTransform3D: CATransform3DIdentity)
        spin.toValue = NSValue(caTransform3D: CATransform3DMakeScale(3, 3, 1))
        spin.duration = 1
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = NSNumber(value: 0)
        fade.toValue = NSNumber(value: 1)
        fade.duration = 1
        let shown = try CAMediaClock.withClock(VirtualMediaClock(startTime: 0)) {
            try layer.addAnimation(move, forKey: "move")
            try layer.addAnimation(grow, forKey: "grow")
            try layer.addAnimation(spin, forKey: "spin")
            try layer.addAnimation(fade, forKey: "fade")
            return layer.makePresentationTree(atTime: 0.5)
        }
        #expect(shown.position == CGPoint(x: 50, y: 0))
        #expect(shown.bounds.size == CGSize(width: 20, height: 10))
        #expect(abs(shown.transform.m11 - 2) < 1e-9)
        #expect(abs(shown.opacity - 0.5) < 1e-6)
    }
}

/// UIDevice: a phone unless told otherwise.
@Suite struct UIDeviceTests {
    @Test func theDeviceIsAPhoneByDefault() {
        #expect(UIDevice().userInterfaceIdiom == .phone && UIDevice.current.systemName == "Linux")
        let tablet = UIDevice()
        tablet.userInterfaceIdiom = .pad
        #expect(tablet.userInterfaceIdiom == .pad && tablet.userInterfaceIdiom.rawValue == 1)
    }
}
