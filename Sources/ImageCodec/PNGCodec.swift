import CPNG
import Foundation
import LayerKit

/// Why an image could not be read or written. Every case names the file (when there is one) and the fix.
public enum ImageError: Error, Equatable, CustomStringConvertible {
    /// The file does not exist or cannot be read.
    case unreadable(path: String, reason: String)
    /// The data does not start with the PNG signature (another format, or not an image).
    case notPNG(source: String, detectedFormat: String?)
    /// libpng rejected the data: corrupt or truncated.
    case corrupt(source: String, reason: String)
    /// The image exceeds the pixel limits of `CGImage`.
    case tooLarge(source: String, width: Int, height: Int)
    /// Encoding failed.
    case encodingFailed(reason: String)
    /// Writing the file failed.
    case writeFailed(path: String, reason: String)

    /// The message shown to users.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "\(path): cannot read the image (\(reason))"
        case .notPNG(let source, let format):
            return "\(source): not a PNG file" + (format.map { " (it looks like \($0))" } ?? "")
                + "; convert it to PNG (8-bit RGBA works best)"
        case .corrupt(let source, let reason):
            return "\(source): corrupt or truncated PNG (\(reason)); re-export the image"
        case .tooLarge(let source, let w, let h):
            return
                "\(source): image is \(w)×\(h) pixels; the limit is \(CGImage.maximumDimension) per side and \(CGImage.maximumPixelCount) pixels in all; scale it down"
        case .encodingFailed(let reason): return "cannot encode PNG (\(reason))"
        case .writeFailed(let path, let reason): return "\(path): cannot write the image (\(reason))"
        }
    }
}

/// PNG decoding and encoding through libpng's simplified API (no setjmp, errors are return values).
///
/// Decoded images are premultiplied sRGB RGBA8, whatever the file's colour type or bit depth; the size
/// is checked against `CGImage`'s limits before any pixel memory is allocated.
public enum PNGCodec {
    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The largest expansion of deflate data (RFC 1951's longest match codes: about 1032 to 1).
    static let maximumDeflateRatio = 1032

    /// Decodes PNG data. `source` names the data in error messages (a path, "embedded texture", …).
    public static func decode(_ data: Data, scale: CGFloat = 1, source: String = "image") throws -> CGImage {
        guard data.count >= 8, Array(data.prefix(8)) == signature else {
            throw ImageError.notPNG(source: source, detectedFormat: sniffFormat(data))
        }
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        let began = data.withUnsafeBytes { raw in
            png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count)
        }
        defer { png_image_free(&image) }
        guard began != 0 else { throw ImageError.corrupt(source: source, reason: message(of: image)) }
        let width = Int(image.width)
        let height = Int(image.height)
        do { try CGImage.validate(width: width, height: height) } catch {
            throw ImageError.tooLarge(source: source, width: width, height: height)
        }
        // Deflate expands at most 1032:1 and a pixel takes at least one bit, so data this short cannot
        // hold the declared image: refuse before allocating width × height × 4 bytes for it.
        let leastRowBytes = height * (1 + (width + 7) / 8)
        if data.count * maximumDeflateRatio < leastRowBytes {
            throw ImageError.corrupt(
                source: source,
                reason: "the header declares \(width)×\(height) pixels but the file has only \(data.count) bytes")
        }
        image.format = cpng_format_rgba()
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let finished = data.withUnsafeBytes { _ in
            pixels.withUnsafeMutableBytes { out in
                png_image_finish_read(&image, nil, out.baseAddress, png_int_32(width * 4), nil)
            }
        }
        guard finished != 0 else { throw ImageError.corrupt(source: source, reason: message(of: image)) }
        if image.warning_or_error & png_uint_32(PNG_IMAGE_ERROR) != 0 {
            throw ImageError.corrupt(source: source, reason: message(of: image))
        }
        CGImage.premultiply(&pixels)
        do {
            return try CGImage(width: width, height: height, premultipliedPixels: pixels, scale: scale)
        } catch {
            throw ImageError.corrupt(source: source, reason: "\(error)")
        }
    }

    /// Loads a PNG file. `scale` sets pixels per point (a `@2x` suffix in the name also means 2).
    public static func load(path: String, scale: CGFloat? = nil) throws -> CGImage {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            let reason =
                FileManager.default.fileExists(atPath: path) ? "permission denied or not a file" : "no such file"
            throw ImageError.unreadable(path: path, reason: reason)
        }
        // NSString path methods crash on some inputs in swift-corelibs-foundation 6.3; parse the name here.
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        let inferred: CGFloat = stem.hasSuffix("@2x") ? 2 : stem.hasSuffix("@3x") ? 3 : 1
        return try decode(data, scale: scale ?? inferred, source: path)
    }

    /// Encodes an image as an 8-bit RGBA PNG (straight alpha, as PNG requires).
    public static func encode(_ img: CGImage) throws -> Data {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(img.width)
        image.height = png_uint_32(img.height)
        image.format = cpng_format_rgba()
        let straight = img.straightPixels
        var size: Int = 0
        let sized = straight.withUnsafeBytes { buf in
            png_image_write_to_memory(&image, nil, &size, 0, buf.baseAddress, png_int_32(img.width * 4), nil)
        }
        guard sized != 0, size > 0 else { throw ImageError.encodingFailed(reason: message(of: image)) }
        var out = Data(count: size)
        let wrote = out.withUnsafeMutableBytes { dst in
            straight.withUnsafeBytes { buf in
                png_image_write_to_memory(
                    &image, dst.baseAddress, &size, 0, buf.baseAddress, png_int_32(img.width * 4), nil)
            }
        }
        png_image_free(&image)
        guard wrote != 0 else { throw ImageError.encodingFailed(reason: message(of: image)) }
        return out.prefix(size)
    }

    /// Writes an image as PNG. The data goes to a temporary file in the same folder that is renamed over
    /// `path` only when complete, so an existing file is never replaced by a partial one.
    public static func write(_ img: CGImage, to path: String) throws {
        let data = try encode(img)
        let url = URL(fileURLWithPath: path)
        let tmp = url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).\(getpid()).partial")
        do {
            try data.write(to: tmp)
            if rename(tmp.path, url.path) != 0 {
                let reason = String(cString: strerror(errno))
                try? FileManager.default.removeItem(at: tmp)
                throw ImageError.writeFailed(path: path, reason: reason)
            }
        } catch let e as ImageError { throw e } catch {
            try? FileManager.default.removeItem(at: tmp)
            throw ImageError.writeFailed(path: path, reason: error.localizedDescription)
        }
    }

    // MARK: - Private

    private static func message(of image: png_image) -> String {
        var m = image.message
        let text = withUnsafeBytes(of: &m) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "libpng gave no reason" : text
    }

    /// A guess at the format of non-PNG data, for the error message.
    static func sniffFormat(_ data: Data) -> String? {
        let b = Array(data.prefix(12))
        if b.count >= 3, b[0] == 0xFF, b[1] == 0xD8, b[2] == 0xFF { return "JPEG" }
        if b.count >= 4, b[0...3] == [0x4D, 0x4D, 0x00, 0x2A] || b[0...3] == [0x49, 0x49, 0x2A, 0x00] {
            return "TIFF"
        }
        if b.count >= 4, b[0...3] == [0x47, 0x49, 0x46, 0x38] { return "GIF" }
        if b.count >= 2, b[0] == 0x42, b[1] == 0x4D { return "BMP" }
        if b.count >= 12, b[0...3] == [0x52, 0x49, 0x46, 0x46], b[8...11] == [0x57, 0x45, 0x42, 0x50] {
            return "WebP"
        }
        if b.count >= 2, b[0] == 0x1F, b[1] == 0x8B { return "gzip data" }
        if b.isEmpty { return "an empty file" }
        return nil
    }
}

extension CGImage {
    /// Loads a PNG file (see `PNGCodec.load(path:scale:)`).
    public static func load(pngAt path: String, scale: CGFloat? = nil) throws -> CGImage {
        try PNGCodec.load(path: path, scale: scale)
    }

    /// The image encoded as PNG.
    public func pngData() throws -> Data { try PNGCodec.encode(self) }

    /// Writes the image as a PNG file, atomically.
    public func writePNG(to path: String) throws { try PNGCodec.write(self, to: path) }
}
