import Foundation
import Testing

/// `emitter format`, `emitter validate --check-format` and `emitter schema`.
@Suite struct FormatCommandTests {
    static let unformatted = """
        {"layers": [{"backgroundColor": "red", "bounds": [0, 0, 10, 10], "name": "box"}],
         "display": {"size": [
           64,
           48
         ]}, "schemaVersion": 1.0}
        """

    @Test func formatRewritesAFileInItsCanonicalForm() throws {
        let folder = try temporaryFolder()
        let path = folder + "/box.json"
        try Data(Self.unformatted.utf8).write(to: URL(fileURLWithPath: path))
        let run = try emitter(["format", path])
        #expect(run.status == 0 && run.stdout == "\(path): formatted\n", "\(run)")
        let expected = """
            {
              "schemaVersion": 1,
              "display": { "size": [64, 48] },
              "layers": [
                { "name": "box", "bounds": [0, 0, 10, 10], "backgroundColor": "red" }
              ]
            }

            """
        #expect(try String(contentsOfFile: path, encoding: .utf8) == expected)
        let again = try emitter(["format", path])
        #expect(again.status == 0 && again.stdout == "\(path): already formatted\n", "\(again)")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []) == ["box.json"], "no leftovers")
    }

    @Test func aBrokenFileIsReportedAsValidateDoesAndLeftUntouched() throws {
        let folder = try temporaryFolder()
        let path = folder + "/broken.json"
        let text = "{\"schemaVersion\": 1,\n \"layers\": [{\"type\": \"emiter\"}]}\n  "
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let run = try emitter(["format", path])
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("\(path):2:14: layers[0].type: expected one of"), "stderr: \(run.stderr)")
        let validate = try emitter(["validate", path])
        #expect(validate.stderr.contains("\(path):2:14: layers[0].type: expected one of"), "\(validate)")
        #expect(FileManager.default.contents(atPath: path) == Data(text.utf8), "the file is untouched")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []) == ["broken.json"])
    }

    @Test func validateCheckFormatReportsFilesThatAreNotFormatted() throws {
        let folder = try temporaryFolder()
        let path = folder + "/box.json"
        let formatted = folder + "/formatted.json"
        try Data(Self.unformatted.utf8).write(to: URL(fileURLWithPath: path))
        try Data(Self.unformatted.utf8).write(to: URL(fileURLWithPath: formatted))
        _ = try emitter(["format", formatted])
        let plain = try emitter(["validate", path])
        #expect(plain.status == 0, "without --check-format the file is valid: \(plain)")
        let checked = try emitter(["validate", "--check-format", path, formatted])
        #expect(checked.status == 1, "\(checked)")
        #expect(checked.stderr.contains("\(path): not formatted; run emitter format \(path)"), "\(checked.stderr)")
        #expect(checked.stdout == "\(formatted): ok\n", "\(checked.stdout)")
        _ = try emitter(["format", path])
        let after = try emitter(["validate", "--check-format", path])
        #expect(after.status == 0, "\(after)")
    }

    @Test func theCatalogueIsFormatted() throws {
        let run = try emitter(["validate", "--check-format"] + sceneFiles())
        #expect(run.status == 0, "emitter validate --check-format Scenes/*.json: \(run.stderr)")
    }

    @Test func schemaPrintsTheCommittedSchema() throws {
        let run = try emitter(["schema"])
        let committed = try String(contentsOfFile: packageRoot + "/scene.schema.json", encoding: .utf8)
        #expect(run.status == 0 && run.stdout == committed, "emitter schema differs from scene.schema.json")
    }
}
