import Foundation
import Testing

@testable import SDLHost

/// The hot-reload watcher: inotify and stat polling, settling, what counts as a change.
@Suite struct FileWatcherTests {
    /// Polls until something is reported or `limit` seconds pass; returns the report and its latency.
    func waitForChange(_ watcher: FileWatcher, limit: Double = 1) -> ([String], Double) {
        let clock = MonotonicClock()
        let start = clock.now()
        while clock.now() - start < limit {
            let changed = watcher.poll()
            if !changed.isEmpty { return (changed, clock.now() - start) }
            clock.sleep(until: clock.now() + 0.005)
        }
        return ([], limit)
    }

    @Test func inotifyReportsAWriteWithinHalfASecond() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("scene.json")
        try Data("{}".utf8).write(to: file)
        let watcher = FileWatcher(paths: [file.path])
        #expect(watcher.mechanism == .inotify && watcher.fallbackReason == nil)
        #expect(watcher.poll().isEmpty)
        let handle = try FileHandle(forWritingTo: file)
        handle.write(Data("{\"a\": 1}".utf8))
        try handle.close()
        let (changed, latency) = waitForChange(watcher)
        #expect(changed == [file.path] && latency < 0.5, "changed \(changed) after \(latency) s")
        #expect(watcher.poll().isEmpty, "reported once")
    }

    @Test func inotifySeesAnEditorsRenameOverTheFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("scene.json")
        try Data("{}".utf8).write(to: file)
        let watcher = FileWatcher(paths: [file.path])
        let temporary = directory.appendingPathComponent(".scene.json.swp")
        try Data("{\"b\": 2}".utf8).write(to: temporary)
        #expect(rename(temporary.path, file.path) == 0)
        let (changed, latency) = waitForChange(watcher)
        #expect(changed == [file.path] && latency < 0.5, "changed \(changed) after \(latency) s")
    }

    @Test func otherFilesInTheDirectoryAreIgnored() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("scene.json")
        try Data("{}".utf8).write(to: file)
        let watcher = FileWatcher(paths: [file.path])
        try Data("x".utf8).write(to: directory.appendingPathComponent("notes.txt"))
        let (changed, _) = waitForChange(watcher, limit: 0.15)
        #expect(changed.isEmpty, "\(changed)")
    }

    @Test func burstsSettleIntoOneReport() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("scene.json")
        try Data("{}".utf8).write(to: file)
        let clock = ManualClock()
        let watcher = FileWatcher(paths: [file.path], clock: clock)
        try Data("{\"c\"".utf8).write(to: file)
        // inotify has queued the events already; the manual clock decides when they have settled.
        clock.advance(by: 0.01)
        #expect(watcher.poll().isEmpty, "not settled after 10 ms")
        try Data("{\"c\": 3}".utf8).write(to: file)
        clock.advance(by: 0.04)
        #expect(watcher.poll().isEmpty, "a new event restarts the settle time")
        clock.advance(by: 0.06)
        #expect(watcher.poll() == [file.path])
        #expect(watcher.poll().isEmpty)
    }

    @Test func pollingComparesSizeAndModificationTimeFourTimesASecond() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("scene.json")
        try Data("{}".utf8).write(to: file)
        let clock = ManualClock()
        let watcher = FileWatcher(paths: [file.path], mechanism: .polling, clock: clock)
        #expect(watcher.mechanism == .polling)
        try Data("{\"longer\": true}".utf8).write(to: file)
        clock.advance(by: 0.1)
        #expect(watcher.poll().isEmpty, "no stat round before 0.25 s")
        clock.advance(by: 0.16)
        #expect(watcher.poll().isEmpty, "seen, settling")
        clock.advance(by: 0.06)
        #expect(watcher.poll() == [file.path])
        try FileManager.default.removeItem(at: file)
        clock.advance(by: 0.3)
        _ = watcher.poll()
        clock.advance(by: 0.06)
        #expect(watcher.poll() == [file.path], "deleting the file is a change (the reload reports it missing)")
    }

    @Test func anUnwatchableDirectoryFallsBackToPollingWithAReason() {
        let watcher = FileWatcher(paths: ["/nonexistent-\(UUID().uuidString)/scene.json"])
        #expect(watcher.mechanism == .polling)
        #expect(watcher.fallbackReason?.contains("cannot watch") == true, "\(watcher.fallbackReason ?? "")")
        #expect(watcher.poll().isEmpty)
    }

    @Test func relativeAndDuplicatePathsAreNormalised() {
        let cwd = FileManager.default.currentDirectoryPath
        let watcher = FileWatcher(paths: ["a/../scene.json", "scene.json"], mechanism: .polling)
        #expect(
            watcher.paths == [URL(fileURLWithPath: cwd).appendingPathComponent("scene.json").standardizedFileURL.path])
    }
}
