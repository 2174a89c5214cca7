// MARK: - Batch motion

/// The motion, death time and lifetime of a batch of births (`BirthWriter.addLayerBatch`) in one pass,
/// four births at a time: each birth's time, age, speed and lifetime are loaded or computed once for
/// every value that needs them, where separate passes per column reloaded them from scratch memory.
///
/// Every value takes the operations `BirthWriter.add` gives it, in the same order, lane by lane (no
/// fused multiply-adds), so the results are bit for bit those of births written one at a time. The
/// vectors are explicit because a loop over this many streams does not vectorise by itself: the
/// compiler gives up proving that they do not overlap.
struct BatchMotion {
    /// The clock time births are aged to, and the epoch death times count from (seconds).
    var endTime: Double, epoch: Double
    /// Cosine and sine of the emission latitude.
    var latitudeCos: Double, latitudeSin: Double
    /// Acceleration, points per second².
    var ax: Double, ay: Double, az: Double
    /// Speed and lifetime as (mean, range, multiplier): `(mean + range·s) × multiplier` for signed draw s.
    var speed: (Float, Float, Float), life: (Float, Float, Float)

    /// Per-birth inputs, birth j at index j of each.
    struct Inputs {
        /// Birth times (clock seconds).
        var time: UnsafePointer<Double>
        /// Cosine and sine of each birth's emission longitude.
        var cos: UnsafePointer<Double>, sin: UnsafePointer<Double>
        /// Each birth's speed and lifetime draws (generator outputs).
        var speedDraws: UnsafePointer<UInt32>, lifeDraws: UnsafePointer<UInt32>
    }

    /// Where birth j's values go, at index j of each.
    struct Outputs {
        /// Position and velocity on x and y (points, points per second), death time (seconds after the
        /// epoch) and lifetime (seconds): the store's columns from the batch's first slot.
        var x, vx, y, vy, death, life: UnsafeMutablePointer<Float>
        /// z and vz as stored (a scratch copy: the columns may be shared).
        var z, vz: UnsafeMutablePointer<Float>
    }

    /// What a batch wrote (`summary`), for the writer's counts, death bounds and shared columns.
    struct Summary {
        /// Births whose death time is at least the threshold given (NaN is not).
        var living = 0
        /// The bounds of the batch's death times.
        var deaths = DeathBounds()
        /// Whether every z / every vz has the same bits (a flat batch's do).
        var uniformZ = true, uniformVZ = true
        /// Whether some vz is not zero.
        var movesInZ = false
    }

    /// Four births' results.
    private struct Lanes {
        /// The values `Outputs` names, as stored.
        var x, vx, y, vy, z, vz, death, life: SIMD4<Float>
    }

    /// Whether births starting at depth `z` stay there: every z is `Float(z)` and every vz +0, so a
    /// batch need not compute them (`write(flat: true)`). Holds when nothing can move them or change a
    /// zero's sign: the latitude's sine is ±0, az is +0 (so az·age and az·½age² are +0), z is finite
    /// and not −0 (z + ±0 + +0 is z), the end time is finite and not −0 (an age is +0 or positive,
    /// never −0), and every speed is finite (v0z = ±0 · speed is ±0): |speed| is at most
    /// (|mean| + |range|)·|multiplier| up to two roundings. Ages must be finite too, and ½age²: `write`
    /// checks that per batch.
    func staysFlat(atDepth z: Double) -> Bool {
        let bound = (Double(speed.0.magnitude) + Double(speed.1.magnitude)) * Double(speed.2.magnitude)
        return latitudeSin == 0 && az.bitPattern == 0 && z.isFinite && z.bitPattern != (-0.0).bitPattern
            && endTime.isFinite && endTime.bitPattern != (-0.0).bitPattern && bound < 1e38
    }

    /// Writes births 0..<n starting at `origins`. `Flat` (only where `staysFlat`): z and vz are not
    /// written; returns false if some ½age² was not finite, when z and vz may not be what `staysFlat`
    /// says and the batch must be written again with `Depth`.
    @inline(__always)
    func write<Origins: BatchOrigins, Z: BatchDepth>(
        _ n: Int, from origins: Origins, _ input: Inputs, to out: Outputs,
        _: Z.Type
    ) -> Bool {
        let flat = Z.isFlat
        var highestHalf = SIMD4<Double>()
        var j = 0
        while j &+ 4 <= n {
            let o = origins.vector(j)
            let lanes = compute(
                time: Self.load(input.time, j), x: o.x, y: o.y, z: o.z, cos: Self.load(input.cos, j),
                sin: Self.load(input.sin, j), speedDraws: Self.load(input.speedDraws, j),
                lifeDraws: Self.load(input.lifeDraws, j), flat: flat, highestHalf: &highestHalf)
            Self.store(lanes.x, out.x, j)
            Self.store(lanes.vx, out.vx, j)
            Self.store(lanes.y, out.y, j)
            Self.store(lanes.vy, out.vy, j)
            if !flat {
                Self.store(lanes.z, out.z, j)
                Self.store(lanes.vz, out.vz, j)
            }
            Self.store(lanes.death, out.death, j)
            Self.store(lanes.life, out.life, j)
            j &+= 4
        }
        if j < n {
            // The last births, in one more vector whose spare lanes repeat the last birth.
            var time = SIMD4<Double>()
            var x = time
            var y = time
            var z = time
            var cos = time
            var sin = time
            var speedDraws = SIMD4<UInt32>()
            var lifeDraws = speedDraws
            for lane in 0..<4 {
                let i = min(j &+ lane, n &- 1)
                let o = origins.scalar(i)
                (time[lane], x[lane], y[lane], z[lane]) = (input.time[i], o.x, o.y, o.z)
                (cos[lane], sin[lane]) = (input.cos[i], input.sin[i])
                (speedDraws[lane], lifeDraws[lane]) = (input.speedDraws[i], input.lifeDraws[i])
            }
            let lanes = compute(
                time: time, x: x, y: y, z: z, cos: cos, sin: sin, speedDraws: speedDraws,
                lifeDraws: lifeDraws, flat: flat, highestHalf: &highestHalf)
            for lane in 0..<(n &- j) {
                let i = j &+ lane
                (out.x[i], out.vx[i], out.y[i], out.vy[i]) = (
                    lanes.x[lane], lanes.vx[lane], lanes.y[lane], lanes.vy[lane]
                )
                (out.death[i], out.life[i]) = (lanes.death[lane], lanes.life[lane])
                if !flat { (out.z[i], out.vz[i]) = (lanes.z[lane], lanes.vz[lane]) }
            }
        }
        return !flat || highestHalf.max() < .infinity
    }

    /// Four births' values: `BirthWriter.add`'s formulas for speed, lifetime, death time and motion
    /// aged by the rest of the step under constant acceleration (`BirthWriter.aged`); with `flat`, z
    /// and vz are left at zero and the highest ½age² is kept.
    @inline(__always)
    private func compute(
        time: SIMD4<Double>, x: SIMD4<Double>, y: SIMD4<Double>, z: SIMD4<Double>, cos: SIMD4<Double>,
        sin: SIMD4<Double>, speedDraws: SIMD4<UInt32>, lifeDraws: SIMD4<UInt32>, flat: Bool,
        highestHalf: inout SIMD4<Double>
    ) -> Lanes {
        let speed = SIMD4<Double>((self.speed.0 + self.speed.1 * Self.signed(speedDraws)) * self.speed.2)
        let life = (self.life.0 + self.life.1 * Self.signed(lifeDraws)) * self.life.2
        let remaining = endTime - time
        // max(0, remaining): the remaining time where it is ≥ 0, else 0 (NaN included).
        let age = SIMD4<Double>().replacing(with: remaining, where: remaining .>= 0)
        let half = 0.5 * age * age
        let death = SIMD4<Float>(time + SIMD4<Double>(life) - epoch)
        let v0x = latitudeCos * cos * speed
        let v0y = latitudeCos * sin * speed
        var lanes = Lanes(
            x: SIMD4<Float>(x + v0x * age + ax * half), vx: SIMD4<Float>(v0x + ax * age),
            y: SIMD4<Float>(y + v0y * age + ay * half), vy: SIMD4<Float>(v0y + ay * age),
            z: .zero, vz: .zero, death: death, life: life)
        if flat {
            // ½age² is never NaN (age is not), so a maximum taken as below sees every infinity.
            highestHalf.replace(with: half, where: half .> highestHalf)
        } else {
            let v0z = latitudeSin * speed
            lanes.z = SIMD4<Float>(z + v0z * age + az * half)
            lanes.vz = SIMD4<Float>(v0z + az * age)
        }
        return lanes
    }

    /// `PrefetchedDraws.signed` of four outputs. The top 24 bits convert exactly through Int32, and
    /// scaling them by 2⁻²⁴ then 2 is exact, so one multiply by 2⁻²³ gives the same Floats.
    @inline(__always)
    private static func signed(_ w: SIMD4<UInt32>) -> SIMD4<Float> {
        SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: w &>> 8)) * 0x1p-23 - 1
    }

    /// Values j..<j+4 at `p`.
    @inline(__always)
    private static func load<T: SIMDScalar>(_ p: UnsafePointer<T>, _ j: Int) -> SIMD4<T> {
        UnsafeRawPointer(p + j).loadUnaligned(as: SIMD4<T>.self)
    }

    /// `v` to p[j..<j+4].
    @inline(__always)
    private static func store(_ v: SIMD4<Float>, _ p: UnsafeMutablePointer<Float>, _ j: Int) {
        UnsafeMutableRawPointer(p + j).storeBytes(of: v, as: SIMD4<Float>.self)
    }

    // MARK: Summary

    /// The bits set in any lane of `v`.
    @inline(__always)
    private static func bitOr(_ v: SIMD8<UInt32>) -> UInt32 {
        var bits: UInt32 = 0
        for lane in 0..<8 { bits |= v[lane] }
        return bits
    }

    /// The summary of a batch whose death times and, unless it stayed flat, z values were written
    /// (`write`), in one pass eight births at a time: after the motion pass rather than inside it,
    /// where its running values took registers the motion needs, and at twice the width. A flat
    /// batch (`depth` nil) has one z and vz +0.
    static func summary(
        death: UnsafePointer<Float>, depth: (z: UnsafePointer<Float>, vz: UnsafePointer<Float>)?,
        count n: Int, aliveFrom: Float
    ) -> Summary {
        var s = Summary()
        (s.deaths, s.living) = DeathBounds.of(death, count: n, livingFrom: aliveFrom)
        if let depth { (s.uniformZ, s.uniformVZ, s.movesInZ) = Self.depthSummary(depth.z, depth.vz, count: n) }
        return s
    }

    /// Whether every z and every vz has the same bits, and whether some vz is not zero, eight at a time.
    private static func depthSummary(
        _ z: UnsafePointer<Float>, _ vz: UnsafePointer<Float>,
        count n: Int
    ) -> (uniformZ: Bool, uniformVZ: Bool, movesInZ: Bool) {
        let z0 = SIMD8(repeating: z[0].bitPattern)
        let vz0 = SIMD8(repeating: vz[0].bitPattern)
        var zDiffers = SIMD8<UInt32>()
        var vzDiffers = zDiffers
        var vzBits = zDiffers
        var j = 0
        while j &+ 8 <= n {
            let zb = UnsafeRawPointer(z + j).loadUnaligned(as: SIMD8<UInt32>.self)
            let vzb = UnsafeRawPointer(vz + j).loadUnaligned(as: SIMD8<UInt32>.self)
            zDiffers |= zb ^ z0
            vzDiffers |= vzb ^ vz0
            vzBits |= vzb
            j &+= 8
        }
        var zOr = bitOr(zDiffers)
        var vzOr = bitOr(vzDiffers)
        var vzAny = bitOr(vzBits)
        while j < n {
            zOr |= z[j].bitPattern ^ z0[0]
            vzOr |= vz[j].bitPattern ^ vz0[0]
            vzAny |= vz[j].bitPattern
            j &+= 1
        }
        // ±0 have no bit set outside the sign; every other value (NaN included) is not zero.
        return (zOr == 0, vzOr == 0, vzAny & 0x7FFF_FFFF != 0)
    }
}

// MARK: - Depth

/// Whether a batch computes z and vz (`BatchMotion.write`): a type rather than a flag, so each case
/// gets a loop of its own.
protocol BatchDepth {
    /// Whether z and vz are left out (`BatchMotion.staysFlat`).
    static var isFlat: Bool { get }
}

/// z and vz computed per birth.
enum Depth: BatchDepth {
    static var isFlat: Bool { false }
}

/// z and vz not computed: the batch stays at its emitter's depth (`BatchMotion.staysFlat`).
enum Flat: BatchDepth {
    static var isFlat: Bool { true }
}

// MARK: - Origins

/// Where the births of a batch start, four at a time (`BatchMotion.write`).
protocol BatchOrigins {
    /// The start positions of births j..<j+4.
    func vector(_ j: Int) -> (x: SIMD4<Double>, y: SIMD4<Double>, z: SIMD4<Double>)
    /// The start position of birth j.
    func scalar(_ j: Int) -> (x: Double, y: Double, z: Double)
}

/// Every birth at one point: a still emitter whose shape takes no draws.
struct StillOrigin: BatchOrigins {
    /// The point, points.
    var x, y, z: Double

    @inline(__always)
    func vector(_ j: Int) -> (x: SIMD4<Double>, y: SIMD4<Double>, z: SIMD4<Double>) {
        (SIMD4(repeating: x), SIMD4(repeating: y), SIMD4(repeating: z))
    }

    @inline(__always)
    func scalar(_ j: Int) -> (x: Double, y: Double, z: Double) { (x, y, z) }
}

/// Each birth at its own point, from the spawner's scratch.
struct ScratchOrigins: BatchOrigins {
    /// Birth j's start at index j of each, points.
    var x, y, z: UnsafePointer<Double>

    @inline(__always)
    func vector(_ j: Int) -> (x: SIMD4<Double>, y: SIMD4<Double>, z: SIMD4<Double>) {
        (
            UnsafeRawPointer(x + j).loadUnaligned(as: SIMD4<Double>.self),
            UnsafeRawPointer(y + j).loadUnaligned(as: SIMD4<Double>.self),
            UnsafeRawPointer(z + j).loadUnaligned(as: SIMD4<Double>.self)
        )
    }

    @inline(__always)
    func scalar(_ j: Int) -> (x: Double, y: Double, z: Double) { (x[j], y[j], z[j]) }
}
