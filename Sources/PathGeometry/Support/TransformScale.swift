import Foundation
import LayerKit

// MARK: - How much a transform stretches lengths

extension CGAffineTransform {
    /// The largest and smallest factor by which the linear part stretches a length (its singular values).
    ///
    /// A tolerance of `t` device pixels is `t / maximum` in user space; a line of width `w` is at least
    /// `w × minimum` device pixels wide.
    var stretchFactors: (maximum: CGFloat, minimum: CGFloat) {
        // Singular values of [[a, c], [b, d]] from the eigenvalues of MᵀM.
        let p = a * a + b * b
        let q = c * c + d * d
        let r = a * c + b * d
        let mean = (p + q) / 2
        let spread = (((p - q) / 2) * ((p - q) / 2) + r * r).squareRoot()
        return ((mean + spread).squareRoot(), max(0, mean - spread).squareRoot())
    }

    /// Whether every entry is finite.
    var isFinite: Bool { a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite }
}
