import CBenchReference
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Spawns a program and measures it as the kernel accounts it: wall time to exit, CPU time (`wait4`'s
/// rusage of the child) and, when asked, peak resident memory. `posix_spawn` directly, so the parent
/// adds no threads or pipes of its own to what is timed.
///
/// The peak is VmHWM of the child's own address space, read at its exit (the child is traced only to
/// stop it there). `ru_maxrss` cannot serve: the kernel carries the spawning process's high-water mark
/// across exec, so a child of a 500 MB benchmark process would "peak" at 500 MB.
public struct ChildProcess {
    /// What one run of a child cost.
    public struct Measurement: Sendable {
        /// Exit status (the signal number + 128 when killed by a signal).
        public var status: Int32
        /// Milliseconds from spawn to exit.
        public var wallMilliseconds: Double
        /// User + system CPU milliseconds of the child.
        public var cpuMilliseconds: Double
        /// Peak resident set of the child in megabytes (VmHWM at exit), or nil when not asked for or
        /// when this system does not let a process trace its children.
        public var peakResidentMegabytes: Double?
        /// `ru_maxrss` in megabytes: an upper bound of the peak, inflated by the parent's.
        public var maxrssMegabytes: Double
    }

    /// The program's path.
    public var path: String
    /// Arguments after the program name.
    public var arguments: [String]
    /// Variables set (or, with nil, removed) on top of this process's environment.
    public var environment: [String: String?]
    /// Whether to read the child's peak resident memory at its exit (stops it there briefly). Default false.
    public var measuresPeakMemory: Bool

    /// Creates a child description.
    public init(
        path: String, arguments: [String] = [], environment: [String: String?] = [:], measuresPeakMemory: Bool = false
    ) {
        self.path = path
        self.arguments = arguments
        self.environment = environment
        self.measuresPeakMemory = measuresPeakMemory
    }

    // MARK: - Running

    /// Runs the child to its end, its output to /dev/null; throws when it cannot be started.
    public func run() throws -> Measurement {
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for p in argv { free(p) }
            for p in envp { free(p) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid = pid_t()
        let start = DispatchTime.now().uptimeNanoseconds
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard spawned == 0 else {
            throw ChildProcessError(description: "cannot start \(path): \(String(cString: strerror(spawned)))")
        }
        var cost = cbr_child_cost()
        let waited = cbr_wait_child(pid, measuresPeakMemory ? 1 : 0, &cost)
        guard waited == 0 else {
            throw ChildProcessError(description: "waiting for \(path) failed: \(String(cString: strerror(waited)))")
        }
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        return Measurement(
            status: cost.exit_code, wallMilliseconds: wall,
            cpuMilliseconds: Double(cost.user_us + cost.system_us) / 1000,
            peakResidentMegabytes: cost.peak_kib >= 0 ? Double(cost.peak_kib) / 1024 : nil,
            maxrssMegabytes: Double(cost.maxrss_kib) / 1024)
    }

    /// Runs the child and throws, naming the command, unless it exits with status 0.
    public func runChecked() throws -> Measurement {
        let m = try run()
        guard m.status == 0 else {
            throw ChildProcessError(
                description: "`\(([path] + arguments).joined(separator: " "))` exited with status \(m.status); "
                    + "run it by hand to see its message")
        }
        return m
    }
}

/// A child process could not be started or failed.
public struct ChildProcessError: Error, CustomStringConvertible {
    /// What went wrong and the command.
    public var description: String
}
