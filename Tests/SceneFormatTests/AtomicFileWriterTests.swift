import EmitterTestSupport
import Foundation
import Testing

@testable import SceneFormat

/// `AtomicFileWriter`, which `emitter format` writes with: the old file or the new one, never half of either.
@Suite struct AtomicFileWriterTests {
    /// The names in `folder` other than `keep`: temporary files left behind.
    static func leftovers(in folder: String, besides keep: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0 != keep }
    }

    @Test func replacesTheContentsAndKeepsThePermissions() throws {
        let folder = try TestSupport.temporaryFolder("atomic-replace")
        let path = folder + "/scene.json"
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        try AtomicFileWriter.write(Data("new contents".utf8), to: path)
        #expect(FileManager.default.contents(atPath: path) == Data("new contents".utf8))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o640, "permissions \(String(mode?.intValue ?? -1, radix: 8))")
        #expect(Self.leftovers(in: folder, besides: "scene.json").isEmpty)
    }

    @Test func aRunInterruptedBeforeTheRenameLeavesTheOriginalWhole() throws {
        let folder = try TestSupport.temporaryFolder("atomic-interrupted")
        let path = folder + "/scene.json"
        let original = Data(String(repeating: "original scene\n", count: 1000).utf8)
        try original.write(to: URL(fileURLWithPath: path))
        struct Interrupted: Error {}
        var sawTemporary = false
        #expect(throws: Interrupted.self) {
            try AtomicFileWriter.write(Data("new".utf8), to: path) {
                // The new contents are complete in a temporary file next to the original, which is untouched.
                let temporary = Self.leftovers(in: folder, besides: "scene.json")
                sawTemporary =
                    temporary.count == 1
                    && FileManager.default.contents(atPath: folder + "/" + temporary[0]) == Data("new".utf8)
                #expect(FileManager.default.contents(atPath: path) == original)
                throw Interrupted()
            }
        }
        #expect(sawTemporary, "the new contents were written to a temporary file in the same folder first")
        #expect(FileManager.default.contents(atPath: path) == original, "the original is whole")
        #expect(Self.leftovers(in: folder, besides: "scene.json").isEmpty, "the temporary file is removed")
    }

    @Test func aFolderThatCannotBeWrittenIsReportedAndNothingChanges() throws {
        let missing = try TestSupport.temporaryFolder("atomic-missing") + "/no-such-folder/scene.json"
        #expect {
            try AtomicFileWriter.write(Data("x".utf8), to: missing)
        } throws: { error in
            "\(error)".hasPrefix(missing + ": cannot write the file (cannot create a temporary file in ")
                && "\(error)".hasSuffix("; it is left as it was")
        }
        #expect(!FileManager.default.fileExists(atPath: missing))
    }
}
