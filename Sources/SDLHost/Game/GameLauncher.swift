import EmitterKit
import Foundation

/// The whole `main` of a game executable: reads the `GameCommandLine` options, plays headless and writes
/// a PNG with `--png`, and otherwise opens a `GameWindow` (or says how to play without a display).
///
/// ```swift
/// // Sources/MyGame/main.swift
/// exit(GameLauncher.run(name: "mygame", title: "My Game", configuration: GameConfiguration(),
///                       controls: "Space jumps, Esc quits") { MyGame() })
/// ```
public enum GameLauncher {
    /// Runs the game `makeGame()` made as the executable's main and returns its exit status: 0 success,
    /// 1 a failure (no display, a game or window error), 2 a bad option. Messages go to standard error,
    /// prefixed with `name`; the headless result line and the controls go to standard output.
    /// - Parameters:
    ///   - name: the executable's name, for messages (`lander`).
    ///   - title: the window title.
    ///   - configuration: the game's view size, fixed step and threads.
    ///   - controls: one line telling the player the keys, printed when the window opens.
    ///   - arguments: the command line, program name first. Default `CommandLine.arguments`.
    ///   - environment: where to look for a display. Default this process's environment.
    ///   - makeGame: makes a fresh game; an error it throws (a missing sound file) is reported, status 1.
    /// - Returns: the process exit status.
    public static func run(
        name: String, title: String, configuration: GameConfiguration, controls: String,
        arguments: [String] = CommandLine.arguments,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        makeGame: () throws -> Game
    ) -> Int32 {
        let options = GameCommandLine(arguments)
        for problem in options.problems { printError("\(name): \(problem)") }
        if !options.problems.isEmpty { return 2 }
        do {
            if let png = options.pngPath {
                let runner = try HeadlessGameRunner(
                    game: try makeGame(), configuration: configuration, script: options.script)
                let result = try runner.run(frames: options.frames)
                try runner.writePNG(to: png)
                print("\(result) -> \(png)")
                return 0
            }
            if case .unavailable(let reason) = WindowAvailability.check(environment: environment) {
                printError("\(name): \(reason); try `xvfb-run swift run \(name)` or `--png out.png`")
                return 1
            }
            print(controls)
            try GameWindow(game: try makeGame(), configuration: configuration, title: title).run()
            return 0
        } catch {
            printError("\(name): \(error)")
            return 1
        }
    }

    private static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
