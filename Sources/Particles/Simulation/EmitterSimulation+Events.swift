import LayerKit

// MARK: - Counting what happens

extension EmitterSimulation {
    /// Counts a committed batch of `born` births of `c`, of which `alive` outlive the step they were
    /// born in (the others are born and die in it).
    func countBirths(_ born: Int, alive: Int, of c: CellRuntime) {
        c.counters.born += born
        c.counters.alive += alive
        c.counters.died += born - alive
        liveCount += alive
        unreported.births += born
        unreported.deaths += born - alive
    }

    /// Counts `n` deaths of live particles of `c` (the end of their lifetime, `kill`, the removal of
    /// their cell; `nonFinite`: their motion became NaN or infinite, docs/Limits.md).
    func countDeaths(_ n: Int, of c: CellRuntime, nonFinite: Bool = false) {
        guard n > 0 else { return }
        c.counters.alive -= n
        c.counters.died += n
        liveCount -= n
        unreported.deaths += n
        if nonFinite {
            c.counters.nonFinite += n
            unreported.nonFinite += n
        }
    }

    /// Counts `n` births of `c` dropped by the budget.
    func countDropped(_ n: Int, of c: CellRuntime) {
        guard n > 0 else { return }
        c.counters.dropped += n
        unreported.dropped += n
    }

    /// Reports what happened since the last report as the events of the step that ended at `time`
    /// (`lastStepEvents`, `onStep`): the step's own counts and those of the kills, bursts and cell
    /// removals between the two steps.
    func reportStep(endingAt time: Double) {
        unreported.time = time
        lastStepEvents = unreported
        unreported = EmitterStepEvents(time: time, births: 0, deaths: 0, dropped: 0)
        onStep?(lastStepEvents)
    }

    /// Keeps the first budget overflow for `takeBudgetWarning()`: `dropped` births at `time`.
    func noteBudgetOverflow(dropped: Int, budget: Int, time: Double) {
        guard dropped > 0 && budgetWarning == nil else { return }
        budgetWarning = BudgetWarning(layerName: modelLayer.name, maxParticles: budget, dropped: dropped, time: time)
    }
}
