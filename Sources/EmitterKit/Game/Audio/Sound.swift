import Foundation

/// A short sound or a piece of music in memory: 32-bit float samples, mono or stereo, at the file's
/// sample rate. Loaded from a WAV file (`Sound(contentsOfFile:)`) or made by code (`Sound(samples:…)`).
///
/// What is supported: RIFF WAVE with PCM samples of 8, 16, 24 or 32 bits or IEEE float samples of 32
/// or 64 bits (plain or `WAVE_FORMAT_EXTENSIBLE`), 1 or 2 channels, 1,000…384,000 samples per second, up
/// to 10 minutes. Not supported: compressed WAV (ADPCM, µ-law, A-law) and other formats; Ogg Vorbis
/// needs a decoder that neither SDL2 nor this package has (convert with `sox in.ogg out.wav`).
public final class Sound: Sendable, CustomStringConvertible {
    /// The sound's name in the played-sounds log: the file's name without its extension, or the name given.
    public let name: String
    /// Samples per second per channel.
    public let sampleRate: Double
    /// 1 (mono) or 2 (stereo, interleaved left, right).
    public let channels: Int
    /// The samples, −1…1, interleaved by channel.
    public let samples: [Float]

    /// Frames (one sample per channel each).
    public var frameCount: Int { samples.count / channels }
    /// Length in seconds.
    public var duration: Double { Double(frameCount) / sampleRate }

    /// Longest sound accepted, seconds.
    public static let maximumDuration = 600.0

    // MARK: - Creating

    /// A sound from samples made by code: `samples` interleaved by channel, −1…1 (louder values are
    /// clipped when mixed).
    /// - Throws: `SoundError.badData` for a channel count other than 1 or 2, a rate outside
    ///   1,000…384,000, a sample count that is not a multiple of the channels, a non-finite sample, or
    ///   more than `maximumDuration` seconds.
    public init(name: String, samples: [Float], channels: Int = 1, sampleRate: Double = 44_100) throws {
        let place = "sound '\(name)'"
        guard channels == 1 || channels == 2 else {
            throw SoundError.badData(place, "\(channels) channels; give 1 (mono) or 2 (stereo)")
        }
        guard sampleRate.isFinite, sampleRate >= 1_000, sampleRate <= 384_000 else {
            throw SoundError.badData(place, "sample rate \(sampleRate); use 1000...384000 samples per second")
        }
        guard samples.count % channels == 0 else {
            throw SoundError.badData(
                place, "\(samples.count) samples do not make whole stereo frames; give an even count")
        }
        guard Double(samples.count / channels) / sampleRate <= Self.maximumDuration else {
            throw SoundError.badData(
                place, "\(Double(samples.count / channels) / sampleRate) s is longer than \(Self.maximumDuration) s")
        }
        if let i = samples.firstIndex(where: { !$0.isFinite }) {
            throw SoundError.badData(place, "sample \(i) is \(samples[i]); every sample must be a finite number")
        }
        self.name = name
        self.samples = samples
        self.channels = channels
        self.sampleRate = sampleRate
    }

    /// A sound from the bytes of a WAV file; `name` names it in errors and in the log.
    /// - Throws: `SoundError.badData` naming the byte offset, what is wrong and what is supported.
    public convenience init(wavData data: Data, name: String) throws {
        let decoded = try WAVCodec.decode(data, name: name)
        try self.init(name: name, samples: decoded.samples, channels: decoded.channels, sampleRate: decoded.sampleRate)
    }

    /// A sound from a WAV file; its name is the file name without the extension.
    /// - Throws: `SoundError.fileNotFound` or `.unreadable` naming the path, `SoundError.badData` naming
    ///   the file, the byte offset and the problem.
    public convenience init(contentsOfFile path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else { throw SoundError.fileNotFound(path) }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw SoundError.unreadable(path, error.localizedDescription)
        }
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        do {
            try self.init(wavData: data, name: name)
        } catch SoundError.badData(_, let problem) {
            throw SoundError.badData(path, problem)
        }
    }

    // MARK: - Writing

    /// The sound as a 16-bit PCM WAV file.
    public func wavData() -> Data {
        WAVCodec.encode16(samples, channels: channels, sampleRate: Int(sampleRate.rounded()))
    }

    /// `explosion (0.80 s, 1 ch, 22050 Hz)`.
    public var description: String {
        "\(name) (\(String(format: "%.2f", duration)) s, \(channels) ch, \(Int(sampleRate)) Hz)"
    }
}

/// Why a sound could not be loaded. Each message names the file, the place and the fix.
public enum SoundError: Error, Equatable, CustomStringConvertible {
    /// No file at the path.
    case fileNotFound(String)
    /// The file exists but could not be read.
    case unreadable(String, String)
    /// The bytes are not a supported WAV file: the file or sound, and the problem.
    case badData(String, String)

    /// The message.
    public var description: String {
        switch self {
        case .fileNotFound(let path):
            return "\(path): no such sound file; check the path (relative paths start at the working directory)"
        case .unreadable(let path, let reason): return "\(path): cannot read the file: \(reason)"
        case .badData(let place, let problem): return "\(place): \(problem)"
        }
    }
}
