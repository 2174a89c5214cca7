import CFreeType
import Foundation

/// One FreeType library instance. Faces keep a strong reference to it, so it is freed (FT_Done_FreeType)
/// only after every face (FT_Done_Face). Not thread-safe on its own: `TextRenderer` serialises access.
final class FreeTypeLibrary {
    let handle: FT_Library

    /// Starts FreeType.
    init() throws {
        var lib: FT_Library?
        let error = FT_Init_FreeType(&lib)
        guard error == 0, let lib else { throw TypesettingError.freeTypeUnavailable(code: error) }
        handle = lib
    }

    deinit { FT_Done_FreeType(handle) }

    /// Opens face `index` of the font file at `path`.
    func openFace(path: String, index: Int = 0) throws -> FT_Face {
        var face: FT_Face?
        let error = FT_New_Face(handle, path, index, &face)
        guard error == 0, let face else {
            if !FileManager.default.fileExists(atPath: path) { throw TypesettingError.fontFileNotFound(path: path) }
            throw TypesettingError.unreadableFont(path: path, code: error)
        }
        return face
    }
}

// MARK: - Load flags

/// FreeType's load flags as Swift constants (the C macros are not all importable).
enum FreeTypeFlags {
    /// FT_LOAD_NO_SCALE: metrics in font units.
    static let noScale: Int32 = 1 << 0
    /// FT_LOAD_NO_HINTING: unhinted outlines, as Core Text draws (positions stay proportional to the size).
    static let noHinting: Int32 = 1 << 1
    /// FT_LOAD_NO_BITMAP: never use embedded bitmap strikes.
    static let noBitmap: Int32 = 1 << 3
}
