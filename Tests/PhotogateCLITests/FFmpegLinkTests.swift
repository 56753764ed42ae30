import Foundation
import TestSupport
import Testing

/// The built binary does not link FFmpeg: its libraries are opened on the first movie, so that
/// every other run starts without them.
@Suite struct FFmpegLinkTests {
  @Test func theBinaryNeedsNoFFmpegLibraryButItsImageCodecs() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
    process.arguments = [CLIRunner.executable.path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.waitForExit() == 0)
    let libraries = output.split(separator: "\n").map {
      $0.trimmingCharacters(in: .whitespaces).prefix { $0 != " " }
    }
    // ldd lists what the binary loads: the image codecs it links are there.
    #expect(libraries.contains { $0.hasPrefix("libjpeg.so.") }, "\(output)")
    #expect(libraries.contains { $0.hasPrefix("libheif.so.") }, "\(output)")
    for ffmpeg in ["libavformat.so.", "libavcodec.so.", "libavutil.so.", "libswscale.so."] {
      #expect(!libraries.contains { $0.hasPrefix(ffmpeg) }, "\(ffmpeg) in \(output)")
    }
  }
}
