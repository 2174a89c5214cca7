import Foundation
import LayerKit

/// Reads a cell's `contentsFrames` (docs/SceneFormat.md, "Flipbooks"): `{"columns": 4, "rows": 4,
/// "frameCount": 16, "framesPerSecond": 30, "overLife": false, "loop": true, "randomStartFrame": false}`,
/// `columns` and `rows` required. Each problem is reported at the key it concerns.
extension DecodingContext {
    /// The flipbook of `f` as key-value coding holds it (`ParticleFlipbook`'s flat list); nil after
    /// reporting.
    func flipbook(_ f: Field) -> LayerValue? {
        guard let obj = object(f, "a flipbook") else { return nil }
        rejectUnknownKeys(obj, allowed: SceneKeyTables.contentsFrames, in: "a flipbook")
        let grid = ParticleFlipbook.gridLimits
        var ok = true
        func required(_ key: String) -> Int? {
            guard let v = obj[key] else {
                missing(key, in: obj, "\"columns\": 4, \"rows\": 4")
                ok = false
                return nil
            }
            guard let n = integer(v, grid) else {
                ok = false
                return nil
            }
            return n
        }
        let columns = required("columns")
        let rows = required("rows")
        var frameCount: Int?
        if let v = obj["frameCount"] {
            let most = (columns ?? grid.upperBound) * (rows ?? grid.upperBound)
            if let n = integer(v, 1...(grid.upperBound * grid.upperBound)) {
                if n > most {
                    error(
                        v,
                        "\"frameCount\" must be at most columns × rows = \(most), got \(n); leave it out to play every frame"
                    )
                    ok = false
                } else {
                    frameCount = n
                }
            } else {
                ok = false
            }
        }
        var fps = 30.0
        if let v = obj["framesPerSecond"] {
            if let x = number(v, .range(0, ParticleFlipbook.maximumFramesPerSecond)) { fps = x } else { ok = false }
        }
        func flag(_ key: String, _ fallback: Bool) -> Bool {
            guard let v = obj[key] else { return fallback }
            guard let b = bool(v) else {
                ok = false
                return fallback
            }
            return b
        }
        let overLife = flag("overLife", false)
        let loop = flag("loop", true)
        let random = flag("randomStartFrame", false)
        guard ok, let columns, let rows else { return nil }
        do {
            let book = try ParticleFlipbook(
                columns: columns, rows: rows, frameCount: frameCount, framesPerSecond: fps, overLife: overLife,
                loop: loop, randomStartFrame: random)
            return .numbers([
                Double(book.columns), Double(book.rows), Double(book.frameCount), book.framesPerSecond,
                book.overLife ? 1 : 0, book.loop ? 1 : 0, book.randomStartFrame ? 1 : 0,
            ])
        } catch {
            self.error(f, "\(error)")
            return nil
        }
    }
}
