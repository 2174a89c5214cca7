import CFreeType
import Foundation

/// One FreeType library instance. Faces keep a strong reference to it, so it is freed (FT_Done_Library)
/// only after every face (FT_Done_Face). Not thread-safe on its own: `TextRenderer` serialises access.
///
/// FreeType allocates through this library's own allocator, which counts the blocks it holds: after the
/// library is gone the count must be back to zero (the leak test reads it).
final class FreeTypeLibrary {
    let handle: FT_Library
    private let memory: UnsafeMutablePointer<FT_MemoryRec_>
    /// Blocks FreeType currently holds.
    let blocks: UnsafeMutablePointer<Int>
    private let ownsCounter: Bool

    /// Starts FreeType; `blockCounter`, when given, receives the count of blocks FreeType holds (and must
    /// outlive the library).
    init(blockCounter: UnsafeMutablePointer<Int>? = nil) throws {
        ownsCounter = blockCounter == nil
        blocks =
            blockCounter
            ?? {
                let p = UnsafeMutablePointer<Int>.allocate(capacity: 1)
                p.initialize(to: 0)
                return p
            }()
        memory = .allocate(capacity: 1)
        memory.initialize(
            to: FT_MemoryRec_(
                user: UnsafeMutableRawPointer(blocks),
                alloc: { mem, size in
                    mem?.pointee.user.assumingMemoryBound(to: Int.self).pointee += 1
                    return malloc(max(1, Int(size)))
                },
                free: { mem, block in
                    guard let block else { return }
                    mem?.pointee.user.assumingMemoryBound(to: Int.self).pointee -= 1
                    free(block)
                },
                realloc: { mem, _, newSize, block in
                    if block == nil { mem?.pointee.user.assumingMemoryBound(to: Int.self).pointee += 1 }
                    return realloc(block, max(1, Int(newSize)))
                }))
        var lib: FT_Library?
        let error = FT_New_Library(memory, &lib)
        guard error == 0, let lib else {
            memory.deinitialize(count: 1)
            memory.deallocate()
            if ownsCounter { blocks.deallocate() }
            throw TypesettingError.freeTypeUnavailable(code: error)
        }
        FT_Add_Default_Modules(lib)
        FT_Set_Default_Properties(lib)
        handle = lib
    }

    deinit {
        FT_Done_Library(handle)
        memory.deinitialize(count: 1)
        memory.deallocate()
        if ownsCounter { blocks.deallocate() }
    }

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
