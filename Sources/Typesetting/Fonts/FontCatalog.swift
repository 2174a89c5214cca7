import CFreeType
import Foundation

/// Finds fonts by name or path without fontconfig: scans the font folders for TrueType and OpenType files.
///
/// Names are compared without case, spaces, hyphens or underscores, against "family style" (the style may
/// be left out for regular faces), the PostScript name and the file name: "DejaVu Sans Bold",
/// "DejaVuSans-Bold" and "dejavu sans bold" are the same font. A few iOS family names map to their DejaVu
/// counterparts so that ported code finds a font (Helvetica, Arial, SF → DejaVu Sans; Menlo, Courier →
/// DejaVu Sans Mono; Times, Georgia → DejaVu Serif). Not thread-safe: `TextRenderer` serialises access.
final class FontCatalog {
    /// The folders scanned, in order.
    let searchDirectories: [String]
    /// The default face: DejaVu Sans from fonts-dejavu-core.
    static let defaultName = "DejaVu Sans"
    static let defaultPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let fontExtensions: Set<String> = ["ttf", "otf", "ttc", "otc"]

    private let library: FreeTypeLibrary
    private var files: [String]?
    private var faces: [FontDescriptor]?
    private var resolved: [String: FontDescriptor] = [:]

    init(library: FreeTypeLibrary, searchDirectories: [String] = ["/usr/share/fonts", "/usr/local/share/fonts"]) {
        self.library = library
        self.searchDirectories = searchDirectories
    }

    // MARK: - Resolving

    /// The face for `name`: nil or empty for the default, a path (containing "/" or ending in a font
    /// extension), or a name.
    /// - Throws: `TypesettingError.unknownFont` (naming the fallback), `.fontFileNotFound`, `.unreadableFont`.
    func resolve(_ name: String?) throws -> FontDescriptor {
        let name = name?.trimmingCharacters(in: .whitespaces) ?? ""
        if let hit = resolved[name] { return hit }
        let descriptor: FontDescriptor
        if name.isEmpty {
            descriptor = try defaultFont()
        } else if name.contains("/")
            || FontCatalog.fontExtensions.contains((name as NSString).pathExtension.lowercased())
        {
            descriptor = try describe(path: name, index: 0)
        } else if let found = try find(name) {
            descriptor = found
        } else {
            throw TypesettingError.unknownFont(
                name: name, fallback: FontCatalog.defaultName,
                available: allFaces().map(\.displayName))
        }
        resolved[name] = descriptor
        return descriptor
    }

    /// The default face, DejaVu Sans (or, if it is missing, the first face found).
    func defaultFont() throws -> FontDescriptor {
        if FileManager.default.fileExists(atPath: FontCatalog.defaultPath) {
            return try describe(path: FontCatalog.defaultPath, index: 0)
        }
        if let found = try find(FontCatalog.defaultName) { return found }
        guard let first = allFaces().first else { throw TypesettingError.noFontsInstalled(searched: searchDirectories) }
        return first
    }

    /// Every face in the font folders, sorted by path.
    func allFaces() -> [FontDescriptor] {
        if let faces { return faces }
        var list: [FontDescriptor] = []
        for path in fontFiles() {
            guard let face = try? library.openFace(path: path) else { continue }
            let count = face.pointee.num_faces
            list.append(FontCatalog.descriptor(of: face, path: path, index: 0))
            FT_Done_Face(face)
            if count > 1 {
                for i in 1..<count {
                    if let d = try? describe(path: path, index: i) { list.append(d) }
                }
            }
        }
        faces = list
        return list
    }

    // MARK: - Matching

    private func find(_ name: String) throws -> FontDescriptor? {
        let key = FontCatalog.key(FontCatalog.alias(name))
        // Cheap first: file names ("DejaVuSans-Bold.ttf" for "DejaVu Sans Bold") without opening fonts.
        for path in fontFiles()
        where FontCatalog.key(((path as NSString).lastPathComponent as NSString).deletingPathExtension) == key {
            if let d = try? describe(path: path, index: 0) { return d }
        }
        for face in allFaces() {
            let style = FontCatalog.key(face.style)
            let family = FontCatalog.key(face.family)
            if family + style == key || FontCatalog.key(face.postScriptName) == key { return face }
            // "DejaVu Sans" and "DejaVu Sans Regular" both name the regular face, whatever it calls itself.
            if FontDescriptor.regularStyles.contains(style),
                key == family || FontDescriptor.regularStyles.contains(where: { key == family + $0 })
            {
                return face
            }
        }
        return nil
    }

    private func describe(path: String, index: Int) throws -> FontDescriptor {
        let face = try library.openFace(path: path, index: index)
        defer { FT_Done_Face(face) }
        return FontCatalog.descriptor(of: face, path: path, index: index)
    }

    private static func descriptor(of face: FT_Face, path: String, index: Int) -> FontDescriptor {
        let family = face.pointee.family_name.map { String(cString: $0) } ?? ""
        let style = face.pointee.style_name.map { String(cString: $0) } ?? ""
        let ps = FT_Get_Postscript_Name(face).map { String(cString: $0) } ?? ""
        return FontDescriptor(path: path, faceIndex: index, family: family, style: style, postScriptName: ps)
    }

    private func fontFiles() -> [String] {
        if let files { return files }
        var found: [String] = []
        for dir in searchDirectories {
            guard let e = FileManager.default.enumerator(atPath: dir) else { continue }
            while let rel = e.nextObject() as? String {
                if FontCatalog.fontExtensions.contains((rel as NSString).pathExtension.lowercased()) {
                    found.append((dir as NSString).appendingPathComponent(rel))
                }
            }
        }
        found.sort()
        files = found
        return found
    }

    /// A name reduced for comparison: lower case without spaces, hyphens and underscores.
    static func key(_ s: String) -> String {
        String(s.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" })
    }

    /// iOS family names mapped to the DejaVu family that looks most alike (the style suffix is kept).
    static func alias(_ name: String) -> String {
        let aliases: [(String, String)] = [
            ("helveticaneue", "DejaVu Sans"), ("helvetica", "DejaVu Sans"), ("arial", "DejaVu Sans"),
            (".sfuitext", "DejaVu Sans"), (".sfuidisplay", "DejaVu Sans"), ("sfprotext", "DejaVu Sans"),
            ("sfprodisplay", "DejaVu Sans"), ("system", "DejaVu Sans"),
            ("couriernew", "DejaVu Sans Mono"), ("courier", "DejaVu Sans Mono"), ("menlo", "DejaVu Sans Mono"),
            ("timesnewroman", "DejaVu Serif"), ("times", "DejaVu Serif"), ("georgia", "DejaVu Serif"),
        ]
        let k = key(name)
        for (prefix, family) in aliases where k.hasPrefix(prefix) {
            let rest = String(k.dropFirst(prefix.count))
            return rest.isEmpty ? family : family + " " + rest
        }
        return name
    }
}
