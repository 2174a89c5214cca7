import Foundation

/// The few options a game executable understands, so that every prototype can render a frame headless:
///
/// - `--png <path>`: play headless and write the last frame to a PNG instead of opening a window;
/// - `--frames <n>`: frames to play headless (default 240, 4 s at 60 frames per second);
/// - `--hold <key>:<first>-<last>`: hold a key (by `Key.name`: `up`, `space`, `a`) from frame `first`
///   to frame `last`; repeatable;
/// - `--tap <key>:<frame>`: press and release a key within one frame; repeatable.
///
/// Unknown or malformed options are collected in `problems` (each names the option and the fix).
package struct GameCommandLine {
    /// Where to write the PNG, or nil to open a window.
    package var pngPath: String?
    /// Frames to play headless. Default 240.
    package var frames = 240
    /// The input the options describe.
    package var script = ScriptedInput()
    /// What could not be understood, one message per option.
    package var problems: [String] = []

    /// Parses `arguments` (the first is the program's name and is skipped).
    package init(_ arguments: [String]) {
        var rest = arguments.dropFirst()
        while let option = rest.popFirst() {
            guard ["--png", "--frames", "--hold", "--tap"].contains(option) else {
                problems.append(
                    "unknown option '\(option)'; use --png <path>, --frames <n>, --hold <key>:<first>-<last>, --tap <key>:<frame>"
                )
                continue
            }
            guard let value = rest.popFirst() else {
                problems.append("\(option) needs a value")
                continue
            }
            switch option {
            case "--png":
                pngPath = value
            case "--frames":
                if let n = Int(value), n >= 1, n <= 1_000_000 {
                    frames = n
                } else {
                    problems.append("--frames \(value): give a whole number of frames, 1...1000000")
                }
            default:
                parseKey(option: option, value: value)
            }
        }
    }

    private mutating func parseKey(option: String, value: String) {
        let parts = value.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, let key = Key(name: parts[0]) else {
            problems.append("\(option) \(value): expected <key>:<frames> with a key name such as up, space or a")
            return
        }
        if option == "--tap" {
            guard let frame = Int(parts[1]), frame >= 0 else {
                problems.append("--tap \(value): expected <key>:<frame>, the frame a whole number ≥ 0")
                return
            }
            script.tap(key, atFrame: frame)
        } else {
            let range = parts[1].split(separator: "-").compactMap { Int($0) }
            guard range.count == 2, range[0] >= 0, range[1] >= range[0] else {
                problems.append("--hold \(value): expected <key>:<first>-<last> with 0 ≤ first ≤ last")
                return
            }
            script.hold(key, fromFrame: range[0], toFrame: range[1])
        }
    }
}
