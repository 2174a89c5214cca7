import LayerKit

// MARK: - Cell runtime

/// The simulation state of one cell at any depth: its particles, its emission accumulator and the
/// values in effect for the derived quantities (colour and scale are functions of age).
final class CellRuntime {
    /// The model cell: the identity that live particles belong to (presentation copies map to it).
    let model: CAEmitterCell
    /// The cell whose values applied at the last step (the model or a presentation copy).
    var cell: CAEmitterCell
    /// Position in depth-first declaration order.
    var index: Int
    /// Index of the parent cell's runtime; nil for a top-level cell.
    var parent: Int?
    /// Indices of the sub-cells' runtimes, in declaration order.
    var children: [Int] = []
    /// Which accumulator column of the parent's store this cell uses.
    var columnInParent = 0
    /// The particles.
    let store: ParticleStore
    /// Fractional births carried between steps (top-level cells; sub-cells keep one per parent particle).
    var accumulator: Double = 0
    /// Fractional births by distance carried between steps (`birthsPerPoint`, top-level cells).
    var distanceAccumulator: Double = 0
    /// The values read at the last step.
    var params: CellParameters
    /// Colour change per second the stored colour bases are relative to.
    var appliedColorSpeed: (Float, Float, Float, Float)
    /// Scale change per second the stored scale bases are relative to.
    var appliedScaleSpeed: Float
    /// Counts of this cell.
    var counters = ParticleCounters()
    /// Where each slot was when the last engine step began (`ParticleStepView.start`), for cells moved by
    /// an extension's law: computed when first asked for in a step.
    let starts = StartPositions()
    /// The trail points of the particles, for a cell with a trail (docs/Particles.md, "Trails"); nil otherwise.
    var trails: TrailStore?
    /// The trail in effect at the last step, nil without one.
    var trailParams: TrailParameters?

    init(model: CAEmitterCell, cell: CAEmitterCell, index: Int, parent: Int?, params: CellParameters) {
        self.model = model
        self.cell = cell
        self.index = index
        self.parent = parent
        self.params = params
        self.store = ParticleStore(accumulatorCount: 0)
        appliedColorSpeed = params.colorSpeed
        appliedScaleSpeed = params.scaleSpeed
    }

    /// The look-at-age law of this cell's particles as drawn (with its curves over life); valid until the
    /// store's columns move.
    var looks: ParticleLooks {
        ParticleLooks(
            store, colorRate: appliedColorSpeed, scaleRate: appliedScaleSpeed, curves: params.effects?.curves)
    }
}

// MARK: - Start positions

/// Scratch columns for the start-of-step positions of one cell's slots, and which step and slots they
/// hold (computed on demand, for cells whose particles the physics coupling sweeps).
final class StartPositions {
    private(set) var x: UnsafeMutablePointer<Double>
    private(set) var y: UnsafeMutablePointer<Double>
    private var capacity = 1
    /// The step (`EmitterSimulation.stepCount`) whose starts the first `count` slots hold; −1: none.
    var step = -1
    /// Slots computed.
    var count = 0

    init() {
        x = .allocate(capacity: 1)
        y = .allocate(capacity: 1)
    }

    deinit {
        x.deallocate()
        y.deallocate()
    }

    /// Makes room for `n` slots, keeping the first `count`.
    func reserve(_ n: Int) {
        guard n > capacity else { return }
        let c = max(n, 2 * capacity)
        let nx = UnsafeMutablePointer<Double>.allocate(capacity: c)
        let ny = UnsafeMutablePointer<Double>.allocate(capacity: c)
        nx.update(from: x, count: count)
        ny.update(from: y, count: count)
        x.deallocate()
        y.deallocate()
        (x, y, capacity) = (nx, ny, c)
    }
}
