import EmitterKit
import Foundation
import Testing

/// Sprite-sheet animation over `contentsRect`, on the game clock.
@Suite struct SpriteSheetTests {
    @Test func framesRunRowByRowFromTheTopLeft() throws {
        let sheet = try SpriteSheet(columns: 4, rows: 2, frameCount: 7)
        #expect(sheet.contentsRect(ofFrame: 0) == CGRect(x: 0, y: 0, width: 0.25, height: 0.5))
        #expect(sheet.contentsRect(ofFrame: 5) == CGRect(x: 0.25, y: 0.5, width: 0.25, height: 0.5))
        #expect(sheet.contentsRect(ofFrame: 7) == sheet.contentsRect(ofFrame: 0), "wraps around")
        #expect(throws: GameError.self) { try SpriteSheet(columns: 0) }
        #expect(throws: GameError.self) { try SpriteSheet(columns: 2, rows: 2, frameCount: 5) }
        #expect(throws: GameError.self) { try sheet.animation(framesPerSecond: 0) }
    }

    final class Coin: Game {
        let coin = CALayer()
        let sheet: SpriteSheet
        init() throws { sheet = try SpriteSheet(columns: 8) }
        func setUp(_ session: GameSession) throws {
            coin.bounds = CGRect(x: 0, y: 0, width: 16, height: 16)
            coin.position = CGPoint(x: 32, y: 32)
            session.rootLayer.addSublayer(coin)
            try sheet.animate(coin, framesPerSecond: 10.4)
        }
    }

    @Test func theAnimationShowsEachFrameForItsTimeOnTheGameClock() throws {
        for fps in [30.0, 60, 120] {
            let game = try Coin()
            let r = try HeadlessGameRunner(
                game: game, configuration: GameConfiguration(viewSize: CGSize(width: 64, height: 64)),
                framesPerSecond: fps)
            var shown: [Int] = []
            for _ in 0..<10 {
                // Every 0.2 s: 10.4 frames per second × 0.2 s = 2.08 frames on, away from every boundary.
                try r.run(frames: Int(fps / 5))
                let rect = r.withGameClock { game.coin.presentation()?.contentsRect }
                shown.append(Int(((rect?.minX ?? -1) * 8).rounded()))
            }
            #expect(shown == [2, 4, 6, 0, 2, 4, 6, 0, 2, 4], "\(fps) fps: \(shown)")
        }
    }
}
