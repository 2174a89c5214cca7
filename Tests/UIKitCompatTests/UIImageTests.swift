import EmitterTestSupport
import Foundation
import Testing
import UIKitCompat

/// UIImage: the asset-folder rule of `UIImage(named:)`, data and files, and bad input as nil with a reason.
@Suite struct UIImageTests {
    @Test func namedPrefersTheScreensScaleThenTheLargest() throws {
        let folder = try TestSupport.temporaryFolder("uiimage-scales")
        try writeSolidPNG(folder + "/spark.png", width: 4, height: 4)
        try writeSolidPNG(folder + "/spark@2x.png", width: 8, height: 8)
        try UIImage.withAssetFolders([folder]) {
            // The screen is scale 3 and there is no @3x file: the @2x one, 4 × 4 points.
            let image = try #require(UIImage(named: "spark"))
            #expect(image.scale == 2 && image.size == CGSize(width: 4, height: 4))
            #expect(image.cgImage?.width == 8)
            #expect(UIImage(named: "spark.png")?.scale == 2, "the extension may be written")
            try writeSolidPNG(folder + "/spark@3x.png", width: 12, height: 12)
            #expect(UIImage(named: "spark")?.scale == UIScreen.main.scale)
        }
    }

    @Test func namedFindsImageSetsInAssetCatalogs() throws {
        let folder = try TestSupport.temporaryFolder("uiimage-catalog")
        let set = folder + "/Images.xcassets/Weather/flake.imageset"
        try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
        try writeSolidPNG(set + "/small.png", width: 3, height: 3)
        try writeSolidPNG(set + "/large.png", width: 6, height: 6)
        let contents = """
            {"images": [{"idiom": "universal", "filename": "small.png", "scale": "1x"},
                        {"idiom": "universal", "filename": "large.png", "scale": "2x"},
                        {"idiom": "universal", "scale": "3x"}],
             "info": {"author": "xcode", "version": 1}}
            """
        try Data(contents.utf8).write(to: URL(fileURLWithPath: set + "/Contents.json"))
        let image = try UIImage.withAssetFolders([folder]) { try #require(UIImage(named: "flake")) }
        #expect(image.scale == 2 && image.size == CGSize(width: 3, height: 3), "the 2x entry; the 3x one has no file")
    }

    @Test func aMissingImageIsNilAndSaysWhereItLooked() throws {
        let folder = try TestSupport.temporaryFolder("uiimage-missing")
        var image: UIImage?
        let reports = uikitReports {
            UIImage.withAssetFolders([folder, "relative/place"]) { image = UIImage(named: "nowhere") }
        }
        #expect(image == nil)
        #expect(reports.count == 1, "\(reports)")
        #expect(reports.first?.contains("UIImage(named: \"nowhere\")") == true)
        #expect(reports.first?.contains(folder) == true)
        #expect(reports.first?.contains(FileManager.default.currentDirectoryPath + "/relative/place") == true)
        #expect(throws: UIImage.LookupError.self) {
            try UIImage.withAssetFolders([folder]) { try UIImage.load(named: "nowhere") }
        }
    }

    @Test func corruptAndForeignFilesAreNilWithLibpngsReason() throws {
        let folder = try TestSupport.temporaryFolder("uiimage-corrupt")
        try writeSolidPNG(folder + "/good.png", width: 16, height: 16)
        let good = try Data(contentsOf: URL(fileURLWithPath: folder + "/good.png"))
        try good.prefix(good.count / 2).write(to: URL(fileURLWithPath: folder + "/half.png"))
        try Data("GIF89a not really".utf8).write(to: URL(fileURLWithPath: folder + "/other.png"))
        var results: [UIImage?] = []
        let reports = uikitReports {
            UIImage.withAssetFolders([folder]) {
                results = [UIImage(named: "half"), UIImage(named: "other"), UIImage(named: "good")]
            }
        }
        #expect(results[0] == nil && results[1] == nil && results[2] != nil)
        #expect(reports.count == 2, "\(reports)")
        #expect(reports.contains { $0.contains("half.png") && $0.contains("corrupt") })
        #expect(reports.contains { $0.contains("other.png") && $0.contains("not a PNG") && $0.contains("GIF") })
    }

    @Test func dataAndFilesDecodeOrGiveNil() throws {
        let folder = try TestSupport.temporaryFolder("uiimage-data")
        try writeSolidPNG(folder + "/dot@2x.png", width: 10, height: 6, rgba: (0, 255, 0, 255))
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/dot@2x.png"))
        let fromData = try #require(UIImage(data: data))
        #expect(fromData.scale == 1 && fromData.size == CGSize(width: 10, height: 6))
        #expect(UIImage(data: data, scale: 2)?.size == CGSize(width: 5, height: 3))
        let fromFile = try #require(UIImage(contentsOfFile: folder + "/dot@2x.png"))
        #expect(fromFile.scale == 2 && fromFile.size == CGSize(width: 5, height: 3), "@2x in the name, as on iOS")
        #expect(fromFile.pngData().flatMap { UIImage(data: $0) }?.cgImage?.pixel(x: 0, y: 0).g == 255)
        var bad: [UIImage?] = []
        let reports = uikitReports {
            bad = [
                UIImage(data: Data()), UIImage(data: Data([0x89, 0x50])), UIImage(contentsOfFile: folder + "/no.png"),
            ]
        }
        #expect(bad.allSatisfy { $0 == nil })
        #expect(reports.count == 3 && reports.contains { $0.contains("no.png") && $0.contains("no such file") })
        let empty = UIImage()
        #expect(empty.cgImage == nil && empty.size == .zero && empty.pngData() == nil)
    }

    @Test func anImageBecomesParticleContents() throws {
        let folder = try TestSupport.temporaryFolder("uiimage-cell")
        try writeSolidPNG(folder + "/petal.png", width: 8, height: 8)
        let cell = CAEmitterCell()
        UIImage.withAssetFolders([folder]) { cell.contents = UIImage(named: "petal")?.cgImage }
        #expect(cell.contents?.width == 8)
    }
}
