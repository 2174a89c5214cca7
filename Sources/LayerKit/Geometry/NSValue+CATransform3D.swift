import Foundation

/// Core Animation's `NSValue` additions: a transform boxed as an object, as `CAKeyframeAnimation.values`
/// and `fromValue`/`toValue` are often written on iOS.
///
/// swift-corelibs-foundation cannot box an arbitrary struct, so the transform is stored as 16 doubles
/// (Objective-C type `[16d]`, m11 … m44 row by row); `LayerValue(any:)` reads that type back.
extension NSValue {
    /// The Objective-C type of a boxed `CATransform3D`: 16 doubles.
    static let transform3DType = "[16d]"
    /// The Objective-C type of a boxed `CGAffineTransform` (UIKit's `NSValue(cgAffineTransform:)`): 6 doubles
    /// a, b, c, d, tx, ty.
    public static let affineTransformType = "[6d]"

    /// Boxes a transform.
    public convenience init(caTransform3D t: CATransform3D) {
        var m: [Double] = [
            t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
            t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44,
        ].map { Double($0) }
        self.init(bytes: &m, objCType: NSValue.transform3DType)
    }

    /// The boxed transform; the identity when the value holds something else.
    public var caTransform3DValue: CATransform3D {
        guard String(cString: objCType) == NSValue.transform3DType else { return CATransform3DIdentity }
        var m = [Double](repeating: 0, count: 16)
        m.withUnsafeMutableBytes { getValue($0.baseAddress!) }
        let c = m.map { CGFloat($0) }
        return CATransform3D(
            m11: c[0], m12: c[1], m13: c[2], m14: c[3], m21: c[4], m22: c[5], m23: c[6], m24: c[7],
            m31: c[8], m32: c[9], m33: c[10], m34: c[11], m41: c[12], m42: c[13], m43: c[14], m44: c[15])
    }
}
