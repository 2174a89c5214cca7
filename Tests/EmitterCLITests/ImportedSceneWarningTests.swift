import Foundation
import Testing

/// Warnings of a scene (here: a Particle Designer file whose embedded texture is a TIFF) reach stderr in every
/// command that loads it, and never stdout, which stays data.
@Suite struct ImportedSceneWarningTests {
    static let comet = "Tests/ParticleDesignerTests/Fixtures/Comet.plist"

    @Test func renderAndHashPrintTheImportWarningsOnStderrOnly() throws {
        let folder = try temporaryFolder()
        let render = try emitter([
            "render", Self.comet, "--frames", "2", "--size", "80x120", "--out", folder + "/c.png",
        ])
        #expect(render.status == 0, "\(render)")
        #expect(render.stderr.contains("TIFF"), "render stderr: \(render.stderr)")
        let hash = try emitter(["hash", Self.comet, "--duration", "0.1"])
        #expect(hash.status == 0 && hash.stderr.contains("TIFF"), "\(hash)")
        #expect(
            !hash.stdout.contains("TIFF") && hash.stdout.split(separator: "\n").count == 1, "stdout: \(hash.stdout)")
    }
}
