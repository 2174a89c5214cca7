import EmitterTestSupport

/// The golden state hashes of this target's scene runs (`Golden`).
let goldenHashes = TestSupport.fixturesFolder(of: #filePath) + "/hashes.json"
