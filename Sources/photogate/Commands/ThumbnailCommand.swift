import ArgumentParser
import Foundation
import ImageDecoding
import TerminalUI

/// `photogate thumbnail`: Write PNG thumbnails of image files.
///
/// `--output` is a folder when it exists as one or ends in `/` (created then): each thumbnail
/// is written into it as `NAME.png`, named after its input. Otherwise it is the one PNG to
/// write, which needs exactly one FILE. A bad file is reported on stderr and the others are
/// still written; each output is written atomically.
struct ThumbnailCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "thumbnail",
    abstract: "Write PNG thumbnails of image files.",
    discussion: """
      Each thumbnail has its long side at --size pixels (aspect kept, never enlarged) and the \
      EXIF orientation applied. --size 0 writes the full-size decode. --output names the PNG \
      for one FILE, or a folder (an existing one, or a path ending in /) that receives \
      NAME.png for each FILE.
      """
  )

  @Argument(help: "Image files (the format is read from the bytes, not the name).")
  var files: [String]

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "The long side in pixels, \(ThumbnailCommand.sizeRange.text); 0 for full size.",
      valueName: "N"))
  var size: Int = 256

  /// `--size`: a thumbnail is never enlarged, so the bound only keeps the number meaningful
  /// (the long side of a 24,000 × 8,000 panorama, the decoders' example, fits).
  static let sizeRange = OptionRange(option: "--size", lowerBound: 0, upperBound: 32_768)

  @Option(
    help: ArgumentHelp(
      "The PNG to write (one FILE), or a folder to write NAME.png files into (existing, or "
        + "ending in /).", valueName: "PATH"))
  var output: String

  func validate() throws {
    if files.isEmpty { throw ValidationError("Give at least one image FILE.") }
    try Self.sizeRange.check(size)
    if !outputIsFolder && files.count > 1 {
      throw ValidationError(
        "--output \(name: output) is one file, but \(files.count) images were given: name a folder "
          + "(an existing one, or end the path with /) to write NAME.png files into it")
    }
    if outputIsFolder {
      var seen: [String: String] = [:]
      for file in files {
        let name = Self.outputName(for: file)
        if let other = seen[name] {
          throw ValidationError(
            "'\(name: other)' and '\(name: file)' would both be written to \(name: name).")
        }
        seen[name] = file
      }
    }
  }

  func run() throws {
    var destinations: [(input: String, output: String)]
    if !outputIsFolder {
      destinations = [(files[0], output)]
    } else {
      do {
        try FileManager.default.createDirectory(
          atPath: output, withIntermediateDirectories: true)
      } catch {
        throw CLIError.failed("\(name: output): cannot create the output folder")
      }
      destinations = files.map { file in
        (file, URL(fileURLWithPath: output).appendingPathComponent(Self.outputName(for: file)).path)
      }
    }
    var failures = 0
    for (input, destination) in destinations {
      do throws(DecodeError) {
        let image = try ImageDecoder.thumbnail(fileAt: input, longSide: size)
        try AtomicFile.write(PNGEncoder.encode(image), to: destination)
      } catch {
        failures += 1
        let named = error.path == nil ? error.with(path: input) : error
        StandardError.write("photogate: \(name: named.description)\n")
      }
    }
    if failures > 0 {
      throw CLIError.failed("\(failures) of \(files.count) thumbnails failed")
    }
  }

  /// Whether `--output` names a folder: an existing one, or a path ending in `/`.
  var outputIsFolder: Bool {
    if output.hasSuffix("/") { return true }
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: output, isDirectory: &isFolder)
      && isFolder.boolValue
  }

  /// `photo.jpg` → `photo.png`.
  static func outputName(for file: String) -> String {
    URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent + ".png"
  }
}
