import Foundation
import LayerKit
import Testing

@testable import Typesetting

@Suite struct FontCatalogTests {
    let dejavu = "/usr/share/fonts/truetype/dejavu/"

    @Test func defaultFontIsDejaVuSans() throws {
        let f = try renderer.resolveFont(nil)
        #expect(f.path == dejavu + "DejaVuSans.ttf" && f.family == "DejaVu Sans", "\(f)")
        #expect(try renderer.layout(TextRequest(string: "x")).font == f)
    }

    @Test func namedFacesResolveByScanningTheFontFolders() throws {
        let cases: [(String, String)] = [
            ("DejaVu Sans Bold", "DejaVuSans-Bold.ttf"), ("DejaVu Sans Mono", "DejaVuSansMono.ttf"),
            ("DejaVu Serif", "DejaVuSerif.ttf"), ("dejavu-sans bold", "DejaVuSans-Bold.ttf"),
            ("DejaVuSans-Bold", "DejaVuSans-Bold.ttf"), ("DejaVu Sans Book", "DejaVuSans.ttf"),
            ("DejaVu Serif Bold Italic", "DejaVuSerif-BoldItalic.ttf"),
            // iOS names map to the DejaVu look-alike.
            ("Helvetica", "DejaVuSans.ttf"), ("HelveticaNeue-Bold", "DejaVuSans-Bold.ttf"),
            ("Menlo", "DejaVuSansMono.ttf"), ("Times New Roman", "DejaVuSerif.ttf"),
        ]
        for (name, file) in cases {
            let f = try renderer.resolveFont(name)
            #expect(f.path == dejavu + file, "\"\(name)\" resolved to \(f)")
        }
        #expect(try renderer.resolveFont(dejavu + "DejaVuSerif.ttf").family == "DejaVu Serif", "a path is a font too")
    }

    @Test func unknownFontIsAnErrorNamingTheFallback() throws {
        #expect(throws: TypesettingError.self) { try renderer.resolveFont("Comic Sans MS") }
        do {
            _ = try renderer.resolveFont("Comic Sans MS")
        } catch {
            let message = "\(error)"
            #expect(
                message.contains("Comic Sans MS") && message.contains("DejaVu Sans") && message.contains("Installed"),
                "\(message)")
        }
        // Drawing still works, in the fallback, with the warning attached.
        let layout = try renderer.layout(
            TextRequest(string: "Hi", font: "Comic Sans MS", size: CGSize(width: 100, height: 50)))
        #expect(layout.font.family == "DejaVu Sans")
        #expect(layout.fontWarning.map { "\($0)".contains("Comic Sans MS") } == true)
    }

    @Test func missingFontFileIsAnError() {
        #expect(throws: TypesettingError.fontFileNotFound(path: "/no/such/font.ttf")) {
            try renderer.resolveFont("/no/such/font.ttf")
        }
    }

    @Test func catalogListsTheInstalledFaces() throws {
        let all = try renderer.availableFonts()
        #expect(all.contains { $0.displayName == "DejaVu Sans Mono Bold" }, "\(all.map(\.displayName))")
        #expect(all.map(\.path) == all.map(\.path).sorted())
    }
}
