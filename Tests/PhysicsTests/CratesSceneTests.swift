import EmitterTestSupport
import Foundation
import LayerKit
import Testing

@testable import Physics

/// The book's crates demo (S6): Chipmunk with a fixed 1/120 s step.
@Suite struct CratesSceneTests {
    @Test func cratesComeToRestInsideTheWalls() throws {
        let scene = try CratesScene()
        _ = try scene.run(fps: 60, seconds: 12)
        for crate in scene.crates {
            for shape in crate.shapes {
                let bb = shape.boundingBox
                #expect(
                    bb.minX >= -0.5 && bb.maxX <= 320.5 && bb.minY >= -0.5 && bb.maxY <= 480.5,
                    "crate #\(crate.id) at \(crate.position) has bounds \(bb), outside the 320 × 480 walls (step \(scene.world.stepCount))"
                )
            }
            let v = crate.velocity
            #expect(
                hypot(v.dx, v.dy) < 2 && abs(crate.angularVelocity) < 0.05,
                "crate #\(crate.id) still moves at \(v), spin \(crate.angularVelocity) after 12 s")
        }
        // At rest means resting on something: every crate is in the lower part of the box.
        #expect(scene.crates.allSatisfy { $0.position.y > 300 }, "crates at \(scene.crates.map(\.position))")
    }

    @Test func twoStepsPerSixtyHertzFrame() throws {
        let scene = try CratesScene()
        let steps = try scene.run(fps: 60, seconds: 1)
        #expect(steps.allSatisfy { $0 == 2 }, "steps per frame: \(Set(steps))")
        #expect(scene.world.stepCount == 120)
    }

    @Test func stateHashIsIdenticalAtThirtySixtyAndOneFortyFourFramesPerSecond() throws {
        var hashes: [Int: String] = [:]
        for fps in [30, 60, 144] {
            let scene = try CratesScene()
            _ = try scene.run(fps: fps, seconds: 3)
            #expect(scene.world.stepCount == 360, "fps \(fps): \(scene.world.stepCount) steps")
            hashes[fps] = scene.world.stateHash
        }
        #expect(Set(hashes.values).count == 1, "state hashes after 3 s by frame rate: \(hashes)")
    }

    @Test func runsAreBitIdentical() throws {
        let a = try CratesScene()
        let b = try CratesScene()
        _ = try a.run(fps: 60, seconds: 2)
        _ = try b.run(fps: 60, seconds: 2)
        #expect(
            a.world.stateHash == b.world.stateHash, "hash \(a.world.stateHash) vs \(b.world.stateHash) after 240 steps")
    }

    @Test func goldenStateHashAfterTwoSeconds() throws {
        // The golden is recorded from an inspected run (crates falling, bouncing, settling at 240 steps);
        // it fails when the scene, the stepping or the hash order changes.
        let scene = try CratesScene()
        _ = try scene.run(fps: 60, seconds: 2)
        Golden.expect(
            hash: scene.world.stateHash, named: "crates-world-2s", inTableAt: goldenHashes,
            context: "the crates world after \(scene.world.stepCount) steps at 60 fps")
    }
}
