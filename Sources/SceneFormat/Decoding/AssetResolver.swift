import Foundation
import ImageCodec
import LayerKit

/// Finds the files a scene refers to: PNG images (or built-in sprites) and font files.
///
/// Paths are relative to the scene file's folder; `..` may leave it. Absolute paths and URLs are
/// refused, so that a scene folder works wherever it is copied. Each file is read once per load and
/// shared by every layer and cell that names it.
final class AssetResolver {
    /// Why an asset reference cannot be used; the message names the file and the fix.
    struct Failure: Error {
        var message: String
    }

    /// The prefix of built-in sprite names: `"builtin:softDot"`.
    static let builtinPrefix = "builtin:"

    private let baseDirectory: String?
    private let sourceDirectory: String
    private var images: [String: Result<CGImage, Failure>] = [:]

    /// A resolver for a scene in `baseDirectory`, named `sourceName` in messages.
    init(baseDirectory: String?, sourceName: String) {
        self.baseDirectory = baseDirectory
        sourceDirectory = PathText.directory(of: sourceName)
    }

    /// The image for `reference`: `"builtin:<name>"` or a PNG path relative to the scene.
    func image(_ reference: String) -> Result<CGImage, Failure> {
        if reference.hasPrefix(AssetResolver.builtinPrefix) {
            let name = String(reference.dropFirst(AssetResolver.builtinPrefix.count))
            if let image = BuiltinSprites.image(named: name) { return .success(image) }
            var m = "unknown built-in sprite \(quoted(name))"
            if let best = closeMatches(for: name, in: BuiltinSprites.names).first {
                m += " (did you mean \(quoted("builtin:" + best))?)"
            }
            return .failure(Failure(message: m + "; the built-ins are \(BuiltinSprites.names.joined(separator: ", "))"))
        }
        let resolved: (full: String, shown: String)
        switch resolve(reference, what: "image") {
        case .success(let r): resolved = r
        case .failure(let f): return .failure(f)
        }
        if let cached = images[resolved.full] { return cached }
        let result: Result<CGImage, Failure>
        do {
            result = .success(try PNGCodec.load(path: resolved.full))
        } catch let e as ImageError {
            result = .failure(
                Failure(message: AssetResolver.message(for: e, reference: reference, shown: resolved.shown)))
        } catch {
            result = .failure(Failure(message: "cannot read the image \(quoted(reference)) (\(error))"))
        }
        images[resolved.full] = result
        return result
    }

    /// The full path of the font file `reference` (relative to the scene), checked to exist.
    func fontFile(_ reference: String) -> Result<String, Failure> {
        switch resolve(reference, what: "font file") {
        case .failure(let f): return .failure(f)
        case .success(let r):
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: r.full, isDirectory: &isDirectory), !isDirectory.boolValue
            else {
                return .failure(
                    Failure(
                        message:
                            "cannot find the font file \(quoted(reference)) (looked for \(r.shown)); check the name, or give a font family name such as \"DejaVu Sans\""
                    ))
            }
            return .success(r.full)
        }
    }

    /// Whether a font reference names a file rather than a family.
    static func isFontFile(_ reference: String) -> Bool {
        let lower = reference.lowercased()
        return reference.contains("/") || [".ttf", ".otf", ".ttc", ".pfb"].contains { lower.hasSuffix($0) }
    }

    // MARK: - Private

    /// The file's full path, and the path shown in messages (relative to where the scene was named).
    private func resolve(_ reference: String, what: String) -> Result<(full: String, shown: String), Failure> {
        if reference.isEmpty {
            return .failure(
                Failure(
                    message:
                        "the \(what) path is empty; give a path relative to the scene file, such as \"assets/spark.png\""
                ))
        }
        if AssetResolver.isURL(reference) {
            let name = PathText.lastComponent(of: reference)
            return .failure(
                Failure(
                    message:
                        "\(quoted(reference)) is a URL; scenes only read local files: copy the file next to the scene and write a relative path such as \(quoted("assets/" + (name.isEmpty ? "file" : name)))"
                ))
        }
        if reference.hasPrefix("/") || reference.hasPrefix("~") {
            let name = PathText.lastComponent(of: reference)
            return .failure(
                Failure(
                    message:
                        "\(quoted(reference)) is an absolute path; scene assets are relative to the scene file so the folder can move: copy the file next to the scene and write \(quoted(name))"
                ))
        }
        if reference.contains("\\") {
            return .failure(Failure(message: "\(quoted(reference)) uses '\\'; separate folders with '/'"))
        }
        if reference.unicodeScalars.contains(where: { $0.value < 0x20 }) {
            return .failure(Failure(message: "the \(what) path contains a control character"))
        }
        guard let base = baseDirectory else {
            return .failure(
                Failure(
                    message:
                        "the scene was loaded from memory without a base directory, so \(quoted(reference)) cannot be found; load it from a file or pass baseDirectory"
                ))
        }
        let full = PathText.join(base, reference)
        let shown = PathText.join(sourceDirectory, reference)
        return .success((full, shown))
    }

    /// Whether `s` starts with a URL scheme (`http:`, `file:`, `data:` …).
    static func isURL(_ s: String) -> Bool {
        guard let colon = s.firstIndex(of: ":") else { return false }
        let scheme = s[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter, scheme.count >= 2 else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }

    private static func message(for e: ImageError, reference: String, shown: String) -> String {
        switch e {
        case .unreadable(_, let reason):
            return
                "cannot read the image \(quoted(reference)) (\(reason): looked for \(shown)); check the name, or use a built-in sprite such as \"builtin:softDot\""
        case .notPNG(_, let format):
            return "\(quoted(reference)) is not a PNG file" + (format.map { " (it looks like \($0))" } ?? "")
                + "; convert it to PNG"
        case .corrupt(_, let reason):
            return "\(quoted(reference)) is a corrupt or truncated PNG (\(reason)); re-export the image"
        case .tooLarge(_, let w, let h):
            return
                "\(quoted(reference)) is \(w)×\(h) pixels; the limit is \(CGImage.maximumDimension) per side and \(CGImage.maximumPixelCount) pixels in all; scale it down"
        default:
            return "cannot read the image \(quoted(reference)) (\(e))"
        }
    }
}

extension DecodingContext {
    /// An image: `"builtin:<name>"` or a PNG path relative to the scene file.
    func image(_ f: Field) -> CGImage? {
        switch f.node.value {
        case .invalid: return nil
        case .string(let s):
            switch assets.image(s) {
            case .success(let image): return image
            case .failure(let failure):
                error(f, failure.message)
                return nil
            }
        default:
            error(
                f,
                "expected an image: a PNG path relative to the scene (\"assets/spark.png\") or a built-in sprite (\"builtin:softDot\"), got \(f.node.summary)"
            )
            return nil
        }
    }
}
