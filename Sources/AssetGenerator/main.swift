// emitter-assets: draws every PNG of assets/ (8-bit RGBA, no third-party art) and synthesises the WAV
// sounds of the scroller example from code, deterministically.
//
//   swift run emitter-assets                 writes assets/*.png and Sources/Games/Scroller/Core/Sounds/*.wav
//                                            (run from the package root)
//   swift run emitter-assets --out DIR       writes the PNGs into DIR and the sounds into DIR/sounds instead
//   swift run emitter-assets --list          prints the file names and what each holds
import EmitterKit
import Foundation
import ImageCodec
import LayerKit

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("emitter-assets: \(message)\n".utf8))
    exit(1)
}

var outFolder = "assets"
var soundFolder = "Sources/Games/Scroller/Core/Sounds"
var listOnly = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--out":
        guard let folder = arguments.popFirst(), !folder.isEmpty else {
            fail("--out needs a folder, e.g. --out /tmp/assets")
        }
        outFolder = folder
        soundFolder = folder + "/sounds"
    case "--list":
        listOnly = true
    case "-h", "--help":
        print(
            "usage: emitter-assets [--out DIR] [--list]\nWrites the PNG sprites of assets/ (default folder: ./assets).")
        exit(0)
    default:
        fail("unknown argument '\(argument)'; usage: emitter-assets [--out DIR] [--list]")
    }
}

if listOnly {
    for asset in AssetCatalogue.all { print("\(asset.fileName)\t\(asset.summary)") }
    for sound in SoundArt.all { print("\(sound.fileName)\t\(sound.summary)") }
    exit(0)
}

for folder in [outFolder, soundFolder] {
    do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
        fail("cannot create the folder '\(folder)': \(error.localizedDescription); give a writable folder with --out")
    }
}
for asset in AssetCatalogue.all {
    let path = outFolder + "/" + asset.fileName
    do {
        let image = try asset.make()
        try image.writePNG(to: path)
        print(path)
    } catch {
        fail("\(path): \(error)")
    }
}
for sound in SoundArt.all {
    let path = soundFolder + "/" + sound.fileName
    do {
        try sound.make().wavData().write(to: URL(fileURLWithPath: path))
        print(path)
    } catch {
        fail("\(path): \(error)")
    }
}
