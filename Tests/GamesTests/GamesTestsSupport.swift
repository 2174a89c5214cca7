import EmitterTestSupport

/// The golden state hashes of the games' scripted runs (`Golden`).
let goldenHashes = TestSupport.fixturesFolder(of: #filePath) + "/hashes.json"
