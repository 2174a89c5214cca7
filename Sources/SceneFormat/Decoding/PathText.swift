import Foundation

/// File path arithmetic on plain strings.
///
/// NSString's path methods are not used on names from scene files or callers: swift-corelibs
/// Foundation 6.3 traps in `deletingLastPathComponent` on some short strings (such as "f"), and a
/// scene must never crash the process.
enum PathText {
    /// The folder part of `path` ("" when there is none; "/" for a file in the root).
    static func directory(of path: String) -> String {
        var p = Substring(path)
        while p.count > 1, p.hasSuffix("/") { p = p.dropLast() }
        guard let slash = p.lastIndex(of: "/") else { return "" }
        return slash == p.startIndex ? "/" : String(p[..<slash])
    }

    /// The last component of `path` ("spark.png" for "assets/spark.png").
    static func lastComponent(of path: String) -> String {
        var p = Substring(path)
        while p.count > 1, p.hasSuffix("/") { p = p.dropLast() }
        guard let slash = p.lastIndex(of: "/") else { return String(p) }
        return String(p[p.index(after: slash)...])
    }

    /// `relative` inside `base`, normalised lexically.
    static func join(_ base: String, _ relative: String) -> String {
        if base.isEmpty { return normalized(relative) }
        return normalized(base + "/" + relative)
    }

    /// `a/./b/../c` → `a/c`; leading `..` of a relative path are kept, an absolute path stays absolute.
    static func normalized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var out: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = out.last, last != ".." {
                out.removeLast()
                continue
            }
            if part == "..", absolute { continue }
            out.append(part)
        }
        let joined = out.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }
}
