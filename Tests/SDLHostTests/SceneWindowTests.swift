import EmitterKit
import Foundation
import Testing

@testable import SDLHost

/// A scene played through the window code path under SDL's dummy driver: frames, drag, click, restart,
/// hot reload (good and broken), quit. An extension of the serialized window suite: one window at a time.
extension WindowHostTests {
    /// A small scene file with a draggable emitter and a burst click action.
    func writeScene(_ folder: URL, birthRate: Double = 200, broken: Bool = false) throws -> String {
        let path = folder.appendingPathComponent("scene.json").path
        let json = """
            {"schemaVersion": 1, "display": {"size": [160, 120], "backgroundColor": "black"},
             "layers": [{"type": "emitter", "name": "fire", "frame": [0, 0, 160, 120], "emitterPosition": [80, 100],
               "renderMode": "additive", "seed": 1,
               "emitterCells": [{"name": "flame", "contents": "builtin:softDot", "birthRate": \(broken ? "-5" : String(birthRate)),
                 "lifetime": 1, "velocity": 40, "emissionLongitude": "-90deg", "emissionRange": "30deg",
                 "scale": 0.4, "color": "orange"}]}],
             "interaction": {"drag": "fire.emitterPosition",
                             "click": {"action": "burst", "emitter": "fire", "cell": "flame", "count": 50}}}
            """
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func makeController(_ path: String) throws -> SceneWindowController {
        try SceneWindowController(scenePath: path, clock: ManualClock()) { config in
            config.videoDriver = "dummy"
            config.fileWatchMechanism = .polling
            config.pacing = .vsync
        }
    }

    @Test func sceneWindowShowsParticlesAndFollowsTheDrag() throws {
        let folder = try temporaryDirectory()
        let controller = try makeController(try writeScene(folder))
        defer { controller.host.close() }
        controller.host.captureNextFrame()
        #expect(controller.runFrames(30) == 30)
        let live = controller.engine.statistics.liveParticles
        #expect(live > 50, "live particles after 0.5 s: \(live)")
        #expect(
            controller.engine.mediaTime > 0.45 && controller.engine.mediaTime < 0.55,
            "media time \(controller.engine.mediaTime)")
        var script = ScriptedInput()
        script.drag(
            from: CGPoint(x: 80, y: 100), to: CGPoint(x: 30, y: 40), steps: 5,
            startingAtFrame: controller.host.frameCount)
        controller.host.scriptedInput = script
        controller.runFrames(10)
        let emitter = try #require(controller.engine.rootLayer.layer(named: "fire") as? CAEmitterLayer)
        #expect(
            abs(emitter.emitterPosition.x - 30) < 0.5 && abs(emitter.emitterPosition.y - 40) < 0.5,
            "emitter at \(emitter.emitterPosition) after dragging to (30, 40)")
    }

    @Test func clickBurstsAndRestartStartsOver() throws {
        let folder = try temporaryDirectory()
        let controller = try makeController(try writeScene(folder, birthRate: 0))
        defer { controller.host.close() }
        controller.runFrames(5)
        #expect(controller.engine.statistics.liveParticles == 0)
        var script = ScriptedInput()
        script.click(at: CGPoint(x: 50, y: 50), atFrame: controller.host.frameCount)
        controller.host.scriptedInput = script
        controller.runFrames(3)
        #expect(
            controller.engine.statistics.liveParticles == 50,
            "a click bursts 50: \(controller.engine.statistics.liveParticles)")
        let before = controller.engine
        var restart = ScriptedInput()
        restart.tap(.r, atFrame: controller.host.frameCount)
        controller.host.scriptedInput = restart
        controller.runFrames(2)
        #expect(
            controller.engine !== before && controller.engine.mediaTime < 0.05,
            "restarted at \(controller.engine.mediaTime)")
    }

    @Test func hotReloadKeepsTimeAndABrokenEditKeepsTheLastGoodScene() throws {
        let folder = try temporaryDirectory()
        let path = try writeScene(folder, birthRate: 100)
        let controller = try makeController(path)
        defer { controller.host.close() }
        controller.runFrames(60)
        let first = controller.engine
        let timeBefore = first.mediaTime
        _ = try writeScene(folder, birthRate: 300)
        var frames = 0
        while controller.engine === first && frames < 120 {
            controller.runFrames(1)
            frames += 1
        }
        #expect(controller.engine !== first, "reloaded within \(frames) frames")
        let cell = try #require(
            (controller.engine.rootLayer.layer(named: "fire") as? CAEmitterLayer)?.emitterCells?.first)
        #expect(cell.birthRate == 300)
        #expect(controller.engine.mediaTime >= timeBefore, "time kept: \(controller.engine.mediaTime) ≥ \(timeBefore)")
        let good = controller.engine
        _ = try writeScene(folder, broken: true)
        frames = 0
        while controller.host.overlay.errorMessage == nil && frames < 120 {
            controller.runFrames(1)
            frames += 1
        }
        let banner = controller.host.overlay.errorMessage ?? ""
        #expect(banner.contains("birthRate"), "the broken edit is shown: \(banner)")
        #expect(controller.engine === good, "the last good scene keeps running")
        controller.runFrames(5)
        #expect(controller.engine.statistics.liveParticles > 0)
    }

    @Test func escapeQuits() throws {
        let folder = try temporaryDirectory()
        let controller = try makeController(try writeScene(folder))
        defer { controller.host.close() }
        var script = ScriptedInput()
        script.tap(.escape, atFrame: 3)
        controller.host.scriptedInput = script
        #expect(controller.run(maxFrames: 100) < 10, "Esc ends the run")
    }
}
