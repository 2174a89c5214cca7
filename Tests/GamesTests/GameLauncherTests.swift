import EmitterKit
import EmitterTestSupport
import Foundation
import SDLHost
import Testing

/// `GameLauncher.run`, the `main` of both games: exit statuses, the headless PNG, and the message
/// without a display.
@Suite struct GameLauncherTests {
    @Test func pngOptionPlaysHeadlessAndWritesTheFrame() throws {
        let folder = try TestSupport.temporaryFolder("launcher")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/frame.png"
        let status = GameLauncher.run(
            name: "fountain", title: "Fountain",
            configuration: GameConfiguration(viewSize: CGSize(width: 320, height: 240)),
            controls: "Space bursts", arguments: ["fountain", "--png", out, "--frames", "60", "--tap", "space:30"],
            environment: [:]
        ) { Fountain() }
        #expect(status == 0, "exit status \(status)")
        let image = try PNGCodec.load(path: out)
        #expect(image.width == 320 && image.height == 240, "frame \(image.width)×\(image.height)")
        let lit = stride(from: 0, to: image.pixels.count, by: 4).filter { image.pixels[$0] > 128 }.count
        #expect(lit > 100, "the burst's sparks are in the frame: \(lit) bright pixels")
    }

    @Test func badOptionsExitWithTwoAndNoDisplayWithOne() {
        var made = 0
        let bad = GameLauncher.run(
            name: "fountain", title: "Fountain", configuration: GameConfiguration(), controls: "",
            arguments: ["fountain", "--frames", "many"], environment: [:]
        ) {
            made += 1
            return Fountain()
        }
        #expect(bad == 2 && made == 0, "a bad option stops before the game is made: status \(bad), games made \(made)")
        let noDisplay = GameLauncher.run(
            name: "fountain", title: "Fountain", configuration: GameConfiguration(), controls: "",
            arguments: ["fountain"], environment: [:]
        ) {
            made += 1
            return Fountain()
        }
        #expect(noDisplay == 1 && made == 0, "no display: status \(noDisplay), games made \(made)")
    }
}
