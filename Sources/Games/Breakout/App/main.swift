// `swift run breakout`: the breakout in a window. `swift run breakout --png out.png --frames 240` renders a
// frame headless instead (no display needed).
import Foundation
import BreakoutCore
import SDLHost

let configuration = GameConfiguration(viewSize: BreakoutGame.viewSize, threadCount: 2)
let options = GameCommandLine(CommandLine.arguments)
for problem in options.problems { print("breakout: \(problem)") }
if !options.problems.isEmpty { exit(2) }
do {
    if let png = options.pngPath {
        let runner = try HeadlessGameRunner(game: BreakoutGame(), configuration: configuration, script: options.script)
        let result = try runner.run(frames: options.frames)
        try runner.writePNG(to: png)
        print("\(result) -> \(png)")
    } else {
        guard WindowHost.canOpenWindow() else {
            print("breakout: no display (\(String(describing: WindowAvailability.check()))); try `xvfb-run swift run breakout` or `--png out.png`")
            exit(1)
        }
        print("Left/Right or mouse move the paddle, Space or click launch, P pause, R restart, Esc quit")
        try GameWindow(game: BreakoutGame(), configuration: configuration, title: "Breakout").run()
    }
} catch {
    print("breakout: \(error)")
    exit(1)
}
