import LayerKit
import Testing

@testable import Particles

/// `DeathBounds.of` describes the death times a batch wrote: the living are those at or after the
/// threshold (never NaN), the bounds are those of the death times that are not NaN, whatever the
/// batch's length (the vector loop and its scalar tail).
@Suite struct DeathBoundsTests {
    @Test func theBoundsAndTheLivingOfABatchAreThoseOfItsDeathTimes() {
        var random = SeededRandom(seed: 8)
        for n in 1..<40 {
            var deaths = (0..<n).map { _ in (random.nextUnitFloat() * 8).rounded(.down) / 4 }
            if n > 3 { deaths[n / 3] = .nan }
            let (bounds, living) = deaths.withUnsafeBufferPointer {
                DeathBounds.of($0.baseAddress!, count: n, livingFrom: 1)
            }
            let numbers = deaths.filter { !$0.isNaN }
            let context = "seed 8, \(n) births, deaths \(deaths)"
            #expect(living == deaths.filter { $0 >= 1 }.count, "\(context): \(living) living")
            #expect(
                bounds.lowest == numbers.min() ?? .infinity && bounds.highest == numbers.max() ?? -.infinity,
                "\(context): bounds \(bounds.lowest), \(bounds.highest)")
            #expect(bounds.sawNaN == deaths.contains { $0.isNaN }, "\(context): NaN \(bounds.sawNaN)")
            #expect(bounds.earliest == (bounds.sawNaN ? -.infinity : bounds.lowest), "\(context): a NaN is never alive")
        }
    }
}
