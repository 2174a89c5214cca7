import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Replaces a file's contents atomically: the new bytes go to a temporary file in the same folder,
/// which is flushed to disk and then renamed over the original. A reader, or a run that is interrupted,
/// sees the old file or the new one, never half of either; on any failure the original is untouched and
/// the temporary file is removed.
public enum AtomicFileWriter {
    /// Why a file could not be replaced.
    public struct Failure: Error, CustomStringConvertible {
        /// The file that was to be written.
        public var path: String
        /// What went wrong, with the fix.
        public var reason: String

        /// `path: cannot write …`.
        public var description: String { "\(path): cannot write the file (\(reason)); it is left as it was" }
    }

    /// Writes `data` to `path`, replacing the file there, if any, in one step; a replaced file keeps its
    /// permissions.
    /// - Parameters:
    ///   - data: the new contents.
    ///   - path: the file to write.
    ///   - beforeReplacing: runs after the temporary file is complete and before the rename (tests use it
    ///     to fail at that moment); a throw leaves the original untouched.
    /// - Throws: `Failure` naming the file and the reason.
    public static func write(_ data: Data, to path: String, beforeReplacing: () throws -> Void = {}) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let temporary = folder + "/." + url.lastPathComponent + ".\(getpid()).tmp"
        let existing = try? FileManager.default.attributesOfItem(atPath: path)
        let mode = (existing?[.posixPermissions] as? NSNumber)?.uint16Value ?? 0o644
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, mode_t(mode))
        guard fd >= 0 else {
            throw Failure(path: path, reason: "cannot create a temporary file in \(folder): \(errorText())")
        }
        var removeTemporary = true
        defer { if removeTemporary { unlink(temporary) } }
        let written = data.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += n
            }
            return true
        }
        let flushed = written && fsync(fd) == 0
        let reason = errorText()
        close(fd)
        guard flushed else { throw Failure(path: path, reason: reason) }
        // The mode given to open is reduced by the umask; set the original's exactly.
        if existing != nil { chmod(temporary, mode_t(mode)) }
        try beforeReplacing()
        guard rename(temporary, path) == 0 else {
            throw Failure(path: path, reason: "cannot replace it: \(errorText())")
        }
        removeTemporary = false
    }

    /// The current `errno` in words.
    private static func errorText() -> String { String(cString: strerror(errno)) }
}
