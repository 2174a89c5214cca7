import Foundation
import ImageCodec
import LayerKit
import Testing

// MARK: - Goldens

/// Compares what a test produced with a golden file (an image, a text or a state hash), and records new
/// goldens when asked.
///
/// Every golden of the test suite goes through here, so all of them share one workflow (docs/Determinism.md,
/// "Goldens"):
/// - a normal run compares, and on a mismatch writes what it got next to the golden (`<name>.actual.png`,
///   `<name>.actual`; ignored by git) and names both files;
/// - `EMITTER_RECORD_GOLDENS=1 swift test --filter <Suite>` writes the new goldens and fails every test that
///   wrote one, so a recording run never passes: inspect the new files (`git diff`, open the PNGs), then
///   run again without the variable and commit;
/// - with `CI` set, the recording variable is refused: the test fails and writes nothing.
public enum Golden {
    /// The environment variable that turns comparing into recording.
    public static let recordVariable = "EMITTER_RECORD_GOLDENS"

    /// What a run does with goldens.
    public enum Mode: Equatable, Sendable {
        /// Compare with the committed goldens (the normal run).
        case compare
        /// Write new goldens, then fail.
        case record
        /// Recording was asked for under CI: fail without writing.
        case refused
    }

    /// The mode `environment` asks for: `EMITTER_RECORD_GOLDENS=1` records, unless `CI` is set.
    public static func mode(environment: [String: String] = ProcessInfo.processInfo.environment) -> Mode {
        guard environment[recordVariable] == "1" else { return .compare }
        return environment["CI"] == nil ? .record : .refused
    }

    /// How to record goldens, for failure messages.
    static func recordHint(_ path: String) -> String {
        "record it with \(recordVariable)=1 swift test --filter <the test>, inspect \(path), and commit it"
    }

    // MARK: - Tolerances

    /// How far an image may differ from its golden and still match.
    ///
    /// The simulation is bit-identical on every machine, but the compositor rasterises in `Float` and its
    /// blending, resampling and anti-aliasing may round differently where the compiler contracts
    /// multiply-adds or picks other vector widths (another CPU, another toolchain), or after a change to
    /// a kernel's arithmetic that is meant to give the same picture: a pixel then moves by a rounding
    /// step or a few per channel. `rendering` allows that and nothing more; a moved edge, a missing layer
    /// or a wrong colour fails. Measured when this was written: the catalogue's 19 thumbnails and the
    /// coverage and text goldens match exactly; six of the compositor's goldens, recorded before later
    /// kernel changes, differ by 1 to 3 in up to 308 pixels (particles-rotated, s16-effects, s30-rounded,
    /// s28-shape-mask, s17-shadow-paths, clip-rounded).
    public struct ImageTolerance: Sendable, CustomStringConvertible {
        /// The largest difference in any channel (0…255, premultiplied) at which a pixel still counts as equal.
        public var channel: Int
        /// The share of the pixels (0…1) that may differ by more than `channel`.
        public var pixelFraction: Double

        /// A tolerance of `channel` per channel on all but `pixelFraction` of the pixels.
        public init(channel: Int, pixelFraction: Double) {
            self.channel = channel
            self.pixelFraction = pixelFraction
        }

        /// Every pixel identical: for images made by exact integer arithmetic (sprites, PNG round trips).
        public static let exact = ImageTolerance(channel: 0, pixelFraction: 0)
        /// A frame the compositor drew: ±3 per channel (a few rounding steps of the `Float` blend and
        /// resampling arithmetic), on every pixel.
        public static let rendering = ImageTolerance(channel: 3, pixelFraction: 0)

        /// "±3 per channel, 0 % of the pixels beyond".
        public var description: String {
            "±\(channel) per channel, \(pixelFraction * 100) % of the pixels beyond"
        }
    }

    // MARK: - Text

    /// Expects `actual` to equal the text golden at `path` byte for byte.
    /// - Parameters:
    ///   - actual: the text the test produced.
    ///   - path: the golden file.
    ///   - context: what produced the text (scene, seed, frame), printed on failure.
    ///   - sourceLocation: where the failure is reported.
    public static func expect(
        text actual: String, matchesFileAt path: String, context: String = "",
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        report(problem(text: actual, matchesFileAt: path, mode: mode()), context, sourceLocation)
    }

    /// The failure message of `expect(text:matchesFileAt:)` in `mode`, or nil when the test may pass.
    static func problem(text actual: String, matchesFileAt path: String, mode: Mode) -> String? {
        check(
            path: path, mode: mode,
            compare: { writeActual in
                guard let data = FileManager.default.contents(atPath: path) else { return .missing }
                let golden = String(decoding: data, as: UTF8.self)
                if golden == actual { return .matches }
                if writeActual { try? Data(actual.utf8).write(to: URL(fileURLWithPath: path + ".actual")) }
                return .differs(
                    "\(firstDifference(golden, actual)); got text written to \(path).actual\n--- got ---\n\(actual)--- golden ---\n\(golden)"
                )
            },
            record: { try Data(actual.utf8).write(to: URL(fileURLWithPath: path), options: .atomic) })
    }

    /// The line where two texts first differ.
    static func firstDifference(_ golden: String, _ actual: String) -> String {
        let a = golden.components(separatedBy: "\n")
        let b = actual.components(separatedBy: "\n")
        for i in 0..<max(a.count, b.count) {
            let x = i < a.count ? a[i] : "(end of text)"
            let y = i < b.count ? b[i] : "(end of text)"
            if x != y { return "line \(i + 1) differs: golden \"\(x)\", got \"\(y)\"" }
        }
        return "the texts differ"
    }

    // MARK: - Images

    /// Expects `actual` to match the PNG golden at `path` within `tolerance`.
    ///
    /// The image is compared as it would be stored: encoded as PNG and decoded again (PNG keeps straight
    /// alpha, so translucent pixels round), so that a golden recorded from this very image matches exactly.
    /// - Parameters:
    ///   - actual: the image the test produced.
    ///   - path: the golden PNG.
    ///   - tolerance: how far pixels may differ (see `ImageTolerance`).
    ///   - context: what produced the image (scene, seed, frame, time), printed on failure.
    ///   - sourceLocation: where the failure is reported.
    public static func expect(
        image actual: CGImage, matchesFileAt path: String, tolerance: ImageTolerance, context: String = "",
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        report(problem(image: actual, matchesFileAt: path, tolerance: tolerance, mode: mode()), context, sourceLocation)
    }

    /// The failure message of `expect(image:matchesFileAt:tolerance:)` in `mode`, or nil when the test may pass.
    static func problem(image actual: CGImage, matchesFileAt path: String, tolerance: ImageTolerance, mode: Mode)
        -> String?
    {
        check(
            path: path, mode: mode,
            compare: { writeActual in
                guard FileManager.default.fileExists(atPath: path) else { return .missing }
                let golden: CGImage
                let stored: CGImage
                do {
                    golden = try PNGCodec.load(path: path)
                    stored = try PNGCodec.decode(try PNGCodec.encode(actual))
                } catch {
                    return .differs("cannot compare: \(error)")
                }
                guard let difference = ImageDifference(stored, golden, channelTolerance: tolerance.channel) else {
                    if writeActual { try? actual.writePNG(to: actualPath(path)) }
                    return .differs(
                        "the image is \(actual.width)×\(actual.height) pixels, the golden \(golden.width)×\(golden.height); got image written to \(actualPath(path))"
                    )
                }
                let allowed = Int((tolerance.pixelFraction * Double(difference.pixelCount)).rounded(.down))
                if difference.pixelsOverTolerance <= allowed { return .matches }
                if writeActual { try? actual.writePNG(to: actualPath(path)) }
                return .differs(
                    "\(difference), allowed \(tolerance); got image written to \(actualPath(path))")
            },
            record: { try actual.writePNG(to: path) })
    }

    /// Where a mismatching image is written: `x.png` → `x.actual.png`.
    static func actualPath(_ path: String) -> String {
        path.hasSuffix(".png") ? String(path.dropLast(4)) + ".actual.png" : path + ".actual.png"
    }

    // MARK: - State hashes

    /// Expects `actual` (a state hash as hex) to equal the golden `name` in the hash table at `tablePath`
    /// (a JSON object of names and hashes, one table per test target).
    /// - Parameters:
    ///   - actual: the hash the test computed.
    ///   - name: the golden's name in the table.
    ///   - tablePath: the table, such as `Tests/GamesTests/Fixtures/hashes.json`.
    ///   - context: what was hashed (scene, seed, frame, step count, totals), printed on failure.
    ///   - sourceLocation: where the failure is reported.
    public static func expect(
        hash actual: String, named name: String, inTableAt tablePath: String, context: String = "",
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        report(problem(hash: actual, named: name, inTableAt: tablePath, mode: mode()), context, sourceLocation)
    }

    /// The failure message of `expect(hash:named:inTableAt:)` in `mode`, or nil when the test may pass.
    static func problem(hash actual: String, named name: String, inTableAt tablePath: String, mode: Mode) -> String? {
        check(
            path: "\(tablePath) [\(name)]", mode: mode,
            compare: { _ in
                guard let golden = HashTable.read(tablePath)[name] else { return .missing }
                return golden == actual ? .matches : .differs("hash \(actual), golden \(golden)")
            },
            record: { try HashTable.record(actual, named: name, in: tablePath) })
    }

    /// The golden `name` of the table at `tablePath`, or nil when it has none.
    public static func hash(named name: String, inTableAt tablePath: String) -> String? {
        HashTable.read(tablePath)[name]
    }

    // MARK: - Comparing or recording

    /// The outcome of comparing with a golden.
    enum Comparison {
        case matches
        case missing
        case differs(String)
    }

    /// Records `problem` as a failure of the running test, after `context`.
    static func report(_ problem: String?, _ context: String, _ sourceLocation: SourceLocation) {
        guard let problem else { return }
        Issue.record("\(context.isEmpty ? "" : context + ": ")\(problem)", sourceLocation: sourceLocation)
    }

    /// Compares or records according to `mode`; nil when the test may pass, else the failure message.
    /// `compare` writes what it got next to the golden only when its argument is true (comparing, not
    /// recording).
    static func check(
        path: String, mode: Mode, compare: (_ writeActual: Bool) -> Comparison, record: () throws -> Void
    ) -> String? {
        switch mode {
        case .refused:
            return
                "\(recordVariable)=1 is refused when CI is set: goldens are recorded on a developer's machine from a run someone inspected, never in CI (\(path) not written)"
        case .record:
            let what: String
            switch compare(false) {
            case .matches:
                return
                    "\(path) matches and is left as it is; a recording run never passes: run again without \(recordVariable)"
            case .missing: what = "new"
            case .differs(let d): what = "changed: \(d.components(separatedBy: "\n").first ?? d)"
            }
            do { try record() } catch { return "cannot record \(path): \(error)" }
            return
                "recorded \(path) (\(what)); a recording run never passes: inspect it, commit it, and run again without \(recordVariable)"
        case .compare:
            switch compare(true) {
            case .matches: return nil
            case .missing: return "missing golden \(path); \(recordHint(path))"
            case .differs(let d): return "differs from the golden \(path): \(d)"
            }
        }
    }
}

// MARK: - Image difference

/// How two images of the same size differ.
public struct ImageDifference: CustomStringConvertible, Sendable {
    /// The largest difference of any channel of any pixel.
    public var maxChannelDelta: Int
    /// How many pixels differ by more than the tolerance in some channel.
    public var pixelsOverTolerance: Int
    /// The pixels of each image.
    public var pixelCount: Int
    /// The first pixel over the tolerance, as "(x, y) golden [r, g, b, a] got [r, g, b, a]".
    public var firstOver: String?

    /// Compares `actual` with `golden` channel by channel; nil when their sizes differ.
    public init?(_ actual: CGImage, _ golden: CGImage, channelTolerance: Int) {
        guard actual.width == golden.width, actual.height == golden.height else { return nil }
        let a = actual.pixels
        let g = golden.pixels
        var worst = 0
        var over = 0
        var first: String?
        for i in stride(from: 0, to: a.count, by: 4) {
            var d = 0
            for c in 0..<4 { d = max(d, abs(Int(a[i + c]) - Int(g[i + c]))) }
            worst = max(worst, d)
            if d > channelTolerance {
                over += 1
                if first == nil {
                    let p = i / 4
                    first =
                        "(\(p % actual.width), \(p / actual.width)) golden \(Array(g[i..<i + 4])) got \(Array(a[i..<i + 4]))"
                }
            }
        }
        maxChannelDelta = worst
        pixelsOverTolerance = over
        pixelCount = actual.width * actual.height
        firstOver = first
    }

    /// "12 of 76800 pixels beyond the channel tolerance, largest channel difference 40, first (3, 4) …".
    public var description: String {
        "\(pixelsOverTolerance) of \(pixelCount) pixels beyond the channel tolerance, largest channel difference \(maxChannelDelta)"
            + (firstOver.map { ", first \($0)" } ?? "")
    }
}

// MARK: - Hash tables

/// The JSON tables of golden hashes: `{ "name": "0123456789abcdef", … }`, keys sorted.
enum HashTable {
    /// Serialises writes: tests run in parallel and several may record into one table.
    private static let lock = NSLock()

    /// The table at `path`; empty when the file is missing or unreadable (every golden then counts as missing).
    static func read(_ path: String) -> [String: String] {
        guard let data = FileManager.default.contents(atPath: path),
            let table = try? JSONDecoder().decode([String: String].self, from: data)
        else { return [:] }
        return table
    }

    /// Sets `name` to `hash` in the table at `path`, creating the file if needed.
    static func record(_ hash: String, named name: String, in path: String) throws {
        try lock.withLock {
            var table = read(path)
            table[name] = hash
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            var data = try encoder.encode(table)
            data.append(UInt8(ascii: "\n"))
            try FileManager.default.createDirectory(
                atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        }
    }
}
