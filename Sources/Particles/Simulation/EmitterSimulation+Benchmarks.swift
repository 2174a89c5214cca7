import LayerKit

// MARK: - Benchmark hooks

extension EmitterSimulation {
    /// The update alone, for the benchmark that compares a full step with it: integrates every cell's
    /// slots by `dt` with the last step's accelerations and counts the deaths in the next step's
    /// window, without advancing time, spawning or removing (so repeated calls keep the population).
    @_spi(Benchmarks)
    public func integrateOnly(by dt: Double) -> Int {
        let from = Self.floatAbove(time - epoch), through = Self.floatAtOrBelow(time + dt - epoch)
        var deaths = 0
        for c in cells {
            let p = c.params
            deaths += c.store.integrate(dt: Float(dt), ax: p.ax, ay: p.ay, az: p.az, diedFrom: from, diedThrough: through)
        }
        return deaths
    }

    /// The store of the cell at a dotted name path, for benchmarks that time its loops directly.
    @_spi(Benchmarks)
    public func store(ofCellNamed namePath: String) throws -> ParticleStore {
        try runtime(named: namePath).store
    }
}
