import LayerKit
import Testing

@testable import Particles

/// `BatchMotion.summary` describes the values a batch wrote: the living are the death
/// times at or after the threshold (never NaN), the bounds are those of the death times that are not
/// NaN, and z is uniform or moving as its values say, whatever the batch's length.
@Suite struct BatchMotionTests {
    @Test func aBatchSummaryCountsTheLivingAndBoundsTheDeathsItWrote() {
        var random = SeededRandom(seed: 8)
        let motion = BatchMotion(
            endTime: 10, epoch: 8, latitudeCos: 0.8, latitudeSin: 0.6, ax: 0, ay: 30, az: 0,
            speed: (50, 20, 1), life: (0.5, 0.5, 1))
        for n in 1..<40 {
            // Births over the last second, a few at the end time (age 0) and one at NaN.
            var time = (0..<n).map { _ in 9 + (Double(random.nextUnitFloat()) * 4).rounded(.down) / 4 + 0.25 }
            if n > 3 { time[n / 3] = .nan }
            let latitudeSin = n % 2 == 0 ? 0.0 : 0.6
            var m = motion
            m.latitudeSin = latitudeSin
            let cos = (0..<n).map { _ in Double(random.nextSignedFloat()) }
            let sin = cos.map { (1 - $0 * $0).squareRoot() }
            let speedDraws = (0..<n).map { _ in random.next32() }
            let lifeDraws = (0..<n).map { _ in random.next32() }
            // The batch reads and writes through pointers that must outlive the calls.
            let doubles = [time, cos, sin].map(Self.copy)
            let draws = [speedDraws, lifeDraws].map(Self.copy)
            // x, vx, y, vy, death, life, z, vz.
            let out = (0..<8).map { _ in UnsafeMutablePointer<Float>.allocate(capacity: n) }
            defer {
                for pointer in doubles { pointer.deallocate() }
                for pointer in draws { pointer.deallocate() }
                for pointer in out { pointer.deallocate() }
            }
            _ = m.write(
                n, from: StillOrigin(x: 1, y: 2, z: 3),
                .init(time: doubles[0], cos: doubles[1], sin: doubles[2], speedDraws: draws[0], lifeDraws: draws[1]),
                to: .init(
                    x: out[0], vx: out[1], y: out[2], vy: out[3], death: out[4], life: out[5], z: out[6], vz: out[7]),
                Depth.self)
            let summary = BatchMotion.summary(
                death: out[4], depth: (UnsafePointer(out[6]), UnsafePointer(out[7])), count: n, aliveFrom: 2)
            let written = out.map { Array(UnsafeBufferPointer(start: $0, count: n)) }
            let deaths = written[4]
            let numbers = deaths.filter { !$0.isNaN }
            let context = "seed 8, \(n) births, deaths \(deaths)"
            #expect(summary.living == deaths.filter { $0 >= 2 }.count, "\(context): \(summary.living) living")
            #expect(
                summary.deaths.lowest == numbers.min() ?? .infinity
                    && summary.deaths.highest == numbers.max() ?? -.infinity,
                "\(context): bounds \(summary.deaths.lowest), \(summary.deaths.highest)")
            #expect(summary.deaths.sawNaN == deaths.contains { $0.isNaN }, "\(context): NaN \(summary.deaths.sawNaN)")
            let z = Set(written[6].map(\.bitPattern))
            let vz = Set(written[7].map(\.bitPattern))
            #expect(
                summary.uniformZ == (z.count == 1) && summary.uniformVZ == (vz.count == 1),
                "\(context): z \(written[6]) uniform \(summary.uniformZ), vz \(written[7]) uniform \(summary.uniformVZ)"
            )
            #expect(
                summary.movesInZ == written[7].contains { $0 != 0 },
                "\(context): vz \(written[7]), moves \(summary.movesInZ)")
            #expect(latitudeSin != 0 || !summary.movesInZ, "\(context): a planar batch does not move in z")
        }
    }

    /// A copy of `values` that lives until deallocated.
    static func copy<T>(_ values: [T]) -> UnsafeMutablePointer<T> {
        let p = UnsafeMutablePointer<T>.allocate(capacity: values.count)
        p.initialize(from: values, count: values.count)
        return p
    }
}
