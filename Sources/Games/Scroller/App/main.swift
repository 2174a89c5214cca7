// `swift run scroller`: the cave flyer in a window, with sound. `swift run scroller --png out.png --frames 240`
// renders a frame headless instead (no display needed).
import Foundation
import SDLHost
import ScrollerCore

exit(
    GameLauncher.run(
        name: "scroller", title: "Cave Flyer",
        configuration: GameConfiguration(viewSize: CGSize(width: 640, height: 480), threadCount: 2),
        controls: "Right/D faster, Left/A slower, Up/W climb, Space or click fire, R restart, Esc quit"
    ) {
        try ScrollerGame()
    })
