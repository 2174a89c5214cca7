import EmitterKit

// MARK: - UIKit's NSValue additions

/// Geometry boxed as objects, as iOS code passes it to `CAKeyframeAnimation.values`, `fromValue` and
/// `toValue`. Animations take these values wherever they take the Swift ones (`LayerValue(any:)` reads
/// them); `NSValue(caTransform3D:)` comes from Core Animation itself.
extension NSValue {
    /// Boxes a point.
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
    /// Boxes a size.
    public convenience init(cgSize size: CGSize) { self.init(size: size) }
    /// Boxes a rectangle.
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }
    /// Boxes an affine transform (six doubles a, b, c, d, tx, ty; type `NSValue.affineTransformType`).
    public convenience init(cgAffineTransform t: CGAffineTransform) {
        var m: [Double] = [t.a, t.b, t.c, t.d, t.tx, t.ty].map { Double($0) }
        self.init(bytes: &m, objCType: NSValue.affineTransformType)
    }

    /// The boxed point; `.zero` when the value holds something else.
    public var cgPointValue: CGPoint { holds("{CGPoint") ? pointValue : .zero }
    /// The boxed size; `.zero` when the value holds something else.
    public var cgSizeValue: CGSize { holds("{CGSize") ? sizeValue : .zero }
    /// The boxed rectangle; `.zero` when the value holds something else.
    public var cgRectValue: CGRect { holds("{CGRect") ? rectValue : .zero }
    /// The boxed affine transform; the identity when the value holds something else.
    public var cgAffineTransformValue: CGAffineTransform {
        guard String(cString: objCType) == NSValue.affineTransformType else { return .identity }
        var m = [Double](repeating: 0, count: 6)
        m.withUnsafeMutableBytes { getValue($0.baseAddress!) }
        return CGAffineTransform(
            a: CGFloat(m[0]), b: CGFloat(m[1]), c: CGFloat(m[2]), d: CGFloat(m[3]), tx: CGFloat(m[4]),
            ty: CGFloat(m[5]))
    }

    private func holds(_ typePrefix: String) -> Bool { String(cString: objCType).hasPrefix(typePrefix) }
}
