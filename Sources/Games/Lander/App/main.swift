// `swift run lander`: the lander in a window. `swift run lander --png out.png --frames 240` renders a
// frame headless instead (no display needed).
import Foundation
import LanderCore
import SDLHost

let configuration = GameConfiguration(viewSize: CGSize(width: 640, height: 480), threadCount: 2)
let options = GameCommandLine(CommandLine.arguments)
for problem in options.problems { print("lander: \(problem)") }
if !options.problems.isEmpty { exit(2) }
do {
    if let png = options.pngPath {
        let runner = try HeadlessGameRunner(game: LanderGame(), configuration: configuration, script: options.script)
        let result = try runner.run(frames: options.frames)
        try runner.writePNG(to: png)
        print("\(result) -> \(png)")
    } else {
        guard WindowHost.canOpenWindow() else {
            print("lander: no display (\(String(describing: WindowAvailability.check()))); try `xvfb-run swift run lander` or `--png out.png`")
            exit(1)
        }
        print("Up/W/Space thrust, Left/Right turn, P pause, . step, T slow motion, R restart, Esc quit")
        try GameWindow(game: LanderGame(), configuration: configuration, title: "Lander").run()
    }
} catch {
    print("lander: \(error)")
    exit(1)
}
