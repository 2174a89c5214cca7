import Foundation
import SceneFormat

// MARK: - Property list reading

/// The top-level dictionary of a Particle Designer file with typed, checked access to its keys.
///
/// Values are read the way cocos2d reads them (`[[dict valueForKey:k] floatValue]`): a missing key
/// reads as 0, integers and reals are both numbers. Anything else (a string where a number belongs, a
/// non-finite number) is an error naming the key.
struct PlistDictionary {
    /// The largest file accepted: 8 MiB (real files are a few KiB; an embedded texture adds at most a
    /// few hundred KiB).
    static let maximumFileSize = 8 << 20

    /// The largest magnitude of a number accepted (scene files take at most 1e12; 1e9 leaves room
    /// for the unit conversions and is far beyond any real effect).
    static let maximumMagnitude = 1e9

    let file: String
    let values: [String: Any]
    private(set) var problems: [SceneDiagnostic] = []
    /// Keys whose numbers were written as strings, in reading order (one summary warning names them).
    private(set) var stringKeys: [String] = []

    /// Reads and parses `path`; throws a `SceneError` naming the file for anything unreadable.
    init(path: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw Self.error(path, "cannot read the Particle Designer file (no such file); check the path")
        }
        if isDirectory.boolValue { throw Self.error(path, "is a folder, not a .plist file") }
        let size = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
        if size > Self.maximumFileSize {
            throw Self.error(
                path,
                "the file is \(size) bytes; Particle Designer files are at most \(Self.maximumFileSize) bytes (is this a particle file?)"
            )
        }
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)) else {
            throw Self.error(path, "cannot read the file (permission denied or not a regular file)")
        }
        try self.init(data: data, file: path)
    }

    /// Parses `data` (an XML or binary property list) named `file` in messages.
    init(data: Data, file: String) throws {
        self.file = file
        if data.count > Self.maximumFileSize {
            throw Self.error(file, "the file is \(data.count) bytes; the limit is \(Self.maximumFileSize) bytes")
        }
        if data.isEmpty { throw Self.error(file, "the file is empty; export the emitter again from Particle Designer") }
        let parsed: Any
        do {
            parsed = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw Self.error(
                file,
                "not a readable property list (\(Self.reason(error))); a Particle Designer file is an XML plist starting with <?xml … <plist>"
            )
        }
        guard let dictionary = parsed as? [String: Any] else {
            throw Self.error(
                file,
                "the property list holds \(Self.describe(parsed)), not a dictionary of emitter keys; is this a Particle Designer file?"
            )
        }
        values = dictionary
    }

    // MARK: - Values

    /// Whether the file has `key`.
    func has(_ key: String) -> Bool { values[key] != nil }

    /// The number at `key`, or `default` when the key is missing.
    mutating func number(_ key: String, default value: Double = 0) throws -> Double {
        guard let raw = values[key] else { return value }
        if let b = raw as? Bool, type(of: raw) == Bool.self { return b ? 1 : 0 }
        if let n = raw as? NSNumber {
            let v = n.doubleValue
            return try checked(v, key)
        }
        if let s = raw as? String {
            if let v = Double(s.trimmingCharacters(in: .whitespaces)), v.isFinite {
                if !stringKeys.contains(key) { stringKeys.append(key) }
                return try checked(v, key)
            }
            throw Self.error(file, "\(key) is the string \"\(s.prefix(40))\"; expected a number (<real> or <integer>)")
        }
        throw Self.error(file, "\(key) holds \(Self.describe(raw)); expected a number (<real> or <integer>)")
    }

    /// `v` if it is finite and not beyond `maximumMagnitude`, as its shortest Float text.
    private func checked(_ v: Double, _ key: String) throws -> Double {
        guard v.isFinite else { throw Self.error(file, "\(key) is \(v); expected a finite number") }
        guard abs(v) <= Self.maximumMagnitude else {
            throw Self.error(file, "\(key) is \(v); numbers in particle files are at most ±1e9 (is the file damaged?)")
        }
        return Self.shortest(v)
    }

    /// A variance: its magnitude, with a warning when the file gives a negative one (cocos2d samples
    /// mean ± variance, so the sign does not matter).
    mutating func variance(_ key: String) throws -> Double {
        let v = try number(key)
        if v < 0 {
            warn("\(key) is \(Self.text(v)); cocos2d samples ± the variance, so it is read as \(Self.text(-v))")
        }
        return abs(v)
    }

    /// The string at `key`, or nil when missing.
    func string(_ key: String) throws -> String? {
        guard let raw = values[key] else { return nil }
        guard let s = raw as? String else {
            throw Self.error(file, "\(key) holds \(Self.describe(raw)); expected a <string>")
        }
        return s
    }

    /// Adds one warning naming every key whose number was a string (some writers quote every value).
    mutating func summarizeStringKeys() {
        guard !stringKeys.isEmpty else { return }
        let shown = stringKeys.prefix(Self.namedStringKeys).joined(separator: ", ")
        let more = stringKeys.count > Self.namedStringKeys ? " and \(stringKeys.count - Self.namedStringKeys) more" : ""
        let count = stringKeys.count == 1 ? "1 value is a string" : "\(stringKeys.count) values are strings"
        warn("\(count) (\(shown)\(more)); read as numbers, as cocos2d does (write them as <real> or <integer>)")
        stringKeys = []
    }

    /// How many keys the string summary names before "and N more".
    static let namedStringKeys = 6

    /// Records a warning about the file.
    mutating func warn(_ message: String) {
        problems.append(
            SceneDiagnostic(severity: .warning, file: file, line: 0, column: 0, path: "(root)", message: message))
    }

    // MARK: - Helpers

    /// A number as it reads best: the shortest decimal of the Float it was saved as (Particle Designer
    /// writes Floats with 16 or 17 digits: 59.209999084472656 is 59.21).
    static func shortest(_ v: Double) -> Double {
        let f = Float(v)
        guard f.isFinite, let d = Double(f.description) else { return v }
        return d
    }

    /// A number for messages: "4.5", "-360".
    static func text(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : "\(v)"
    }

    static func describe(_ value: Any) -> String {
        switch value {
        case is [Any]: return "an array"
        case is [String: Any]: return "a dictionary"
        case is Data: return "binary data"
        case is Date: return "a date"
        case is String: return "a string"
        default: return "a value of type \(type(of: value))"
        }
    }

    static func reason(_ error: Error) -> String {
        let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
        return String(text.prefix(160))
    }

    /// A `SceneError` about the whole file.
    static func error(_ file: String, _ message: String) -> SceneError {
        SceneError(diagnostics: [
            SceneDiagnostic(severity: .error, file: file, line: 0, column: 0, path: "(root)", message: message)
        ])
    }
}
