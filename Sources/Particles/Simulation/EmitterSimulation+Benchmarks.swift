import LayerKit

// MARK: - Benchmark hooks

extension EmitterSimulation {
    /// The store of the cell at a dotted name path, for benchmarks that time its loops directly.
    @_spi(Benchmarks)
    public func store(ofCellNamed namePath: String) throws -> ParticleStore {
        try runtime(named: namePath).store
    }

    /// A copy of that cell's live particles alone (`ParticleStore.liveCopy`), for a benchmark
    /// reference that updates the same particles without tombstones.
    @_spi(Benchmarks)
    public func liveCopy(ofCellNamed namePath: String) throws -> ParticleStore {
        try runtime(named: namePath).store.liveCopy(aliveFrom: aliveThreshold)
    }

    /// The start of the next step's death window on the store's time axis (seconds after the epoch),
    /// for a reference update that counts deaths where the emitter would.
    @_spi(Benchmarks)
    public var deathWindowForBenchmark: Float { aliveThreshold }
}
