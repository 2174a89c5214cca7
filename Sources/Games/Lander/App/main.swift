// `swift run lander`: the lander in a window. `swift run lander --png out.png --frames 240` renders a
// frame headless instead (no display needed).
import Foundation
import LanderCore
import SDLHost

exit(
    GameLauncher.run(
        name: "lander", title: "Lander",
        configuration: GameConfiguration(viewSize: CGSize(width: 640, height: 480), threadCount: 2),
        controls: "Up/W/Space thrust, Left/Right turn, P pause, . step, T slow motion, R restart, Esc quit"
    ) {
        LanderGame()
    })
