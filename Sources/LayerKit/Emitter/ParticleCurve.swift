import Foundation

// MARK: - Interpolation

/// How a curve over a particle's life goes from one stop to the next (docs/Particles.md, "Effects").
public enum ParticleCurveInterpolation: String, CaseIterable, Sendable {
    /// Straight lines between the stops (the default).
    case linear
    /// A monotone cubic through the stops (Fritsch–Butland tangents): smooth, and never beyond the values
    /// of the two stops it joins (no overshoot).
    case smooth
    /// Each stop's value holds until the next stop.
    case step
}

// MARK: - Errors

/// Why a list of stops is not a curve; `description` names the stop and the fix.
public struct ParticleCurveError: Error, Equatable, CustomStringConvertible {
    /// The message.
    public let description: String
}

// MARK: - Value curve

/// A number as a function of a particle's life fraction t (age ÷ lifetime, 0…1): the shape of
/// `alphaOverLife`, `scaleOverLife`, `spinOverLife` and `speedOverLife`.
///
/// 2–16 stops `(t, value)`, t strictly increasing from exactly 0 to exactly 1, finite values. Evaluated
/// in Float arithmetic on the stored stops, so equal inputs give bit-identical values on every machine.
public struct ParticleValueCurve: Equatable, Sendable {
    /// Fewest and most stops a curve may have.
    public static let stopCountLimits = 2...16

    /// Life fractions of the stops, 0…1, strictly increasing, first 0, last 1.
    public let times: [Float]
    /// The values at the stops.
    public let values: [Float]
    /// How the curve goes between stops. Default `.linear`.
    public let interpolation: ParticleCurveInterpolation
    /// Tangents (value per unit of t) at the stops for `.smooth`; the secants' slopes otherwise.
    let tangents: [Float]
    /// ∫₀^tₖ value dt at each stop (for spin over life).
    let integrals: [Float]
    /// The same curve in fixed-size storage, for evaluation per particle without allocation or reference
    /// counting (`value(at:)` and `integral(to:)` are its).
    public let kernel: ParticleCurveKernel

    /// A curve through `stops` [(t, value)], validated as the type documents.
    public init(stops: [(t: Double, value: Double)], interpolation: ParticleCurveInterpolation = .linear) throws {
        try Self.validate(times: stops.map(\.t), valuesFinite: stops.map(\.value).allSatisfy(\.isFinite))
        times = stops.map { Float($0.t) }
        values = stops.map { Float($0.value) }
        self.interpolation = interpolation
        tangents = Self.tangents(times, values, interpolation)
        var sums: [Float] = [0]
        for k in 0..<(times.count - 1) {
            sums.append(sums[k] + Self.segmentIntegral(k, 1, times, values, tangents, interpolation))
        }
        integrals = sums
        kernel = ParticleCurveKernel(
            times: times, values: values, tangents: tangents, integrals: sums, interpolation: interpolation)
    }

    /// Checks the stop times (and that every value is finite); throws with the stop and the fix.
    static func validate(times: [Double], valuesFinite: Bool) throws {
        guard stopCountLimits.contains(times.count) else {
            throw ParticleCurveError(description: "expected 2…16 stops, got \(times.count)")
        }
        guard times.allSatisfy(\.isFinite), valuesFinite else {
            throw ParticleCurveError(description: "stop times and values must be finite")
        }
        guard times.first == 0 else {
            throw ParticleCurveError(description: "the first stop must be at t = 0, got \(times[0])")
        }
        for k in 1..<times.count where !(times[k] > times[k - 1]) {
            throw ParticleCurveError(
                description:
                    "stop times must increase strictly: stop \(k) is at t = \(times[k]) after \(times[k - 1])")
        }
        guard times.last == 1 else {
            throw ParticleCurveError(description: "the last stop must be at t = 1, got \(times[times.count - 1])")
        }
    }

    /// The value at life fraction `t` (clamped to 0…1).
    @inlinable
    public func value(at t: Float) -> Float { kernel.value(at: t) }

    /// ∫₀ᵗ value(u) du for life fraction `t` (clamped to 0…1): how far spin over life has turned a
    /// particle, in units of spin × lifetime.
    @inlinable
    public func integral(to t: Float) -> Float { kernel.integral(to: t) }

    /// ∫ over the first fraction s of segment k.
    private static func segmentIntegral(
        _ k: Int, _ s: Float, _ times: [Float], _ values: [Float], _ tangents: [Float],
        _ interpolation: ParticleCurveInterpolation
    ) -> Float {
        let h = times[k + 1] - times[k]
        let y0 = values[k]
        let y1 = values[k + 1]
        switch interpolation {
        case .linear: return h * (y0 * s + (y1 - y0) * s * s / 2)
        case .step: return h * (s >= 1 ? y0 : y0 * s)
        case .smooth:
            let s2 = s * s
            let s3 = s2 * s
            let s4 = s3 * s
            let i00 = s - s3 + s4 / 2
            let i10 = s2 / 2 - 2 * s3 / 3 + s4 / 4
            let i01 = s3 - s4 / 2
            let i11 = -s3 / 3 + s4 / 4
            return h * (y0 * i00 + h * tangents[k] * i10 + y1 * i01 + h * tangents[k + 1] * i11)
        }
    }

    /// Fritsch–Butland tangents for `.smooth` (0 at a local extremum, a weighted harmonic mean of the
    /// neighbouring slopes elsewhere, the secant at the ends): each lies within 0…3 times the slope of
    /// each segment it touches, so every segment is monotone and no value passes its stops.
    private static func tangents(
        _ t: [Float], _ y: [Float], _ interpolation: ParticleCurveInterpolation
    ) -> [Float] {
        let n = t.count
        var slope: [Float] = []
        for k in 0..<(n - 1) { slope.append((y[k + 1] - y[k]) / (t[k + 1] - t[k])) }
        guard interpolation == .smooth else { return slope + [slope[n - 2]] }
        var m = [Float](repeating: 0, count: n)
        m[0] = slope[0]
        m[n - 1] = slope[n - 2]
        for k in 1..<(n - 1) {
            let d0 = slope[k - 1]
            let d1 = slope[k]
            guard d0 * d1 > 0 else { continue }
            let h0 = t[k] - t[k - 1]
            let h1 = t[k + 1] - t[k]
            let w0 = 2 * h1 + h0
            let w1 = h1 + 2 * h0
            m[k] = (w0 + w1) / (w0 / d0 + w1 / d1)
        }
        return m
    }

    /// The curve as key-value coding holds it: `[interpolation index, t₀, v₀, t₁, v₁, …]`.
    var flattened: [Double] {
        var list = [Double(ParticleCurveInterpolation.allCases.firstIndex(of: interpolation) ?? 0)]
        for (t, v) in zip(times, values) { list += [Double(t), Double(v)] }
        return list
    }

    /// A curve from its key-value form (`flattened`).
    init(flattened list: [Double]) throws {
        guard list.count >= 1, list.count % 2 == 1, let mode = Self.interpolation(list[0]) else {
            throw ParticleCurveError(description: "expected [interpolation, t, value, t, value, …]")
        }
        let pairs = stride(from: 1, to: list.count, by: 2).map { (t: list[$0], value: list[$0 + 1]) }
        try self.init(stops: pairs, interpolation: mode)
    }

    static func interpolation(_ index: Double) -> ParticleCurveInterpolation? {
        let all = ParticleCurveInterpolation.allCases
        guard index.isFinite, index >= 0, index < Double(all.count), index.rounded() == index else { return nil }
        return all[Int(index)]
    }
}

// MARK: - Colour curve

/// A colour as a function of a particle's life fraction t: the shape of `colorOverLife`. Stops are
/// interpolated premultiplied, component by component (as gradients are, docs/Design.md §3.13), with the
/// curve's interpolation; the result is returned straight (not premultiplied) to multiply the
/// particle's own colour.
public struct ParticleColorCurve: Equatable, Sendable {
    /// Life fractions of the stops, 0…1, strictly increasing, first 0, last 1.
    public var times: [Float] { alpha.times }
    /// The colours at the stops (components 0…1).
    public let colors: [CGColor]
    /// How the curve goes between stops. Default `.linear`.
    public var interpolation: ParticleCurveInterpolation { alpha.interpolation }
    /// Premultiplied red, green, blue and alpha as value curves.
    let red: ParticleValueCurve, green: ParticleValueCurve, blue: ParticleValueCurve, alpha: ParticleValueCurve

    /// A curve through `stops` [(t, colour)], validated as `ParticleValueCurve` documents; components
    /// must lie in 0…1.
    public init(stops: [(t: Double, color: CGColor)], interpolation: ParticleCurveInterpolation = .linear) throws {
        try ParticleValueCurve.validate(times: stops.map(\.t), valuesFinite: true)
        for (k, stop) in stops.enumerated() {
            let c = [stop.color.red, stop.color.green, stop.color.blue, stop.color.alpha]
            guard c.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 1 }) else {
                throw ParticleCurveError(description: "colour components must lie in 0…1 (stop \(k))")
            }
        }
        colors = stops.map(\.color)
        func curve(_ component: (CGColor) -> CGFloat) throws -> ParticleValueCurve {
            try ParticleValueCurve(
                stops: stops.map { (t: $0.t, value: Double(component($0.color) * $0.color.alpha)) },
                interpolation: interpolation)
        }
        red = try curve(\.red)
        green = try curve(\.green)
        blue = try curve(\.blue)
        alpha = try ParticleValueCurve(
            stops: stops.map { (t: $0.t, value: Double($0.color.alpha)) }, interpolation: interpolation)
    }

    /// The premultiplied red, green, blue and alpha curves in fixed-size storage.
    public var kernels: ParticleColorKernel {
        ParticleColorKernel(red: red.kernel, green: green.kernel, blue: blue.kernel, alpha: alpha.kernel)
    }

    /// The straight colour (red, green, blue, alpha; 0…1) at life fraction `t`: the premultiplied
    /// interpolation divided by its alpha (black where alpha is 0).
    public func color(at t: Float) -> SIMD4<Float> { kernels.color(at: t) }

    /// The curve as key-value coding holds it: `[interpolation index, t₀, r₀, g₀, b₀, a₀, t₁, …]`.
    var flattened: [Double] {
        var list = [Double(ParticleCurveInterpolation.allCases.firstIndex(of: interpolation) ?? 0)]
        for (t, c) in zip(times, colors) {
            list += [Double(t), Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha)]
        }
        return list
    }

    /// A curve from its key-value form (`flattened`).
    init(flattened list: [Double]) throws {
        guard list.count >= 1, (list.count - 1) % 5 == 0, let mode = ParticleValueCurve.interpolation(list[0]) else {
            throw ParticleCurveError(description: "expected [interpolation, t, red, green, blue, alpha, t, …]")
        }
        guard list.allSatisfy(\.isFinite) else {
            throw ParticleCurveError(description: "stop times and values must be finite")
        }
        var stops: [(t: Double, color: CGColor)] = []
        for k in stride(from: 1, to: list.count, by: 5) {
            let r = CGFloat(list[k + 1])
            let g = CGFloat(list[k + 2])
            let b = CGFloat(list[k + 3])
            let a = CGFloat(list[k + 4])
            stops.append((t: list[k], color: CGColor(red: r, green: g, blue: b, alpha: a)))
        }
        try self.init(stops: stops, interpolation: mode)
    }
}

// MARK: - Kernels

/// A value curve in fixed-size storage (at most 16 stops, padded), evaluated without allocation or
/// reference counting: what the simulation reads per particle. The arithmetic of
/// `ParticleValueCurve.value(at:)` and `integral(to:)`, which call it.
@frozen
public struct ParticleCurveKernel: Equatable, Sendable {
    /// Stop times; beyond the last stop +∞.
    @usableFromInline let times: SIMD16<Float>
    /// The interior stop times (stops 1 … n − 2), +∞ elsewhere: how many lie at or below t is t's segment.
    @usableFromInline let interior: SIMD16<Float>
    @usableFromInline let values: SIMD16<Float>, tangents: SIMD16<Float>, integrals: SIMD16<Float>
    /// 0 linear, 1 smooth, 2 step.
    @usableFromInline let mode: UInt8

    init(
        times: [Float], values: [Float], tangents: [Float], integrals: [Float],
        interpolation: ParticleCurveInterpolation
    ) {
        func pad(_ list: [Float], _ fill: Float) -> SIMD16<Float> {
            var v = SIMD16<Float>(repeating: fill)
            for (k, x) in list.enumerated() { v[k] = x }
            return v
        }
        self.times = pad(times, .infinity)
        var inner = SIMD16<Float>(repeating: .infinity)
        for k in 1..<(times.count - 1) { inner[k] = times[k] }
        interior = inner
        self.values = pad(values, 0)
        self.tangents = pad(tangents, 0)
        self.integrals = pad(integrals, 0)
        mode = interpolation == .linear ? 0 : interpolation == .smooth ? 1 : 2
    }

    /// The constant 1 (two stops): what a curve that is not set multiplies by.
    public static let one = ParticleCurveKernel(
        times: [0, 1], values: [1, 1], tangents: [0, 0], integrals: [0, 1], interpolation: .linear)

    /// The segment k (stops k, k + 1) holding `t`, and the fraction s of it.
    @inlinable @inline(__always)
    func segment(_ t: Float) -> (Int, Float) {
        let u = t.isNaN ? 0 : min(max(t, 0), 1)
        // The count of interior stops at or below u, by a scan from the first: they increase and are
        // followed by +∞, so the scan stops there. A vector compare and sum gives the same count but
        // builds its mask one lane at a time through memory (a store-forwarding stall per lane).
        var k = 0
        while k < 14, interior[k &+ 1] <= u { k &+= 1 }
        let s = (u - times[k]) / (times[k + 1] - times[k])
        return (k, min(max(s, 0), 1))
    }

    /// The value at life fraction `t` (clamped to 0…1).
    @inlinable @inline(__always)
    public func value(at t: Float) -> Float {
        let (k, s) = segment(t)
        return value(k, s)
    }

    /// The value at fraction `s` of segment `k` (`segment(_:)`).
    @inlinable @inline(__always)
    func value(_ k: Int, _ s: Float) -> Float {
        let y0 = values[k]
        let y1 = values[k + 1]
        switch mode {
        case 0: return y0 + (y1 - y0) * s
        case 2: return s >= 1 ? y1 : y0
        default:
            let h = times[k + 1] - times[k]
            let s2 = s * s
            let s3 = s2 * s
            let h00 = 2 * s3 - 3 * s2 + 1
            let h10 = s3 - 2 * s2 + s
            let h01 = -2 * s3 + 3 * s2
            let h11 = s3 - s2
            return h00 * y0 + h10 * h * tangents[k] + h01 * y1 + h11 * h * tangents[k + 1]
        }
    }

    /// ∫₀ᵗ value(u) du for life fraction `t` (clamped to 0…1).
    @inlinable @inline(__always)
    public func integral(to t: Float) -> Float {
        let (k, s) = segment(t)
        return integrals[k] + partial(k, s)
    }

    /// ∫ over the first fraction s of segment k.
    @inlinable @inline(__always)
    func partial(_ k: Int, _ s: Float) -> Float {
        let h = times[k + 1] - times[k]
        let y0 = values[k]
        let y1 = values[k + 1]
        switch mode {
        case 0: return h * (y0 * s + (y1 - y0) * s * s / 2)
        case 2: return h * (s >= 1 ? y0 : y0 * s)
        default:
            let s2 = s * s
            let s3 = s2 * s
            let s4 = s3 * s
            let i00 = s - s3 + s4 / 2
            let i10 = s2 / 2 - 2 * s3 / 3 + s4 / 4
            let i01 = s3 - s4 / 2
            let i11 = -s3 / 3 + s4 / 4
            return h * (y0 * i00 + h * tangents[k] * i10 + y1 * i01 + h * tangents[k + 1] * i11)
        }
    }
}

/// A colour curve's premultiplied components as kernels (`ParticleColorCurve.color(at:)` is its).
@frozen
public struct ParticleColorKernel: Equatable, Sendable {
    @usableFromInline let red: ParticleCurveKernel, green: ParticleCurveKernel, blue: ParticleCurveKernel
    @usableFromInline let alpha: ParticleCurveKernel

    /// Opaque white at every t: what a colour curve that is not set multiplies by.
    public static let one = ParticleColorKernel(red: .one, green: .one, blue: .one, alpha: .one)

    init(red: ParticleCurveKernel, green: ParticleCurveKernel, blue: ParticleCurveKernel, alpha: ParticleCurveKernel) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    /// The straight colour (red, green, blue, alpha; 0…1) at life fraction `t`.
    @inlinable @inline(__always)
    public func color(at t: Float) -> SIMD4<Float> {
        // The four components share their stop times, so one segment serves them all.
        let (k, s) = alpha.segment(t)
        let a = min(max(alpha.value(k, s), 0), 1)
        guard a > 0 else { return .zero }
        let rgb = SIMD3(red.value(k, s), green.value(k, s), blue.value(k, s)) / a
        let c = rgb.clamped(lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 1))
        return SIMD4(c.x, c.y, c.z, a)
    }
}
