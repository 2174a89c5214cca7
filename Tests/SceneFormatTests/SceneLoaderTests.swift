import EmitterTestSupport
import Foundation
import LayerKit
import Testing

@testable import SceneFormat

/// Loading from files: paths, folders, sizes and names never crash and always explain themselves.
@Suite struct SceneLoaderTests {
    func message(_ path: String) -> String {
        do {
            _ = try SceneLoader.load(path: path)
            return "(loaded)"
        } catch {
            return "\(error)"
        }
    }

    @Test func missingFilesAndFoldersAreExplained() {
        #expect(
            message("Scenes/nope.json") == "Scenes/nope.json: cannot read the scene file (no such file); check the path"
        )
        #expect(
            message(Fixtures.path("Scenes"))
                == "\(Fixtures.path("Scenes")): is a folder, not a scene file; name a .json file inside it")
        #expect(
            message("f") == "f: cannot read the scene file (no such file); check the path",
            "a one-letter name (on which Foundation's NSString path methods trap) is handled")
        #expect(message("") == ": cannot read the scene file (no such file); check the path")
    }

    @Test func aSceneFileInTheCurrentFolderFindsItsAssets() throws {
        let dir = URL(fileURLWithPath: try TestSupport.temporaryFolder("sceneformat-loader"))
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("assets"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(
            atPath: Fixtures.path("assets/crate.png"), toPath: dir.appendingPathComponent("assets/c.png").path)
        try Data(sceneWithLayer(#"{"name": "c", "contents": "assets/c.png"}"#).utf8).write(
            to: dir.appendingPathComponent("s.json"))
        let scene = try SceneLoader.load(path: dir.appendingPathComponent("s.json").path)
        #expect(scene.layer(named: "c")?.contents?.width == 64)
        #expect(scene.baseDirectory == dir.path && scene.sourcePath == dir.appendingPathComponent("s.json").path)
    }

    @Test func tooLargeFilesAreRefusedBeforeReading() {
        let big = Data(count: SceneLoader.maximumFileSize + 1)
        #expect(throws: SceneError.self) { try SceneLoader.load(data: big, sourceName: "big.json", baseDirectory: nil) }
        do {
            _ = try SceneLoader.load(data: big, sourceName: "big.json", baseDirectory: nil)
        } catch {
            #expect("\(error)" == "big.json: the scene is 16777217 bytes; the limit is 16777216 bytes")
        }
    }

    @Test func schemaVersionIsRequired() {
        #expect(
            errors(#"{"layers": []}"#) == [
                #"test.json:1:1: (root): missing key "schemaVersion"; add it, for example "schemaVersion": 1"#
            ])
        #expect(errors(#"{"schemaVersion": 0}"#) == ["test.json:1:2: schemaVersion: expected schemaVersion 1, got 0"])
        #expect(errors("[]") == ["test.json:1:1: (root): expected a scene (a JSON object), got an empty array"])
    }

    @Test func pathTextNeverTrapsOnShortNames() {
        #expect(
            PathText.directory(of: "f") == "" && PathText.directory(of: "a/") == ""
                && PathText.directory(of: "/a") == "/")
        #expect(
            PathText.directory(of: "Scenes/fire.json") == "Scenes" && PathText.lastComponent(of: "a/b.png") == "b.png")
        #expect(
            PathText.join("Scenes", "../assets/x.png") == "assets/x.png" && PathText.join("/a/b", "../../../c") == "/c")
        #expect(PathText.join("", "./x/../y") == "y" && PathText.normalized("../../x") == "../../x")
    }
}
