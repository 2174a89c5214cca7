import Foundation
import LayerKit

// MARK: - Cell parameters

/// A cell's property values for one step, with the layer's multipliers folded in (docs/Design.md §3.4) and
/// non-finite values replaced by their defaults. Read from the layer passed to `step`, so live changes
/// and animations take effect at the next step.
struct CellParameters {
    /// Particles per second: cell birthRate × layer birthRate, ≥ 0.
    var birthRate: Double
    /// Mean lifetime and range, seconds (layer lifetime is applied after sampling).
    var lifetime: Float, lifetimeRange: Float
    /// Mean speed and range, points per second.
    var velocity: Float, velocityRange: Float
    /// Mean scale and range.
    var scale: Float, scaleRange: Float
    /// Mean spin and range, radians per second.
    var spin: Float, spinRange: Float
    /// Layer multipliers applied to the sampled values.
    var layerLifetime: Float, layerVelocity: Float, layerScale: Float, layerSpin: Float
    /// Emission angles, radians.
    var longitude: Double, latitude: Double, emissionRange: Double
    /// Acceleration, points per second².
    var ax: Float, ay: Float, az: Float
    /// Mean colour and ranges.
    var red: Float, green: Float, blue: Float, alpha: Float
    var redRange: Float, greenRange: Float, blueRange: Float, alphaRange: Float
    /// Colour change per second.
    var colorSpeed: (Float, Float, Float, Float)
    /// Scale change per second: cell scaleSpeed × layer scale.
    var scaleSpeed: Float
    /// Whether sampled scales below 0 become 0 (the `clampsNegativeScale` extension) instead of mirroring.
    var clampsNegativeScale: Bool
    /// 1 for M ± R, 0.5 for M ± R/2 (docs/Design.md §3.1).
    var rangeFactor: Float
    /// When the cell emits.
    var window: EmissionWindow
    /// Whether the cell's particles are drawn.
    var isEnabled: Bool
    /// The longest lifetime a particle of this cell can get now, seconds (0: none can live).
    var maximumLifetime: Double
    /// The extension properties in use, or nil for a Core Animation cell (docs/Particles.md, "Extensions").
    var extensions: ExtensionParameters?
    /// The effect properties in use, or nil for a cell without effects (docs/Particles.md, "Effects").
    var effects: EffectParameters?

    /// The parameters of `cell` (a model or presentation cell) under `layer`'s multipliers.
    init(cell: CAEmitterCell, layer: CAEmitterLayer) {
        func f(_ v: Float, _ d: Float = 0) -> Float { v.isFinite ? v : d }
        func g(_ v: CGFloat, _ d: Float = 0) -> Float {
            let x = Float(v)
            return x.isFinite ? x : d
        }
        func h(_ v: CGFloat) -> Double {
            let x = Double(v)
            return x.isFinite ? x : 0
        }
        let layerBirthRate = max(0, f(layer.birthRate, 1))
        birthRate = Double(max(0, f(cell.birthRate))) * Double(layerBirthRate)
        lifetime = f(cell.lifetime)
        lifetimeRange = abs(f(cell.lifetimeRange))
        velocity = g(cell.velocity)
        velocityRange = abs(g(cell.velocityRange))
        scale = g(cell.scale, 1)
        scaleRange = abs(g(cell.scaleRange))
        spin = g(cell.spin)
        spinRange = abs(g(cell.spinRange))
        layerLifetime = max(0, f(layer.lifetime, 1))
        layerVelocity = f(layer.velocity, 1)
        layerScale = f(layer.scale, 1)
        layerSpin = f(layer.spin, 1)
        longitude = h(cell.emissionLongitude)
        latitude = h(cell.emissionLatitude)
        emissionRange = h(cell.emissionRange)
        // A huge finite acceleration saturates instead of vanishing: its particles fly off, become
        // non-finite and are removed and counted (docs/Limits.md), as the user would expect.
        func saturated(_ v: CGFloat) -> Float {
            let x = Double(v)
            return x.isFinite
                ? Float(min(max(x, -Double(Float.greatestFiniteMagnitude)), Double(Float.greatestFiniteMagnitude))) : 0
        }
        ax = saturated(cell.xAcceleration)
        ay = saturated(cell.yAcceleration)
        az = saturated(cell.zAcceleration)
        let c = cell.color
        red = g(c.red, 1)
        green = g(c.green, 1)
        blue = g(c.blue, 1)
        alpha = g(c.alpha, 1)
        redRange = abs(f(cell.redRange))
        greenRange = abs(f(cell.greenRange))
        blueRange = abs(f(cell.blueRange))
        alphaRange = abs(f(cell.alphaRange))
        colorSpeed = (f(cell.redSpeed), f(cell.greenSpeed), f(cell.blueSpeed), f(cell.alphaSpeed))
        scaleSpeed = g(cell.scaleSpeed) * layerScale
        clampsNegativeScale = cell.clampsNegativeScale
        rangeFactor = layer.rangeSemantics == .halfWidth ? 0.5 : 1
        window = EmissionWindow(
            beginTime: cell.beginTime, duration: cell.duration, speed: cell.speed,
            timeOffset: cell.timeOffset, repeatCount: cell.repeatCount,
            repeatDuration: cell.repeatDuration, autoreverses: cell.autoreverses,
            fillMode: cell.fillMode)
        isEnabled = cell.isEnabled
        maximumLifetime = Double(max(0, lifetime + lifetimeRange * rangeFactor)) * Double(layerLifetime)
        extensions = ExtensionParameters(cell: cell)
        // Per-particle end values replace the cell's rates (the particles carry their own).
        if extensions?.endColor != nil { colorSpeed = (0, 0, 0, 0) }
        if extensions?.endScale != nil { scaleSpeed = 0 }
        effects = EffectParameters(cell: cell)
        // A curve over life replaces the Core Animation speed of what it shapes.
        if let curves = effects?.curves {
            if curves.hasColor { colorSpeed = (0, 0, 0, 0) }
            if curves.hasAlpha { colorSpeed.3 = 0 }
            if curves.hasScale { scaleSpeed = 0 }
        }
    }

    /// Whether this cell's particles can reach positions or speeds near `Float`'s range within their
    /// lifetime (a huge acceleration, speed or lifetime): the simulation then scans its store for NaN
    /// and infinities after every step (docs/Limits.md). False for every ordinary cell, so the
    /// common case costs nothing.
    var mayOverflow: Bool {
        let a = Double(max(abs(ax), abs(ay), abs(az)))
        let v = Double(abs(velocity) + abs(velocityRange) * rangeFactor) * Double(abs(layerVelocity))
        let t = maximumLifetime
        let reach = 1e18
        return !(a * t + v < reach && 0.5 * a * t * t + v * t < reach)
    }

    /// Whether births can happen at all: a positive rate and a lifetime that can be positive.
    var emits: Bool { birthRate > 0 && maximumLifetime > 0 }
}
