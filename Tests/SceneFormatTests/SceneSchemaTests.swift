import EmitterTestSupport
import Foundation
import Testing

@testable import SceneFormat

/// The JSON Schema of scene files (`emitter schema`): generated from the loader's tables, committed as
/// scene.schema.json, and checked with a standard validator (Python's jsonschema).
@Suite struct SceneSchemaTests {
    static let committedPath = Fixtures.packageRoot + "/scene.schema.json"
    static let checker = Fixtures.packageRoot + "/scripts/check-scene-schema.py"

    /// Runs the standard validator on `files`; the lines it printed by file.
    static func validate(_ files: [String]) throws -> [String: String] {
        let run = try TestSupport.run("/usr/bin/env", ["python3", checker, committedPath] + files)
        #expect(
            run.status == 0 || run.status == 1,
            "scripts/check-scene-schema.py exited with \(run.status): \(run.stderr)")
        var results: [String: String] = [:]
        for line in run.stdout.split(separator: "\n") {
            for file in files where line.hasPrefix(file + ": ") {
                results[file] = String(line.dropFirst(file.count + 2))
            }
        }
        return results
    }

    @Test func theCommittedSchemaIsCurrent() throws {
        let committed = try String(contentsOfFile: Self.committedPath, encoding: .utf8)
        #expect(
            committed == SceneSchema.text,
            "scene.schema.json is not what the loader's tables give; run: swift run emitter schema > scene.schema.json")
    }

    @Test(arguments: SceneKeyTables.sections)
    func everyKeyTheLoaderAcceptsHasAShape(_ section: String) throws {
        let keys = try #require(SceneKeyTables.keys(section))
        for key in keys.sorted() {
            #expect(SceneShapes.shape(of: key, in: section) != nil, "\(section).\(key) has no shape in the schema")
        }
        if let table = SceneShapes.tables[section] {
            let extra = Set(table.keys).subtracting(keys)
            #expect(extra.isEmpty, "\(section): shapes of keys the loader rejects: \(extra.sorted())")
        }
    }

    @Test func everyCatalogueAndFixtureSceneValidates() throws {
        let files = SceneFormatterTests.sceneFiles
        let results = try Self.validate(files)
        #expect(results.count == files.count, "results for \(results.count) of \(files.count) files")
        for (file, result) in results.sorted(by: { $0.key < $1.key }) {
            #expect(result == "ok", "\(file): \(result)")
        }
    }

    @Test func everyExampleOfTheDocumentValidates() throws {
        let folder = try TestSupport.temporaryFolder("schema-examples")
        var files: [String: String] = [:]
        for section in SceneKeyTables.sections {
            for row in SceneFormatDocumentationTests.tables[section] ?? [] {
                for key in row.keys {
                    guard let example = SceneFormatDocumentationTests.json(row.example) else { continue }
                    let path = folder + "/\(files.count).json"
                    try SceneFormatDocumentationTests.harness(section, key: key, value: example)
                        .write(toFile: path, atomically: true, encoding: .utf8)
                    files[path] = "docs/SceneFormat.md:\(row.line): \(section).\(key)"
                }
            }
        }
        #expect(files.count > 300, "examples found: \(files.count)")
        let results = try Self.validate(files.keys.sorted())
        for (path, result) in results where result != "ok" {
            Issue.record("\(files[path] ?? path): the example loads but the schema refuses it: \(result)")
        }
        #expect(results.count == files.count)
    }

    /// The schema is not vacuous: the broken scenes whose mistake is one of form fail it too.
    @Test func brokenScenesOfFormFailIt() throws {
        let cases = [
            "absolute-path", "bad-colour", "bad-enum", "bad-transform", "misspelt-key", "negative-birth-rate",
            "non-finite-number", "physics-mistakes", "unknown-key", "url", "wrong-type", "truncated",
        ]
        let files = cases.map { Fixtures.path("Broken/\($0).json") }
        let results = try Self.validate(files)
        for file in files {
            #expect(results[file]?.hasPrefix("invalid: ") == true, "\(file): \(results[file] ?? "no result")")
        }
    }
}
