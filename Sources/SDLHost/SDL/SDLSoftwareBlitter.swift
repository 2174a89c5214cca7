import CSDL2
import Foundation

/// SDL2's software blitter over pixels the caller owns: tinted 32-bit sprites drawn into a 32-bit target
/// with `SDL_BlitSurface`, as a program that composites with SDL alone would. The compositor's sprite
/// benchmark measures against it, so it is package API (benchmarks use it, games have no need for it),
/// and SDL's names stay inside SDLHost.
///
/// Both surfaces use R, G, B, A bytes in memory with straight (not premultiplied) alpha: SDL blends
/// straight colours.
package final class SDLSoftwareBlitter {
    /// Why SDL refused to make the software surfaces.
    package struct SurfaceError: Error, CustomStringConvertible {
        /// SDL's message.
        package let reason: String

        /// The message, with what to check.
        package var description: String {
            "SDL could not create software surfaces: \(reason). Check the sizes and that libSDL2 loads."
        }
    }

    private let target: UnsafeMutablePointer<SDL_Surface>
    private let sprite: UnsafeMutablePointer<SDL_Surface>

    /// SDL's name for "R, G, B, A bytes in memory" (its packed formats are named by the 32-bit word).
    #if _endian(little)
        private static let rgbaBytes = UInt32(SDL_PIXELFORMAT_ABGR8888.rawValue)
    #else
        private static let rgbaBytes = UInt32(SDL_PIXELFORMAT_RGBA8888.rawValue)
    #endif

    /// Wraps `targetPixels` (`targetWidth` × `targetHeight` pixels, rows packed) and `spritePixels`
    /// (`spriteWidth` × `spriteHeight` pixels, 4 bytes each, rows packed) in SDL surfaces without copying;
    /// both must outlive the blitter. `additive` selects `SDL_BLENDMODE_ADD`, otherwise `SDL_BLENDMODE_BLEND`.
    /// - Throws: `SurfaceError` with SDL's reason when a surface cannot be made.
    package init(
        target targetPixels: UnsafeMutablePointer<UInt32>, targetWidth: Int, targetHeight: Int,
        sprite spritePixels: UnsafeMutablePointer<UInt8>, spriteWidth: Int, spriteHeight: Int, additive: Bool
    ) throws {
        guard
            let target = SDL_CreateRGBSurfaceWithFormatFrom(
                targetPixels, Int32(targetWidth), Int32(targetHeight), 32, Int32(targetWidth * 4), Self.rgbaBytes)
        else { throw SurfaceError(reason: SDLSubsystems.lastError()) }
        guard
            let sprite = SDL_CreateRGBSurfaceWithFormatFrom(
                spritePixels, Int32(spriteWidth), Int32(spriteHeight), 32, Int32(spriteWidth * 4), Self.rgbaBytes)
        else {
            let reason = SDLSubsystems.lastError()
            SDL_FreeSurface(target)
            throw SurfaceError(reason: reason)
        }
        self.target = target
        self.sprite = sprite
        SDL_SetSurfaceBlendMode(sprite, additive ? SDL_BLENDMODE_ADD : SDL_BLENDMODE_BLEND)
    }

    deinit {
        SDL_FreeSurface(sprite)
        SDL_FreeSurface(target)
    }

    /// Draws the sprite with its top-left corner at (`x`, `y`) target pixels, its colour multiplied by
    /// `red`, `green`, `blue` and its alpha by `alpha` (0…255 each; SDL's colour and alpha modulation).
    package func blit(x: Int32, y: Int32, red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        SDL_SetSurfaceColorMod(sprite, red, green, blue)
        SDL_SetSurfaceAlphaMod(sprite, alpha)
        var rect = SDL_Rect(x: x, y: y, w: sprite.pointee.w, h: sprite.pointee.h)
        SDL_UpperBlit(sprite, nil, target, &rect)
    }
}
