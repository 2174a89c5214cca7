import Foundation

/// Scripted input due at game times, handed to the fixed step it falls in and to the frame that runs that
/// step (`ScriptedInput.add(_:atTime:)`).
///
/// An event due at game time t reaches the first fixed step that starts at or after t (within a millionth
/// of a step, as timers), so a test scripted by time plays the same steps at any frame rate; the frame's
/// input gets it in the frame expected to run that step.
struct TimedInputQueue {
    private struct Entry {
        var time: CFTimeInterval
        var event: InputEvent
        var toFrame = true
        var toStep = true
    }

    /// Pending events in delivery order (by time, then by scheduling order).
    private var entries: [Entry] = []

    var isEmpty: Bool { entries.isEmpty }

    /// Schedules `event` at game time `time` (seconds since the session started, across restarts).
    mutating func add(_ event: InputEvent, atTime time: CFTimeInterval) {
        let index = entries.firstIndex { $0.time > time } ?? entries.endIndex
        entries.insert(Entry(time: time, event: event), at: index)
    }

    /// The step (of the current run, whose clock started at `runOffset`) an event at `time` falls in.
    private static func step(of time: CFTimeInterval, runOffset: CFTimeInterval, stepDuration: CFTimeInterval)
        -> Int64
    {
        Int64(max(0, ((time - runOffset) / stepDuration - 1e-6).rounded(.up)))
    }

    /// The events for a frame that runs steps up to `lastStep`, not yet given to a frame.
    mutating func takeForFrame(throughStep lastStep: Int64, runOffset: CFTimeInterval, stepDuration: CFTimeInterval)
        -> [InputEvent]
    {
        var taken: [InputEvent] = []
        for i in entries.indices where entries[i].toFrame {
            guard Self.step(of: entries[i].time, runOffset: runOffset, stepDuration: stepDuration) <= lastStep else {
                break
            }
            entries[i].toFrame = false
            taken.append(entries[i].event)
        }
        entries.removeAll { !$0.toFrame && !$0.toStep }
        return taken
    }

    /// The events due at `step`, not yet given to a step.
    mutating func takeForStep(_ step: FixedStep, runOffset: CFTimeInterval) -> [InputEvent] {
        var taken: [InputEvent] = []
        for i in entries.indices where entries[i].toStep {
            guard Self.step(of: entries[i].time, runOffset: runOffset, stepDuration: step.duration) <= step.index else {
                break
            }
            entries[i].toStep = false
            taken.append(entries[i].event)
        }
        entries.removeAll { !$0.toFrame && !$0.toStep }
        return taken
    }
}
