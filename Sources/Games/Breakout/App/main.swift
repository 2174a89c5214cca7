// `swift run breakout`: the breakout in a window. `swift run breakout --png out.png --frames 240` renders a
// frame headless instead (no display needed).
import BreakoutCore
import Foundation
import SDLHost

exit(
    GameLauncher.run(
        name: "breakout", title: "Breakout",
        configuration: GameConfiguration(viewSize: BreakoutGame.viewSize, threadCount: 2),
        controls: "Left/Right or mouse move the paddle, Space or click launch, P pause, R restart, Esc quit"
    ) {
        BreakoutGame()
    })
