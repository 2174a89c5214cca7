import Foundation

/// A prototyping command decoded from input by `CommandDecoder`, delivered to the delegate after the
/// host has applied its own part (pause, speed and overlay state live in the host).
///
/// Positions are in content points (the root layer's coordinates).
public enum HostCommand: Equatable, Sendable {
    // MARK: - Time
    /// Stop simulated time (Space while running).
    case pause
    /// Let simulated time run again (Space while paused).
    case resume
    /// Advance one frame while paused (`.`).
    case step
    /// Start the scene again from time 0 (R).
    case restart
    /// Double the time speed (+).
    case speedUp
    /// Halve the time speed (−).
    case speedDown
    /// Set the time speed back to 1 (0).
    case resetSpeed

    // MARK: - Display
    /// Show or hide the statistics overlay (F).
    case toggleOverlay
    /// Show or hide the key help (H).
    case toggleHelp
    /// Switch to the next diagnostic colouring of the frame (D; docs/Diagnostics.md).
    case cycleDiagnostics
    /// Close the window and return from `run` (Esc, closing the window).
    case quit

    // MARK: - Pointer
    /// The primary button was pressed at a point and then moved past the drag threshold.
    case dragBegan(at: CGPoint)
    /// The pointer moved while dragging.
    case dragMoved(to: CGPoint)
    /// The primary button was released after a drag.
    case dragEnded(at: CGPoint)
    /// The primary button was pressed and released without moving past the drag threshold.
    case click(at: CGPoint)
}
