import EmitterKit

// MARK: - Darwin's time constants

// iOS code computes dispatch deadlines with the constants Darwin's headers define (`DispatchTime.now() +
// Double(Int64(duration * Float(NSEC_PER_SEC))) / Double(NSEC_PER_SEC)`); Glibc has none of them.

/// Nanoseconds per second: 1 000 000 000.
public let NSEC_PER_SEC: UInt64 = 1_000_000_000
/// Nanoseconds per millisecond: 1 000 000.
public let NSEC_PER_MSEC: UInt64 = 1_000_000
/// Nanoseconds per microsecond: 1 000.
public let NSEC_PER_USEC: UInt64 = 1_000
/// Microseconds per second: 1 000 000.
public let USEC_PER_SEC: UInt64 = 1_000_000
