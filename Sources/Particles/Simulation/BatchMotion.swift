// MARK: - Batch motion

/// The motion, death time and lifetime of a still batch of births (`BirthWriter.addStillBatch`) in one
/// pass, four births at a time: each birth's time, age, speed and lifetime are loaded or computed once
/// for every value that needs them.
///
/// Every value takes the operations `BirthWriter.sample` gives it, in the same order, lane by lane (no
/// fused multiply-adds), so the results are bit for bit those of births written one at a time. The
/// vectors are explicit because a loop over this many streams does not vectorise by itself: the
/// compiler gives up proving that they do not overlap. z and its velocity are not computed: a batch is
/// written only where they provably stay the emitter's depth and +0 (`staysFlat`).
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

    /// Where birth j's values go, at index j of each: the store's columns from the batch's first slot.
    struct Outputs {
        /// Position and velocity on x and y (points, points per second), death time (seconds after the
        /// epoch) and lifetime (seconds).
        var x, vx, y, vy, death, life: UnsafeMutablePointer<Float>
    }

    /// Four births' results.
    private struct Lanes {
        /// The values `Outputs` names, as stored.
        var x, vx, y, vy, death, life: SIMD4<Float>
    }

    /// Whether births at depth `z` aged at most `longestAge` seconds stay there: every z is `Float(z)`
    /// and every vz +0, as `BirthWriter.sample` computes them, so a batch need not compute them. Holds
    /// when nothing can move them or change a zero's sign: the latitude's sine is ±0, az is +0 (so az·age
    /// and az·½age² are +0), z is finite and not −0 (z + ±0 + +0 is z), the end time is finite and not
    /// −0 (an age is +0 or positive, never −0), every speed is finite (v0z = ±0 · speed is ±0): |speed|
    /// is at most (|mean| + |range|)·|multiplier| up to two roundings; and ½age² is finite, checked as
    /// age² so that an age a rounding longer than `longestAge` is covered too.
    func staysFlat(atDepth z: Double, longestAge: Double) -> Bool {
        let bound = (Double(speed.0.magnitude) + Double(speed.1.magnitude)) * Double(speed.2.magnitude)
        return latitudeSin == 0 && az.bitPattern == 0 && z.isFinite && z.bitPattern != (-0.0).bitPattern
            && endTime.isFinite && endTime.bitPattern != (-0.0).bitPattern && bound < 1e38
            && (longestAge * longestAge).isFinite
    }

    /// Writes births 0..<n starting at `origin` (only where `staysFlat`).
    @inline(__always)
    func write(_ n: Int, from origin: (x: Double, y: Double), _ input: Inputs, to out: Outputs) {
        let x = SIMD4<Double>(repeating: origin.x)
        let y = SIMD4<Double>(repeating: origin.y)
        var j = 0
        while j &+ 4 <= n {
            let lanes = compute(
                time: Self.load(input.time, j), x: x, y: y, cos: Self.load(input.cos, j), sin: Self.load(input.sin, j),
                speedDraws: Self.load(input.speedDraws, j), lifeDraws: Self.load(input.lifeDraws, j))
            Self.store(lanes.x, out.x, j)
            Self.store(lanes.vx, out.vx, j)
            Self.store(lanes.y, out.y, j)
            Self.store(lanes.vy, out.vy, j)
            Self.store(lanes.death, out.death, j)
            Self.store(lanes.life, out.life, j)
            j &+= 4
        }
        if j < n {
            // The last births, in one more vector whose spare lanes repeat the last birth.
            var time = SIMD4<Double>()
            var cos = time
            var sin = time
            var speedDraws = SIMD4<UInt32>()
            var lifeDraws = speedDraws
            for lane in 0..<4 {
                let i = min(j &+ lane, n &- 1)
                (time[lane], cos[lane], sin[lane]) = (input.time[i], input.cos[i], input.sin[i])
                (speedDraws[lane], lifeDraws[lane]) = (input.speedDraws[i], input.lifeDraws[i])
            }
            let lanes = compute(
                time: time, x: x, y: y, cos: cos, sin: sin, speedDraws: speedDraws, lifeDraws: lifeDraws)
            for lane in 0..<(n &- j) {
                let i = j &+ lane
                (out.x[i], out.vx[i], out.y[i], out.vy[i]) = (
                    lanes.x[lane], lanes.vx[lane], lanes.y[lane], lanes.vy[lane]
                )
                (out.death[i], out.life[i]) = (lanes.death[lane], lanes.life[lane])
            }
        }
    }

    /// Four births' values: `BirthWriter.sample`'s formulas for speed, lifetime, death time and motion
    /// aged by the rest of the step under constant acceleration (`BirthWriter.aged`).
    @inline(__always)
    private func compute(
        time: SIMD4<Double>, x: SIMD4<Double>, y: SIMD4<Double>, cos: SIMD4<Double>, sin: SIMD4<Double>,
        speedDraws: SIMD4<UInt32>, lifeDraws: SIMD4<UInt32>
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
        return Lanes(
            x: SIMD4<Float>(x + v0x * age + ax * half), vx: SIMD4<Float>(v0x + ax * age),
            y: SIMD4<Float>(y + v0y * age + ay * half), vy: SIMD4<Float>(v0y + ay * age),
            death: death, life: life)
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
}
