import Foundation
import ImageCodec
import LayerKit

// MARK: - Particle texture

/// The particle image of a Particle Designer file and where it came from.
///
/// As cocos2d does, `textureFileName` is looked up relative to the plist first, then the embedded
/// `textureImageData` (base64 of gzip of an image) is used. The engine decodes PNG only: a TIFF, a
/// corrupt blob or a missing image gives a warning and the built-in `softDot` sprite, so the effect
/// still plays (docs/Import.md, "Textures").
public struct ParticleTexture {
    /// Where the image came from.
    public enum Source: Equatable, Sendable {
        /// The PNG file `textureFileName`, at this path.
        case file(String)
        /// The PNG embedded in `textureImageData`.
        case embedded
        /// The built-in sprite of this name (the file's image could not be used).
        case builtin(String)
    }

    /// The image.
    public var image: CGImage
    /// Where it came from.
    public var source: Source

    /// The largest inflated embedded image accepted: 16 MiB.
    static let maximumInflatedSize = 16 << 20
    /// The sprite used when the file's image cannot be used.
    static let fallbackName = "softDot"

    /// The texture of the file at `plistPath`, with warnings for everything that could not be used.
    static func load(plist: inout PlistDictionary, plistPath: String) throws -> ParticleTexture {
        let name = try plist.string("textureFileName") ?? ""
        var fileProblem: String?
        if !name.isEmpty {
            switch loadFile(name, plistPath: plistPath) {
            case .success(let texture): return texture
            case .failure(let problem): fileProblem = problem.message
            }
        }
        let blob = try plist.string("textureImageData") ?? ""
        var problem: String
        if blob.isEmpty {
            problem =
                name.isEmpty
                ? "the file has no texture (no textureFileName, no textureImageData)"
                : "the file embeds no image (textureImageData)"
        } else {
            switch decodeEmbedded(blob, file: plistPath) {
            case .success(let image):
                if let fileProblem { plist.warn("textureFileName: \(fileProblem); using the embedded image instead") }
                return ParticleTexture(image: image, source: .embedded)
            case .failure(let reason):
                problem = reason.message
            }
        }
        if let fileProblem { problem = "textureFileName: \(fileProblem), and \(problem)" }
        let fix =
            name.isEmpty
            ? "to use an image, name a PNG next to the .plist in textureFileName"
            : "put the PNG \"\(name)\" next to the .plist to use the real one"
        plist.warn("\(problem); the particles use the built-in \"\(fallbackName)\" sprite instead (\(fix))")
        guard let image = BuiltinSprites.image(named: fallbackName) else {
            throw PlistDictionary.error(plistPath, "the built-in sprite \(fallbackName) is missing (a build problem)")
        }
        return ParticleTexture(image: image, source: .builtin(fallbackName))
    }

    /// The PNG at `name` relative to the plist's folder, or why it cannot be used.
    static func loadFile(_ name: String, plistPath: String) -> Result<ParticleTexture, TextureProblem> {
        if name.hasPrefix("/") || name.contains("://") {
            return .failure(
                TextureProblem("\"\(name)\" is not a relative path (only files next to the .plist are read)"))
        }
        let folder = (plistPath as NSString).deletingLastPathComponent
        let path = folder.isEmpty ? name : folder + "/" + name
        guard FileManager.default.fileExists(atPath: path) else {
            return .failure(TextureProblem("there is no file \(path)"))
        }
        do {
            return .success(ParticleTexture(image: try PNGCodec.load(path: path), source: .file(path)))
        } catch {
            return .failure(TextureProblem("\(path) cannot be used (\(error))"))
        }
    }

    /// The embedded image (base64 of gzip of a PNG), or why it cannot be used.
    static func decodeEmbedded(_ blob: String, file: String) -> Result<CGImage, TextureProblem> {
        let compact = blob.filter { !$0.isWhitespace }
        guard let zipped = Data(base64Encoded: compact) else {
            return .failure(
                TextureProblem(
                    "the embedded image (textureImageData, \(compact.count) characters) is not valid base64 (corrupt or truncated)"
                ))
        }
        let bytes: Data
        switch GzipInflater.inflate(zipped, limit: maximumInflatedSize) {
        case .success(let d): bytes = d
        case .failure(.corrupt(let reason)):
            return .failure(TextureProblem("the embedded image (textureImageData) does not inflate: \(reason)"))
        case .failure(.tooLarge(let limit)):
            return .failure(
                TextureProblem("the embedded image (textureImageData) inflates to more than \(limit) bytes"))
        }
        // PNGCodec checks the signature and names other formats, so TIFF is told apart from its error.
        do {
            return .success(try PNGCodec.decode(bytes, source: file + " (textureImageData)"))
        } catch ImageError.notPNG(_, "TIFF"?) {
            return .failure(
                TextureProblem(
                    "the embedded image (textureImageData) is a TIFF; the engine decodes PNG only (convert it: `convert texture.tiff texture.png`)"
                ))
        } catch ImageError.notPNG {
            return .failure(TextureProblem("the embedded image (textureImageData) is neither PNG nor TIFF"))
        } catch {
            return .failure(TextureProblem("the embedded PNG (textureImageData) cannot be decoded (\(error))"))
        }
    }
}

/// Why a texture source cannot be used (a warning's text).
struct TextureProblem: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
