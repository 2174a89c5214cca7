import Foundation
import Glibc

/// Reports changes to a set of files (the scene file and what it loads) within half a second,
/// without blocking: the frame loop calls `poll()` once per frame.
///
/// Linux's inotify watches the files' directories, so editors that save by writing a new file and
/// renaming it over the old one are seen too. Where inotify is unavailable (or a directory cannot be
/// watched) the watcher falls back to comparing each file's modification time, size and inode four
/// times a second. Bursts of events (truncate, write, close) are merged: a path is reported once it has
/// been quiet for `settleDelay`, or at the latest `maximumDelay` after its first event.
public final class FileWatcher {
    /// How changes are detected.
    public enum Mechanism: String, Sendable {
        /// Kernel notifications on the files' directories.
        case inotify
        /// Periodic `stat` of every file.
        case polling
    }

    /// The mechanism in use.
    public private(set) var mechanism: Mechanism
    /// Why the watcher fell back to polling, if it did.
    public private(set) var fallbackReason: String?
    /// The watched files, as absolute standardized paths.
    public let paths: [String]
    /// Quiet time after the last event before a path is reported, seconds. Default 0.05.
    public var settleDelay: Double = 0.05
    /// Longest time from a path's first event to its report, seconds. Default 0.4.
    public var maximumDelay: Double = 0.4
    /// Time between `stat` rounds when polling, seconds. Default 0.25.
    public var pollInterval: Double = 0.25

    private let clock: HostClock
    private var inotifyDescriptor: Int32 = -1
    private var directoriesByWatch: [Int32: String] = [:]
    private var signatures: [String: FileSignature] = [:]
    private var lastStatRound = -Double.infinity
    private var pending: [String: (first: Double, last: Double)] = [:]
    private var buffer = [UInt8](repeating: 0, count: 16 * 1024)

    /// Watches files; relative paths are resolved against the current directory.
    /// - Parameters:
    ///   - paths: files to watch; they need not exist yet (creating one is a change).
    ///   - mechanism: force a mechanism; nil chooses inotify when available.
    ///   - clock: the time source for settling and polling.
    public init(paths: [String], mechanism: Mechanism? = nil, clock: HostClock = MonotonicClock()) {
        var unique: [String] = []
        for path in paths {
            let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
            if !unique.contains(absolute) { unique.append(absolute) }
        }
        self.paths = unique
        self.clock = clock
        self.mechanism = mechanism ?? .inotify
        if self.mechanism == .inotify, let reason = startInotify() {
            stopInotify()
            self.mechanism = .polling
            fallbackReason = reason
        }
        for path in self.paths { signatures[path] = FileSignature(path: path) }
        lastStatRound = clock.now()
    }

    deinit { stopInotify() }

    // MARK: - Polling

    /// The paths whose changes have settled since the last call (sorted; empty when nothing changed).
    public func poll() -> [String] {
        let now = clock.now()
        switch mechanism {
        case .inotify: drainInotify(now: now)
        case .polling: if now - lastStatRound >= pollInterval { statRound(now: now) }
        }
        var ready: [String] = []
        for (path, times) in pending where now - times.last >= settleDelay || now - times.first >= maximumDelay {
            ready.append(path)
        }
        for path in ready { pending[path] = nil }
        return ready.sorted()
    }

    private func note(_ path: String, now: Double) {
        if let times = pending[path] {
            pending[path] = (times.first, now)
        } else {
            pending[path] = (now, now)
        }
    }

    // MARK: - inotify

    /// Opens inotify and watches every parent directory; returns a reason on failure.
    private func startInotify() -> String? {
        inotifyDescriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard inotifyDescriptor >= 0 else { return "inotify_init1 failed: \(String(cString: strerror(errno)))" }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MODIFY | IN_ATTRIB | IN_MOVED_FROM)
        for directory in Set(paths.map { ($0 as NSString).deletingLastPathComponent }) {
            let watch = inotify_add_watch(inotifyDescriptor, directory, mask)
            guard watch >= 0 else {
                return "cannot watch \(directory): \(String(cString: strerror(errno)))"
            }
            directoriesByWatch[watch] = directory
        }
        return nil
    }

    private func stopInotify() {
        if inotifyDescriptor >= 0 { close(inotifyDescriptor) }
        inotifyDescriptor = -1
        directoriesByWatch = [:]
    }

    /// Reads every queued event (non-blocking) and notes the watched paths they name.
    private func drainInotify(now: Double) {
        let headerSize = 16  // int wd; uint32 mask, cookie, len
        while true {
            let count = buffer.withUnsafeMutableBytes { read(inotifyDescriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            var offset = 0
            while offset + headerSize <= count {
                let (watch, mask, length) = buffer.withUnsafeBytes { raw in
                    (
                        raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                        raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                        Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    )
                }
                let nameStart = offset + headerSize
                offset = nameStart + length
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    for path in paths { note(path, now: now) }
                    continue
                }
                guard let directory = directoriesByWatch[watch], length > 0, offset <= count else { continue }
                let nameBytes = buffer[nameStart..<offset].prefix { $0 != 0 }
                let path = directory + "/" + String(decoding: nameBytes, as: UTF8.self)
                if paths.contains(path) { note(path, now: now) }
            }
        }
    }

    // MARK: - Polling by stat

    private func statRound(now: Double) {
        lastStatRound = now
        for path in paths {
            let signature = FileSignature(path: path)
            if signature != signatures[path] {
                signatures[path] = signature
                note(path, now: now)
            }
        }
    }
}

/// What `stat` says about a file, enough to notice a save: existence, inode, size, modification time.
struct FileSignature: Equatable {
    var exists: Bool
    var inode: UInt64
    var size: Int64
    var modifiedSeconds: Int
    var modifiedNanoseconds: Int

    init(path: String) {
        var info = stat()
        if stat(path, &info) == 0 {
            exists = true
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            modifiedSeconds = Int(info.st_mtim.tv_sec)
            modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
        } else {
            (exists, inode, size, modifiedSeconds, modifiedNanoseconds) = (false, 0, 0, 0, 0)
        }
    }
}
