import Foundation

// MARK: - Paths

/// Helpers shared by the test targets that run the package's executables or need its files.
public enum TestSupport {
    /// The package root, from this file's path (Tests/Support/TestSupport.swift).
    public static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The `Fixtures` folder of the test target that holds `testFile` (pass `#filePath`):
    /// `Tests/<Target>/Fixtures`, where the target's goldens live.
    public static func fixturesFolder(of testFile: String) -> String {
        var url = URL(fileURLWithPath: testFile).deletingLastPathComponent()
        while url.deletingLastPathComponent().lastPathComponent != "Tests", url.path != "/" {
            url.deleteLastPathComponent()
        }
        return url.appendingPathComponent("Fixtures").path
    }

    /// The path of the executable `name` built next to the test bundle (`emitter`, `emitter-assets`).
    public static func executable(named name: String) -> String {
        let bundle =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: bundle).deletingLastPathComponent().appendingPathComponent(name).path
    }

    // MARK: - Running executables

    /// Runs `executable` with `arguments` in `directory` (default: the package root), standard input
    /// empty, with `environment` changes applied to this process's environment (nil removes a variable).
    ///
    /// Standard error is read on another thread while standard output is read here, so a child that
    /// writes more than a pipe holds to either stream cannot block the run.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String?] = [:],
        directory: String = packageRoot
    ) throws -> ToolRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let errorText = StreamCollector(err.fileHandleForReading)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = errorText.wait()
        process.waitUntilExit()
        return ToolRun(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// The variables removed by `withoutDisplay`: with them gone SDL finds no display.
    public static let withoutDisplay: [String: String?] = [
        "DISPLAY": nil, "WAYLAND_DISPLAY": nil, "SDL_VIDEODRIVER": nil,
    ]

    // MARK: - Temporary items

    /// A fresh, empty folder named after `label` inside `temporaryRoot`, so it is removed when the test
    /// process exits; a test may remove it earlier, once nothing it started still writes there.
    public static func temporaryFolder(_ label: String) throws -> String {
        let path = temporaryRoot + "/\(label)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The folder of every temporary item of this test process: `emitter-tests-<pid>` in the system's
    /// temporary directory, removed when the process exits.
    ///
    /// Removed at exit rather than after each test because tests run in parallel, some hand their
    /// folders to child processes, and Swift Testing has no teardown after the last test. A process that
    /// dies without exiting (a crash, a kill) cannot remove its root, so making a root first removes the
    /// roots of processes that no longer run.
    public static var temporaryRoot: String { TemporaryRoot.shared.path }
}

/// The per-process root of `TestSupport.temporaryFolder`, made on first use.
private struct TemporaryRoot: Sendable {
    /// What a root's name starts with; the process id of its owner follows.
    static let prefix = "emitter-tests-"

    /// The root of this process; making it registers its removal at exit.
    static let shared: TemporaryRoot = {
        let parent = FileManager.default.temporaryDirectory.path
        removeAbandoned(in: parent)
        let root = TemporaryRoot(path: parent + "/" + prefix + "\(getpid())", owner: getpid())
        // A root under this process id can only be left by an earlier process with the same id.
        try? FileManager.default.removeItem(atPath: root.path)
        try? FileManager.default.createDirectory(atPath: root.path, withIntermediateDirectories: true)
        atexit { TemporaryRoot.shared.removeIfOwned() }
        return root
    }()

    /// The root folder.
    let path: String
    /// The process that made the root.
    let owner: pid_t

    /// Removes the root, unless this is a forked child, whose exit must not take its parent's folders.
    func removeIfOwned() {
        guard getpid() == owner else { return }
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Removes the roots in `parent` whose process no longer runs.
    static func removeAbandoned(in parent: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
        for name in names where name.hasPrefix(prefix) {
            guard let pid = pid_t(name.dropFirst(prefix.count)), pid > 0, !isRunning(pid) else { continue }
            try? FileManager.default.removeItem(atPath: parent + "/" + name)
        }
    }

    /// Whether process `pid` exists; one of another user counts, as signalling it is refused, not unknown.
    static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }
}

/// What a run of an executable printed and returned.
public struct ToolRun: Sendable {
    /// The exit status.
    public var status: Int32
    /// Everything written to standard output, decoded as UTF-8.
    public var stdout: String
    /// Everything written to standard error, decoded as UTF-8.
    public var stderr: String
}

/// Reads a file handle to its end on a background thread.
private final class StreamCollector: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    /// Everything the stream held, once it closed.
    func wait() -> Data {
        done.wait()
        return data
    }
}
