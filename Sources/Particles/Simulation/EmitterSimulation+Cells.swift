import LayerKit

// MARK: - Cell tree

extension EmitterSimulation {
    /// Deepest sub-cell nesting followed; deeper cells are ignored (a guard against runaway trees).
    static let maximumCellDepth = 32

    /// Matches the runtimes to the cells of `layer` (model or presentation copy): cells are identified
    /// by their model cell, so live particles survive presentation copies and live edits of the tree.
    /// Cells that left the tree lose their particles (counted as died); a cell that contains itself is
    /// not followed into.
    func synchronizeCells(with layer: CAEmitterLayer) {
        var k = 0
        var matches = true
        var ancestors: [ObjectIdentifier] = []
        func walk(_ list: [CAEmitterCell]?, parent: Int?) {
            guard let list, ancestors.count < Self.maximumCellDepth else { return }
            for cell in list {
                let model = cell.modelCell ?? cell
                let id = ObjectIdentifier(model)
                if ancestors.contains(id) { continue }
                if matches && k < cells.count && cells[k].model === model && cells[k].parent == parent {
                    cells[k].cell = cell
                } else {
                    matches = false
                }
                let me = k
                k += 1
                ancestors.append(id)
                walk(cell.emitterCells, parent: me)
                ancestors.removeLast()
            }
        }
        walk(layer.emitterCells, parent: nil)
        if matches && k == cells.count { return }
        rebuildCells(with: layer)
    }

    /// Builds the runtime list anew, reusing the runtime (and particles) of every model cell still present.
    private func rebuildCells(with layer: CAEmitterLayer) {
        var entries: [(cell: CAEmitterCell, model: CAEmitterCell, parent: Int?)] = []
        var ancestors: [ObjectIdentifier] = []
        func walk(_ list: [CAEmitterCell]?, parent: Int?) {
            guard let list, ancestors.count < Self.maximumCellDepth else { return }
            for cell in list {
                let model = cell.modelCell ?? cell
                let id = ObjectIdentifier(model)
                if ancestors.contains(id) { continue }
                let me = entries.count
                entries.append((cell, model, parent))
                ancestors.append(id)
                walk(cell.emitterCells, parent: me)
                ancestors.removeLast()
            }
        }
        walk(layer.emitterCells, parent: nil)

        let old = cells
        let oldChildModels: [ObjectIdentifier: [ObjectIdentifier]] = Dictionary(
            old.map { (ObjectIdentifier($0.model), $0.children.map { ObjectIdentifier(old[$0].model) }) },
            uniquingKeysWith: { a, _ in a })
        var reused = Set<ObjectIdentifier>()
        var next: [CellRuntime] = []
        var byModel: [ObjectIdentifier: Int] = [:]
        for (i, e) in entries.enumerated() {
            let id = ObjectIdentifier(e.model)
            let runtime: CellRuntime
            if let r = runtimeByModel[id], !reused.contains(id) {
                runtime = old[r]
                runtime.cell = e.cell
                runtime.index = i
                runtime.parent = e.parent
                reused.insert(id)
            } else {
                runtime = CellRuntime(
                    model: e.model, cell: e.cell, index: i, parent: e.parent,
                    params: CellParameters(cell: e.cell, layer: layer))
            }
            runtime.children = []
            next.append(runtime)
            if byModel[id] == nil { byModel[id] = i }
        }
        for r in next {
            if let p = r.parent {
                r.columnInParent = next[p].children.count
                next[p].children.append(r.index)
            }
        }
        // Sub-cell accumulators follow their sub-cell; new sub-cells start at zero.
        for r in next {
            let newChildren = r.children.map { ObjectIdentifier(next[$0].model) }
            let before = oldChildModels[ObjectIdentifier(r.model)] ?? []
            if newChildren == before && r.store.accumulatorCount == newChildren.count { continue }
            let mapping: [Int?] = newChildren.map { before.firstIndex(of: $0) }
            r.store.remapAccumulators(count: newChildren.count, mapping: mapping)
        }
        for r in old where !next.contains(where: { $0 === r }) {
            countDeaths(r.counters.alive, of: r)
            r.store.removeAll()
        }
        cells = next
        runtimeByModel = byModel
    }

    /// The runtime of a cell (model or presentation copy) of this emitter.
    func runtime(of cell: CAEmitterCell) -> CellRuntime? {
        runtimeByModel[ObjectIdentifier(cell.modelCell ?? cell)].map { cells[$0] }
    }

    /// The runtime of the cell at a dotted name path (`"rocket.burst"`) of the last stepped layer.
    func runtime(named namePath: String) throws -> CellRuntime {
        if let cell = lastLayer.cell(atNamePath: namePath), let r = runtime(of: cell) { return r }
        throw EmitterSimulationError.unknownCell(name: namePath, available: cellNamePaths())
    }

    /// The dotted name paths of every named cell.
    func cellNamePaths() -> [String] {
        cells.compactMap { r -> String? in
            var parts: [String] = []
            var current: CellRuntime? = r
            while let c = current {
                guard let name = c.cell.name else { return nil }
                parts.insert(name, at: 0)
                current = c.parent.map { cells[$0] }
            }
            return parts.joined(separator: ".")
        }
    }

    // MARK: - Counters

    /// The counters of `cell` (a model cell or a presentation copy of one), or nil when it is not a
    /// cell of this emitter.
    public func counters(for cell: CAEmitterCell) -> ParticleCounters? {
        runtime(of: cell)?.counters
    }

    /// The counters of the cell at a dotted name path (`"rocket.burst.spark"`).
    public func counters(forCellNamed namePath: String) throws -> ParticleCounters {
        try runtime(named: namePath).counters
    }

    /// The counters summed over all cells.
    public var totals: ParticleCounters {
        cells.reduce(ParticleCounters()) { $0 + $1.counters }
    }

    /// Live particles over all cells.
    public var aliveCount: Int { liveCount }

    /// Bytes allocated for particle storage over all cells.
    public var storageBytes: Int { cells.reduce(0) { $0 + $1.store.bytesAllocated } }
}
