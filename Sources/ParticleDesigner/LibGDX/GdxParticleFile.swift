import Foundation
import SceneFormat

// MARK: - libGDX particle file

/// The text of a libGDX particle effect (`.p`, written by libGDX's particle editor): one or more
/// emitters, each a name line, `- Section -` headers with `key: value` lines, and its image paths.
///
/// Read by key, not by position as libGDX's own reader does, so old layouts (`- Scale -`,
/// `- Image Path -`), new ones (`- X Scale -`/`- Y Scale -`, `premultipliedAlpha`, `spriteMode`,
/// `- Image Paths -`, `independent`) and files with missing keys all read; every value remembers its
/// line for messages. No input crashes or hangs: sizes and counts are bounded.
public struct GdxParticleFile {
    /// Largest file read, bytes: far beyond any editor output, small enough to parse instantly.
    public static let maximumFileSize = 16 << 20
    /// Most emitters read from one file.
    public static let maximumEmitterCount = 256
    /// Most stops read from one timeline or colour gradient.
    public static let maximumTimelineCount = 4096

    /// A `key: value` line.
    public struct Entry: Equatable {
        /// The text after the colon, trimmed.
        public var value: String
        /// The 1-based line number.
        public var line: Int
    }

    /// A `- Title -` section and its entries.
    public struct Section {
        /// The title without the dashes (`Emission`, `X Scale`).
        public var title: String
        /// The header's 1-based line number.
        public var line: Int
        /// The entries by key.
        public var entries: [String: Entry] = [:]
    }

    /// One emitter of the file.
    public struct Emitter {
        /// The emitter's name (its first line).
        public var name: String
        /// The name's 1-based line number.
        public var line: Int
        /// Sections by title.
        public var sections: [String: Section] = [:]
        /// The image paths (`- Image Path -` or `- Image Paths -`) with their lines.
        public var imagePaths: [Entry] = []
    }

    /// The file, for messages.
    public var path: String
    /// The emitters in file order.
    public var emitters: [Emitter]

    /// Reads the file at `path`. Throws `SceneError` naming the file.
    public init(path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Self.error(path, nil, "cannot read the file; check that it exists and is readable")
        }
        try self.init(data: data, path: path)
    }

    /// Reads a file's bytes; `path` names it in messages.
    public init(data: Data, path: String) throws {
        self.path = path
        guard data.count <= Self.maximumFileSize else {
            throw Self.error(
                path, nil,
                "the file is \(data.count) bytes; a libGDX particle file is text well under \(Self.maximumFileSize) bytes"
            )
        }
        if data.contains(0) {
            throw Self.error(path, nil, "the file holds binary data; expected the text a libGDX particle editor writes")
        }
        let text = String(data: data, encoding: .utf8) ?? String(decoding: data, as: UTF8.self)
        emitters = []
        var current: Emitter?
        var section: Section?
        var readingImages = false
        var lineNumber = 0

        func finish() {
            if var e = current {
                if let s = section { e.sections[s.title] = s }
                emitters.append(e)
            }
            current = nil
            section = nil
            readingImages = false
        }

        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if current == nil {
                if line.isEmpty { continue }
                guard emitters.count < Self.maximumEmitterCount else {
                    throw Self.error(
                        path, lineNumber,
                        "more than \(Self.maximumEmitterCount) emitters; split the effect into several files")
                }
                current = Emitter(name: line, line: lineNumber)
                continue
            }
            if line.isEmpty {
                // A blank line ends the emitter (after its image paths, or a file cut short).
                finish()
                continue
            }
            if line.count >= 3, line.hasPrefix("-"), line.hasSuffix("-") {
                let title = line.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
                if let s = section { current?.sections[s.title] = s }
                section = Section(title: title, line: lineNumber)
                readingImages = title == "Image Path" || title == "Image Paths"
                continue
            }
            if readingImages {
                current?.imagePaths.append(Entry(value: line, line: lineNumber))
                continue
            }
            guard let colon = line.firstIndex(of: ":") else {
                throw Self.error(
                    path, lineNumber,
                    "expected \"key: value\" in emitter \"\(current?.name ?? "")\", got \"\(line.prefix(60))\"; is this a libGDX particle file (.p)?"
                )
            }
            guard section != nil else {
                throw Self.error(
                    path, lineNumber, "\"\(line.prefix(60))\" comes before any \"- Section -\" header of its emitter")
            }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            section?.entries[key] = Entry(value: value, line: lineNumber)
        }
        finish()
        guard !emitters.isEmpty else {
            throw Self.error(
                path, nil, "the file holds no emitter; a libGDX particle file starts with an emitter's name")
        }
        for e in emitters where e.sections.isEmpty {
            throw Self.error(
                path, e.line,
                "\"\(e.name.prefix(60))\" has no \"- Section -\" lines; is this a libGDX particle file (.p)?")
        }
    }

    /// A reading error naming the file and, when known, the line.
    static func error(_ path: String, _ line: Int?, _ message: String) -> SceneError {
        SceneError(diagnostics: [diagnostic(.error, path, line, message)])
    }

    /// A diagnostic at `line` (0: the whole file).
    static func diagnostic(_ severity: SceneDiagnostic.Severity, _ path: String, _ line: Int?, _ message: String)
        -> SceneDiagnostic
    {
        SceneDiagnostic(
            severity: severity, file: path, line: line ?? 0, column: 0, path: "(root)",
            message: message)
    }
}
