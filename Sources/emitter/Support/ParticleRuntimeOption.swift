import ArgumentParser
import EmitterKit
import ParticleDesigner

// MARK: - --runtime

extension ParticleDesignerImporter.Runtime: ExpressibleByArgument {}

extension ParticleDesignerImporter.Runtime {
    /// The help of `--runtime` (docs/Import.md, "Which runtime").
    static let optionHelp = ArgumentHelp(
        "The cocos2d runtime a .plist follows: cocos2d (cocos2d-objc v3, Cocos Creator: emissionRate is the rate) or cocos2d-x (emissionRate ignored: the rate is maxParticles ÷ particleLifespan). Default: cocos2d."
    )

    /// Makes `SceneSource` read `.plist` files with this runtime (the commands that load scenes by path).
    func install() {
        let runtime = self
        SceneSource.readers["plist"] = { try ParticleDesignerImporter.loadScene(path: $0, runtime: runtime) }
    }
}
