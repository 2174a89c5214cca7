import Foundation
import LayerKit

/// Whether two numbers agree to `tolerance`.
func close(_ a: CGFloat, _ b: CGFloat, _ tolerance: CGFloat = 1e-4) -> Bool { abs(a - b) <= tolerance }

/// Whether two rectangles agree to `tolerance` in every component.
func close(_ a: CGRect, _ b: CGRect, _ tolerance: CGFloat = 1e-4) -> Bool {
    close(a.minX, b.minX, tolerance) && close(a.minY, b.minY, tolerance)
        && close(a.width, b.width, tolerance) && close(a.height, b.height, tolerance)
}

/// Whether two points agree to `tolerance`.
func close(_ a: CGPoint, _ b: CGPoint, _ tolerance: CGFloat = 1e-4) -> Bool {
    close(a.x, b.x, tolerance) && close(a.y, b.y, tolerance)
}

/// Whether two transforms agree to `tolerance` in every entry.
func close(_ a: CATransform3D, _ b: CATransform3D, _ tolerance: CGFloat = 1e-9) -> Bool {
    zip(a.rowMajor, b.rowMajor).allSatisfy { abs($0 - $1) <= tolerance }
}

/// A layer with a frame, background and name.
func makeLayer(_ name: String, frame: CGRect, color: CGColor? = nil) -> CALayer {
    let l = CALayer()
    l.name = name
    l.frame = frame
    l.backgroundColor = color
    return l
}
