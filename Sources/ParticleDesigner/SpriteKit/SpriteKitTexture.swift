import Foundation
import ImageCodec
import LayerKit

// MARK: - SpriteKit texture lookup

/// Finds the PNG an `.sks` emitter names (`SKTexture(imageNamed:)`): next to the file (`spark.png`, or
/// `SilverStar` + `.png`), then in an asset catalogue beside it (`*.xcassets/…/SilverStar.imageset/`,
/// the 1× image first), then in an `Assets` folder beside it. A missing or undecodable image is a
/// warning and the built-in `softDot` sprite, drawn at the size the archive records.
enum SpriteKitTexture {
    /// Folders searched below an asset catalogue (sprite atlases nest one level).
    static let maximumCatalogueDepth = 4
    /// Entries looked at in one asset catalogue, so a huge folder cannot stall the import.
    static let maximumCatalogueEntries = 5000

    /// The texture named `name` for the `.sks` file at `path`, or the fallback with the reason.
    static func load(name: String?, sksPath: String) throws -> (texture: ParticleTexture, problem: String?) {
        guard let name, !name.isEmpty else {
            return (
                try fallback(sksPath), "the emitter has no texture (SpriteKit draws a plain square of particleSize)"
            )
        }
        if name.hasPrefix("/") || name.contains("://") || name.contains("..") {
            return (
                try fallback(sksPath),
                "texture \"\(name)\" is not a plain image name; only files beside the .sks are read"
            )
        }
        let folder = (sksPath as NSString).deletingLastPathComponent
        let base = folder.isEmpty ? "." : folder
        let stem = (name as NSString).pathExtension.isEmpty ? name : (name as NSString).deletingPathExtension
        var candidates = [base + "/" + name]
        if (name as NSString).pathExtension.isEmpty { candidates.append(base + "/" + name + ".png") }
        candidates += catalogueImages(stem: stem, in: base)
        candidates += [base + "/Assets/" + name, base + "/Assets/" + stem + ".png"]
        var tried: [String] = []
        for path in candidates where FileManager.default.fileExists(atPath: path) {
            do {
                return (ParticleTexture(image: try PNGCodec.load(path: path), source: .file(path)), nil)
            } catch {
                tried.append("\(path) cannot be used (\(error))")
            }
        }
        let reason =
            tried.first
            ?? "no image \"\(name)\" beside the file, in an asset catalogue (\(stem).imageset) or in Assets/"
        return (try fallback(sksPath), reason)
    }

    /// The PNGs of `<stem>.imageset` folders inside the `.xcassets` catalogues of `folder`, 1× first.
    static func catalogueImages(stem: String, in folder: String) -> [String] {
        let fm = FileManager.default
        let catalogues = ((try? fm.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".xcassets") }
            .sorted()
        var found: [String] = []
        var budget = maximumCatalogueEntries
        func search(_ dir: String, depth: Int) {
            guard depth <= maximumCatalogueDepth, budget > 0 else { return }
            let entries = ((try? fm.contentsOfDirectory(atPath: dir)) ?? []).sorted()
            budget -= entries.count
            for entry in entries {
                let path = dir + "/" + entry
                var isDirectory: ObjCBool = false
                guard fm.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
                if entry == stem + ".imageset" {
                    let pngs = ((try? fm.contentsOfDirectory(atPath: path)) ?? []).filter {
                        $0.lowercased().hasSuffix(".png")
                    }
                    // The 1× image first (no @2x/@3x or ~ipad suffix), then the rest by name.
                    let ordered = pngs.sorted { a, b in
                        let pa = a.contains("@") || a.contains("~")
                        let pb = b.contains("@") || b.contains("~")
                        return pa == pb ? a < b : !pa
                    }
                    found += ordered.map { path + "/" + $0 }
                } else if !entry.hasSuffix(".imageset") {
                    search(path, depth: depth + 1)
                }
            }
        }
        for catalogue in catalogues { search(folder + "/" + catalogue, depth: 0) }
        return found
    }

    /// The built-in sprite used when the file's image cannot be used.
    static func fallback(_ file: String) throws -> ParticleTexture {
        let name = ParticleTexture.fallbackName
        guard let image = BuiltinSprites.image(named: name) else {
            throw KeyedArchive.error(file, "the built-in sprite \(name) is missing (a build problem)")
        }
        return ParticleTexture(image: image, source: .builtin(name))
    }
}
