import EmitterKit

/// The engine side of the window: it renders frames, reacts to commands and input, and reloads the
/// scene when its files change. All calls come from the thread that called `run`, in this order each
/// frame: `handle(_ event:)` and `handle(_ command:)` per event, `reloadScene` when files changed, then
/// `frame(_:)`.
public protocol WindowHostDelegate: AnyObject {
    /// Prepares the frame for `context`: advance the simulation by `context.simulationDelta`, render,
    /// return the pixels. Nil presents the previous frame again.
    func frame(_ context: FrameContext) -> FrameOutput?

    /// A decoded command, after the host applied its own part (pause, speed, overlay). The delegate acts
    /// on `restart`, drags (move the interactive target) and clicks (fire the click action).
    func handle(_ command: HostCommand)

    /// A raw input event, for game code (positions in content points). Also summarised in `FrameContext.input`.
    func handle(_ event: InputEvent)

    /// Watched files changed: parse and swap in the new scene, keeping the simulated time. Throw to keep
    /// the last good scene; the error's message goes to the overlay's error banner and stderr until a
    /// later reload succeeds.
    func reloadScene(changedFiles: [String]) throws
}

extension WindowHostDelegate {
    /// Ignores the command.
    public func handle(_ command: HostCommand) {}
    /// Ignores the event.
    public func handle(_ event: InputEvent) {}
    /// Does nothing (no hot reload).
    public func reloadScene(changedFiles: [String]) throws {}
}
