import Foundation
import Testing

@testable import LayerKit

struct TimingClockTests {
    @Test func currentMediaTimeReadsTheScopedVirtualClock() throws {
        let clock = VirtualMediaClock(startTime: 10)
        CAMediaClock.withClock(clock) {
            #expect(CACurrentMediaTime() == 10)
        }
        try clock.advance(by: 0.5)
        try clock.set(to: 11)
        CAMediaClock.withClock(clock) {
            #expect(CACurrentMediaTime() == 11)
        }
    }

    @Test func virtualClockRefusesToGoBackwardsOrTakeBadSteps() {
        let clock = VirtualMediaClock(startTime: 1)
        #expect(throws: MediaClockError.invalidDelta(-1)) { try clock.advance(by: -1) }
        #expect(throws: MediaClockError.self) { try clock.advance(by: .nan) }
        #expect(throws: MediaClockError.timeWentBackwards(from: 1, to: 0.5)) { try clock.set(to: 0.5) }
        #expect(clock.mediaTime == 1)
        #expect("\(MediaClockError.invalidDelta(-1))".contains("≥ 0"))
    }

    @Test func monotonicClockNeverDecreases() {
        let clock = MonotonicMediaClock()
        var previous = clock.mediaTime
        for _ in 0..<1000 {
            let t = clock.mediaTime
            #expect(t >= previous, "monotonic time went from \(previous) to \(t)")
            previous = t
        }
        #expect(previous > 0)
    }

    @Test func withoutAScopedClockTheInstalledClockIsRead() {
        #expect(CAMediaClock.current === CAMediaClock.installed)
    }
}
