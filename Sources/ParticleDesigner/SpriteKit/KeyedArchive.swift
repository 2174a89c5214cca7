import Foundation
import SceneFormat

// MARK: - Keyed archive

/// An `NSKeyedArchiver` archive read as plain data: the property list's `$objects` table, its `$top`
/// entries, and typed access to the objects that UIDs (`CF$UID`) point to.
///
/// No class is instantiated: an object is its dictionary, its class name comes from `$classes`. Every
/// path through the object graph is followed inside `descend(into:)`, which keeps the chain of objects
/// being read: a reference back into that chain (a cycle) or deeper than `maximumDepth` is an error, as
/// is a UID outside the table. No input crashes or hangs.
struct KeyedArchive {
    /// The largest archive accepted: 8 MiB (real `.sks` emitters are a few KiB; a scene with embedded
    /// textures can be larger, and is not an emitter anyway).
    static let maximumFileSize = 8 << 20
    /// The deepest chain of nested objects followed (an emitter needs 5: node, sequence, array, colour).
    static let maximumDepth = 16

    /// The file, for messages.
    let file: String
    /// The archive's object table; entry 0 is `$null`.
    let objects: [Any]
    /// The `$top` entries (`root`, sometimes `_info`).
    let top: [String: Any]
    /// The UIDs of the objects being read, outermost first.
    private var chain: [Int] = []

    /// Parses `data` (a binary or XML property list) named `file` in messages.
    init(data: Data, file: String) throws {
        self.file = file
        if data.isEmpty {
            throw Self.error(file, "the file is empty; save the emitter again from Xcode's particle editor")
        }
        if data.count > Self.maximumFileSize {
            throw Self.error(file, "the file is \(data.count) bytes; the limit is \(Self.maximumFileSize) bytes")
        }
        let parsed: Any
        do {
            parsed = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw Self.error(
                file,
                "not a readable property list (\(PlistDictionary.reason(error))); an .sks file is a binary plist starting with \"bplist00\" (truncated or damaged?)"
            )
        }
        guard let root = parsed as? [String: Any] else {
            throw Self.error(file, "the property list holds \(PlistDictionary.describe(parsed)), not a keyed archive")
        }
        guard (root["$archiver"] as? String) == "NSKeyedArchiver", let objects = root["$objects"] as? [Any],
            let top = root["$top"] as? [String: Any]
        else {
            throw Self.error(
                file,
                "not an NSKeyedArchiver archive ($archiver, $objects and $top are missing); a SpriteKit .sks file is one (is this a Particle Designer .plist? rename it to .plist)"
            )
        }
        self.objects = objects
        self.top = top
    }

    // MARK: - Objects

    /// The UID in `value` (`CF$UID`, as the binary reader gives it or as an XML dictionary), or nil.
    static func uid(_ value: Any) -> Int? {
        if let d = value as? [String: Any], d.count == 1, let n = d["CF$UID"] as? NSNumber { return n.intValue }
        // Foundation hands binary UIDs over as an internal class whose only payload is `value`.
        guard String(describing: type(of: value)).contains("KeyedArchiverUID") else { return nil }
        for child in Mirror(reflecting: value).children where child.label == "value" {
            if let v = child.value as? UInt32 { return Int(v) }
            if let v = child.value as? UInt64, v <= UInt64(Int32.max) { return Int(v) }
            if let v = child.value as? Int { return v }
        }
        return nil
    }

    /// The object a UID points to; `key` names the place in messages.
    func object(at uid: Int, key: String) throws -> Any {
        guard uid >= 0, uid < objects.count else {
            throw Self.error(
                file, "\(key) refers to object \(uid), but the archive has \(objects.count) objects (damaged file)")
        }
        return objects[uid]
    }

    /// `value` with a UID replaced by the object it points to, nil for `$null`.
    func resolve(_ value: Any?, key: String) throws -> Any? {
        guard let value else { return nil }
        guard let uid = Self.uid(value) else { return value }
        let object = try self.object(at: uid, key: key)
        if let s = object as? String, s == "$null" { return nil }
        return object
    }

    /// Reads the object `value` points to with `body`, keeping it on the chain so that a path back to it
    /// is reported as a cycle. Inline values (not UIDs) are read without entering the chain.
    func descend<T>(into value: Any?, key: String, _ body: (inout KeyedArchive, Any) throws -> T) throws -> T? {
        guard let value else { return nil }
        var inner = self
        if let uid = Self.uid(value) {
            if chain.contains(uid) {
                throw Self.error(
                    file, "\(key) refers back to object \(uid), which contains it (a cyclic archive; damaged file)")
            }
            guard chain.count < Self.maximumDepth else {
                throw Self.error(file, "\(key) nests objects more than \(Self.maximumDepth) deep (damaged file)")
            }
            inner.chain.append(uid)
        }
        guard let object = try resolve(value, key: key) else { return nil }
        return try body(&inner, object)
    }

    /// The class name of an archived object (`$class` → `$classname`), or nil for plain values.
    func className(of object: Any, key: String) throws -> String? {
        guard let d = object as? [String: Any], let ref = d["$class"] else { return nil }
        guard let info = try resolve(ref, key: key + ".$class") as? [String: Any],
            let name = info["$classname"] as? String
        else {
            throw Self.error(file, "\(key) has a $class entry without $classname (damaged file)")
        }
        return name
    }

    /// The objects of an archived `NSArray` (`NS.objects`), unresolved; `limit` bounds their count.
    func arrayElements(_ object: Any, key: String, limit: Int) throws -> [Any] {
        guard let d = object as? [String: Any], let list = d["NS.objects"] as? [Any] else {
            throw Self.error(file, "\(key) is not an archived array (NS.objects is missing)")
        }
        guard list.count <= limit else {
            throw Self.error(file, "\(key) has \(list.count) entries; at most \(limit) are accepted")
        }
        return list
    }

    // MARK: - Errors

    /// A `SceneError` about the file.
    static func error(_ file: String, _ message: String) -> SceneError { PlistDictionary.error(file, message) }
}
