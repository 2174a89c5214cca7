import EmitterKit

/// UIKit's image: a decoded PNG and its scale, for `cell.contents = UIImage(named: "spark")?.cgImage`.
///
/// Images are PNG only (decoded by libpng into premultiplied sRGB). As in UIKit, the failable initialisers
/// return nil for a missing file or data that is not an image; here they also say why, once, through
/// `UIKitDiagnostics` (the file, the folders searched, libpng's reason), so that a force-unwrapped
/// `UIImage(named: "spark")!` in ported code is not a mystery. `UIImage.load(named:)` throws instead.
open class UIImage: CustomStringConvertible, @unchecked Sendable {
    /// The pixels; nil for an empty image (`UIImage()`).
    public let cgImage: CGImage?
    /// Pixels per point: 2 for a `@2x` file. Default 1.
    public let scale: CGFloat
    /// The image's orientation (always `.up` here: PNG files carry none).
    public let imageOrientation: Orientation

    /// An image orientation, as UIKit's. Only `.up` is produced; the others are accepted and kept.
    public enum Orientation: Int, Sendable {
        /// The default.
        case up, down, left, right, upMirrored, downMirrored, leftMirrored, rightMirrored
    }

    /// The size in points: pixels ÷ `scale`. Zero for an empty image.
    public var size: CGSize {
        guard let cgImage else { return .zero }
        return CGSize(width: CGFloat(cgImage.width) / scale, height: CGFloat(cgImage.height) / scale)
    }

    // MARK: - Creating

    /// An empty image (no pixels, size zero), as `UIImage()` is on iOS.
    public init() {
        cgImage = nil
        scale = 1
        imageOrientation = .up
    }

    /// Wraps pixels at scale 1.
    public init(cgImage: CGImage) {
        self.cgImage = cgImage
        scale = 1
        imageOrientation = .up
    }

    /// Wraps pixels at `scale` pixels per point (a scale that is not finite and positive counts as 1).
    public init(cgImage: CGImage, scale: CGFloat, orientation: Orientation) {
        self.cgImage = cgImage
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        imageOrientation = orientation
    }

    /// The image called `name` in the asset folders (`UIImage.assetFolders`; docs/Porting.md): `name.png`,
    /// `name@2x.png`, `name@3x.png` or `name.imageset` in an asset catalog, preferring
    /// `UIScreen.main.scale`. Nil when there is none or it cannot be decoded (reported once).
    public convenience init?(named name: String) {
        self.init(named: name, in: nil, compatibleWith: nil)
    }

    /// The image called `name`, searched first in `bundle`'s resource folder when a bundle is given, then
    /// in the asset folders. Traits are ignored.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?)
    {
        do {
            let found = try UIImage.load(named: name, in: bundle)
            self.init(cgImage: found.cgImage!, scale: found.scale, orientation: .up)
        } catch {
            UIKitDiagnostics.report("\(error)")
            return nil
        }
    }

    /// Decodes PNG data at scale 1. Nil (reported once) when the data is not a PNG or is corrupt.
    public convenience init?(data: Data) {
        self.init(data: data, scale: 1)
    }

    /// Decodes PNG data at `scale` pixels per point. Nil (reported once) when it cannot.
    public convenience init?(data: Data, scale: CGFloat) {
        do {
            let image = try PNGCodec.decode(data, scale: 1, source: "UIImage(data:) of \(data.count) bytes")
            self.init(cgImage: image, scale: scale, orientation: .up)
        } catch {
            UIKitDiagnostics.report("\(error)")
            return nil
        }
    }

    /// Reads the PNG file at `path`; a `@2x`/`@3x` suffix sets the scale, as on iOS. Nil (reported once)
    /// when the file is missing, not a PNG or corrupt.
    public convenience init?(contentsOfFile path: String) {
        do {
            let image = try PNGCodec.load(path: path)
            self.init(cgImage: image, scale: image.scale, orientation: .up)
        } catch {
            UIKitDiagnostics.report("UIImage(contentsOfFile:): \(error)")
            return nil
        }
    }

    // MARK: - Reading

    /// The image as PNG data; nil for an empty image.
    public func pngData() -> Data? {
        guard let cgImage else { return nil }
        return try? PNGCodec.encode(cgImage)
    }

    /// A textual description with the size and scale.
    open var description: String { "<UIImage \(size.width)×\(size.height) @\(scale)x>" }
}

/// UIKit's trait collection, accepted (and ignored) by `UIImage(named:in:compatibleWith:)`.
public final class UITraitCollection: Sendable {
    /// An empty trait collection.
    public init() {}
}
