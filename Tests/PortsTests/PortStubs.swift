import UIKitCompat

// MARK: - What the ported files use from the rest of their projects

/// LTMorphingLabel's label class, which LTEmitterView.swift names only to find its framework's bundle
/// (`Bundle(for: LTMorphingLabel.self)`); the label itself is not ported.
final class LTMorphingLabel {}

/// FinniversKit's image names, generated from its asset catalog in another file of that project; its
/// `UIImage(named:)` overload loads them from the framework's bundle and never returns nil. Its spark PNG
/// is not available here (the repository is too large to fetch), so the engine's built-in soft dot (64 × 64
/// pixels) stands in for it.
enum FinniversImageAsset: String {
    case spark
}

extension UIImage {
    /// FinniversKit's non-failable lookup of its own images (the stand-in for `.spark`).
    convenience init(named asset: FinniversImageAsset) {
        self.init(cgImage: BuiltinSprites.image(named: "softDot")!)
    }
}
