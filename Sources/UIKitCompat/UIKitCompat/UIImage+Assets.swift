import EmitterKit

// MARK: - The asset folders of UIImage(named:)

extension UIImage {
    /// Why `UIImage.load(named:)` has no image for a name.
    public enum LookupError: Error, Equatable, CustomStringConvertible {
        /// No file for the name in any folder searched.
        case notFound(name: String, searched: [String])
        /// A file was found but could not be decoded.
        case unreadable(name: String, file: String, reason: String)

        /// The message: the name, the folders searched or the file and libpng's reason, and the fix.
        public var description: String {
            switch self {
            case .notFound(let name, let searched):
                let folders = searched.isEmpty ? "no asset folders" : searched.joined(separator: ", ")
                return
                    "UIImage(named: \"\(name)\"): no \(name).png, \(name)@2x.png, \(name)@3x.png or \(name).imageset in \(folders); put the PNG in one of these folders or add its folder to UIImage.assetFolders (docs/Porting.md)"
            case .unreadable(let name, let file, let reason):
                return "UIImage(named: \"\(name)\"): \(file): \(reason)"
            }
        }
    }

    private static let folderLock = NSLock()
    nonisolated(unsafe) private static var installedFolders: [String]?
    @TaskLocal private static var scopedFolders: [String]?

    /// The folders `UIImage(named:)` searches, in order (docs/Porting.md, "Images"). Default: the folders
    /// listed in the environment variable `EMITTER_ASSETS` (separated by `:`), then `Assets` and `Resources`
    /// in the current directory, then the main bundle's resource folder. Relative paths are resolved
    /// against the current directory when an image is looked up. Setting it replaces the list for the
    /// whole process; `withAssetFolders(_:_:)` scopes a list to a task.
    public static var assetFolders: [String] {
        get {
            if let scoped = scopedFolders { return scoped }
            folderLock.lock()
            defer { folderLock.unlock() }
            return installedFolders ?? defaultAssetFolders
        }
        set {
            folderLock.lock()
            installedFolders = newValue
            folderLock.unlock()
        }
    }

    /// Runs `body` with `UIImage(named:)` searching `folders` in the current task.
    public static func withAssetFolders<R>(_ folders: [String], _ body: () throws -> R) rethrows -> R {
        try $scopedFolders.withValue(folders) { try body() }
    }

    /// The list `assetFolders` starts with.
    public static var defaultAssetFolders: [String] {
        var folders: [String] = []
        if let listed = ProcessInfo.processInfo.environment["EMITTER_ASSETS"] {
            folders += listed.split(separator: ":").map(String.init).filter { !$0.isEmpty }
        }
        folders += ["Assets", "Resources"]
        if let resources = Bundle.main.resourcePath { folders.append(resources) }
        return folders
    }

    /// The image `UIImage(named:in:compatibleWith:)` returns, or a `LookupError` saying why there is none.
    public static func load(named name: String, in bundle: Bundle? = nil) throws -> UIImage {
        var folders = assetFolders
        if let resources = bundle?.resourcePath { folders.insert(resources, at: 0) }
        let searched = folders.map(absolute)
        guard let (file, scale) = assetFile(named: name, inFolders: searched) else {
            throw LookupError.notFound(name: name, searched: searched)
        }
        do {
            let image = try PNGCodec.load(path: file, scale: scale)
            return UIImage(cgImage: image, scale: scale, orientation: .up)
        } catch {
            throw LookupError.unreadable(name: name, file: file, reason: "\(error)")
        }
    }

    /// The file `UIImage(named:)` reads for `name` and its scale, searching `folders` in order; nil when
    /// there is none. In each folder: `name@<s>x.png` (or `name.png` for scale 1) for the screen's scale,
    /// then 3, 2 and 1; then `name.imageset` in any asset catalog (`*.xcassets`) of the folder, choosing
    /// among its images the same way.
    public static func assetFile(named name: String, inFolders folders: [String]) -> (path: String, scale: CGFloat)? {
        guard !name.isEmpty else { return nil }
        var base = name
        var fileExtension = "png"
        if let dot = name.lastIndex(of: "."), name[dot...].count <= 5, !name[dot...].contains("/") {
            base = String(name[..<dot])
            fileExtension = String(name[name.index(after: dot)...])
        }
        let scales = preferredScales()
        let fm = FileManager.default
        for folder in folders {
            for s in scales {
                let suffix = s == 1 ? "" : "@\(Int(s))x"
                let path = folder + "/" + base + suffix + "." + fileExtension
                if isFile(path) { return (path, s) }
            }
            for catalog in catalogs(in: folder, fm) {
                if let found = imageSetFile(named: base, in: catalog, scales: scales, fm) { return found }
            }
        }
        return nil
    }

    // MARK: - Private

    private static func preferredScales() -> [CGFloat] {
        let screen = UIScreen.main.scale.rounded()
        var order: [CGFloat] = [screen]
        for s in [3, 2, 1] as [CGFloat] where s != screen { order.append(s) }
        return order
    }

    private static func absolute(_ folder: String) -> String {
        folder.hasPrefix("/") ? folder : FileManager.default.currentDirectoryPath + "/" + folder
    }

    private static func isFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    private static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The asset catalogs of `folder`: the folder itself when it is one, and the `*.xcassets` folders in it.
    private static func catalogs(in folder: String, _ fm: FileManager) -> [String] {
        if folder.hasSuffix(".xcassets") { return [folder] }
        let names = (try? fm.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".xcassets") }.sorted().map { folder + "/" + $0 }.filter(isDirectory)
    }

    /// The image of `name.imageset` somewhere in `catalog` (its groups nest at most `maximumGroupDepth`
    /// deep), chosen by `scales` from its Contents.json, or any PNG in it when Contents.json says nothing.
    private static func imageSetFile(named name: String, in catalog: String, scales: [CGFloat], _ fm: FileManager)
        -> (path: String, scale: CGFloat)?
    {
        var pending: [(String, Int)] = [(catalog, 0)]
        while let (folder, depth) = pending.popLast() {
            let set = folder + "/" + name + ".imageset"
            if isDirectory(set) {
                return chooseFromImageSet(set, scales: scales, fm)
            }
            guard depth < maximumGroupDepth else { continue }
            let names = (try? fm.contentsOfDirectory(atPath: folder)) ?? []
            for child in names.sorted().reversed() where !child.hasSuffix(".imageset") {
                let path = folder + "/" + child
                if isDirectory(path) { pending.append((path, depth + 1)) }
            }
        }
        return nil
    }

    /// How deep `UIImage(named:)` looks for an image set inside the groups of an asset catalog.
    static let maximumGroupDepth = 4

    private static func chooseFromImageSet(_ set: String, scales: [CGFloat], _ fm: FileManager)
        -> (path: String, scale: CGFloat)?
    {
        var byScale: [CGFloat: String] = [:]
        if let data = fm.contents(atPath: set + "/Contents.json"),
            let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let images = json["images"] as? [[String: Any]]
        {
            for entry in images {
                guard let file = entry["filename"] as? String, isFile(set + "/" + file) else { continue }
                let scaleText = (entry["scale"] as? String) ?? "1x"
                let s = CGFloat(Double(scaleText.dropLast()) ?? 1)
                if byScale[s] == nil { byScale[s] = set + "/" + file }
            }
        }
        if byScale.isEmpty {
            let pngs = ((try? fm.contentsOfDirectory(atPath: set)) ?? []).filter { $0.lowercased().hasSuffix(".png") }
            for file in pngs.sorted() {
                let s: CGFloat = file.contains("@3x") ? 3 : file.contains("@2x") ? 2 : 1
                if byScale[s] == nil { byScale[s] = set + "/" + file }
            }
        }
        for s in scales { if let file = byScale[s] { return (file, s) } }
        return byScale.sorted { $0.key > $1.key }.first.map { ($0.value, $0.key) }
    }
}
