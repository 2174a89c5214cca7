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

    /// The path of the executable `name` built next to the test bundle (`emitter`, `emitter-assets`).
    public static func executable(named name: String) -> String {
        let bundle = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: bundle).deletingLastPathComponent().appendingPathComponent(name).path
    }

    /// A fresh, empty temporary folder named after `label`; the caller removes it.
    public static func temporaryFolder(_ label: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("emitter-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    // MARK: - Running executables

    /// Runs `executable` with `arguments` in `directory` (default: the package root), standard input
    /// empty, with `environment` changes applied to this process's environment (nil removes a variable).
    ///
    /// Standard error is read on another thread while standard output is read here, so a child that
    /// writes more than a pipe holds to either stream cannot block the run.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String?] = [:],
                           directory: String = packageRoot) throws -> ToolRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let errorText = StreamCollector(err.fileHandleForReading)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = errorText.wait()
        process.waitUntilExit()
        return ToolRun(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                       stderr: String(decoding: errData, as: UTF8.self))
    }

    /// The variables removed by `withoutDisplay`: with them gone SDL finds no display.
    public static let withoutDisplay: [String: String?] = ["DISPLAY": nil, "WAYLAND_DISPLAY": nil, "SDL_VIDEODRIVER": nil]
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
