import Foundation

/// Checks output paths before any simulation runs, so a run that cannot write its result fails at
/// once with a message naming the option and the fix (and nothing is written).
enum OutputPathCheck {
    /// Throws a usage failure when `path` (an output file) is a folder or lies under a file.
    static func file(_ path: String, option: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw CommandFailure(
                message: "emitter: \(option) \(path) is a folder; give a file name such as \(path)/frame.png",
                code: .usage)
        }
        try parentFolders(of: path, option: option)
    }

    /// Throws a usage failure when `path` (an output folder) is a file or lies under a file.
    static func folder(_ path: String, option: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw CommandFailure(
                message:
                    "emitter: \(option) \(path) is a file, not a folder; name a folder (it is created when missing)",
                code: .usage)
        }
        try parentFolders(of: path + "/x", option: option)
    }

    /// Every existing ancestor of `path` must be a folder.
    private static func parentFolders(of path: String, option: String) throws {
        var url = URL(fileURLWithPath: path).deletingLastPathComponent()
        while url.path != "/" && !url.path.isEmpty {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
                if isDirectory.boolValue { return }
                throw CommandFailure(
                    message:
                        "emitter: \(option) \(path): \(url.path) is a file, so no folder can be made there; choose another path",
                    code: .usage)
            }
            url.deleteLastPathComponent()
        }
    }
}
