// MARK: - Internal checks

/// Whether this build checks the module's fast paths against their reference paths as it runs, and
/// traps on any difference: the still batch of births against `BirthWriter.sample`
/// (docs/Particles.md, "Checking the fast path").
///
/// Off in ordinary builds, where the checks compile to nothing. On in a build made with the
/// `EMITTER_INTERNAL_CHECKS` condition, the way swift-collections' `COLLECTIONS_INTERNAL_CHECKS` works:
/// `swift build -Xswiftc -DEMITTER_INTERNAL_CHECKS --scratch-path .build-checks` (a scratch path of its
/// own, so the ordinary build is not rebuilt). `.ci/run` runs the Particles and EmitterKit tests once
/// more so.
enum InternalChecks {
    #if EMITTER_INTERNAL_CHECKS
        /// True: this build checks.
        static let isEnabled = true
    #else
        /// False: this build does not check.
        static let isEnabled = false
    #endif
}
