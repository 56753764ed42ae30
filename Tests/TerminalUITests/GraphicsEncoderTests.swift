import Foundation
import ImageDecoding
import TestSupport
import Testing

@testable import TerminalUI

@Suite struct GraphicsEncoderTests {
  static func sample(_ name: String) throws -> PixelImage {
    try ImageDecoder.decode(fileAt: TestPaths.sampleImages.appendingPathComponent(name).path)
  }

  /// The base64 payloads of every kitty command in `bytes`, joined, and their keys.
  static func kittyCommands(_ bytes: [UInt8]) -> [(keys: String, payload: String)] {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.components(separatedBy: "\u{1B}_G").dropFirst().map { command in
      let body = command.components(separatedBy: "\u{1B}\\")[0]
      let parts = body.split(separator: ";", maxSplits: 1).map(String.init)
      return (parts[0], parts.count > 1 ? parts[1] : "")
    }
  }

  @Test func kittyPayloadIsChunkedAndDecodesToTheExactDownscale() throws {
    let source = try Self.sample("grace-hopper-1984.jpg")
    let renderer = ImageRenderer()
    let backend = GraphicsPreviews(.kitty, cell: CellSize(width: 8, height: 16))
    guard case .graphic(let graphic) = backend.preview(source, fittingColumns: 40, rows: 20) else {
      Issue.record("expected a graphic")
      return
    }
    let commands = Self.kittyCommands(try #require(graphic.inline()))
    #expect(commands.count > 1)
    #expect(commands.first.map { $0.keys.hasPrefix("a=T,f=100,t=d,q=2,m=1") } ?? false)
    #expect(commands.dropFirst().dropLast().allSatisfy { $0.keys == "m=1" })
    #expect(commands.last.map { $0.keys.hasSuffix("m=0") } ?? false)
    #expect(commands.allSatisfy { $0.payload.utf8.count <= KittyGraphics.chunkSize })
    let png = try #require(Data(base64Encoded: commands.map(\.payload).joined()))
    let shown = try ImageDecoder.decode(data: [UInt8](png))
    // A portrait photo into 40 × 20 cells of 8 × 16 pixels: full height, 320 pixels.
    #expect(shown.height == 320 && shown.width < 320)
    #expect(graphic.rows == 20 && graphic.columns == (shown.width + 7) / 8)
    let exact = renderer.pixels(source, width: shown.width, height: 320, cell: backend.cell)
    let same = shown == exact
    #expect(same)
  }

  @Test func kittyScreenPayloadIsTheExactDownscaleAsRawPixels() throws {
    let backend = GraphicsPreviews(.kitty, cell: CellSize(width: 8, height: 16))
    for (name, format, channels) in [
      ("grace-hopper-1984.jpg", 24, 3), ("coffee-cup-cutout-rgba.png", 24, 3),
    ] {
      let source = try Self.sample(name)
      guard case .graphic(let graphic) = backend.preview(source, fittingColumns: 40, rows: 20)
      else {
        Issue.record("expected a graphic")
        return
      }
      let pixels = try #require(graphic.screenEncoded())
      let commands = Self.kittyCommands(
        KittyGraphics.transmit(
          pixels: pixels, width: graphic.pixelWidth, height: graphic.pixelHeight, id: 7))
      let size = "s=\(graphic.pixelWidth),v=\(graphic.pixelHeight)"
      #expect(commands.first?.keys.hasPrefix("a=t,f=\(format),\(size),t=d,i=7,q=2,m=") == true)
      #expect(commands.allSatisfy { $0.payload.utf8.count <= KittyGraphics.chunkSize })
      let sent = [UInt8](try #require(Data(base64Encoded: commands.map(\.payload).joined())))
      let exact = graphic.image.pixels.enumerated().filter { $0.offset % 4 < channels }.map(
        \.element)
      #expect(sent == exact)
    }
    // Under the terminal's background a cut-out keeps its transparent pixels: RGBA.
    let cutout = GraphicsPreviews(
      .kitty, cell: CellSize(width: 8, height: 16), renderer: ImageRenderer(background: .terminal))
    guard
      case .graphic(let graphic) = cutout.preview(
        try Self.sample("coffee-cup-cutout-rgba.png"), fittingColumns: 40, rows: 20)
    else {
      Issue.record("expected a graphic")
      return
    }
    let pixels = try #require(graphic.screenEncoded())
    #expect(pixels == graphic.image.pixels)
    let keys = Self.kittyCommands(
      KittyGraphics.transmit(
        pixels: pixels, width: graphic.pixelWidth, height: graphic.pixelHeight, id: 1)
    ).first?.keys
    #expect(keys?.hasPrefix("a=t,f=32,") == true)
  }

  @Test func kittyCommandsPlaceAndDeleteByIDWithoutReplies() {
    #expect(
      String(decoding: KittyGraphics.place(id: 7, placement: 3), as: UTF8.self)
        == "\u{1B}_Ga=p,i=7,p=3,C=1,q=2\u{1B}\\")
    #expect(
      String(decoding: KittyGraphics.deletePlacement(id: 7, placement: 3), as: UTF8.self)
        == "\u{1B}_Ga=d,d=i,i=7,p=3,q=2\u{1B}\\")
    #expect(
      String(decoding: KittyGraphics.delete(id: 7), as: UTF8.self)
        == "\u{1B}_Ga=d,d=I,i=7,q=2\u{1B}\\")
    #expect(
      String(decoding: KittyGraphics.deleteAll, as: UTF8.self) == "\u{1B}_Ga=d,d=A,q=2\u{1B}\\")
  }

  @Test func tmuxPassthroughDoublesEveryEscapeAndWrapsEachCommand() {
    let two = KittyGraphics.delete(id: 1) + KittyGraphics.delete(id: 2)
    let wrapped = String(decoding: TmuxPassthrough.wrapEach(two), as: UTF8.self)
    #expect(
      wrapped
        == "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\u{1B}\\\u{1B}\\"
        + "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d,d=I,i=2,q=2\u{1B}\u{1B}\\\u{1B}\\")
  }

  @Test func itermSequenceCarriesThePNGAndItsPixelSize() throws {
    let png: [UInt8] = [1, 2, 3]
    #expect(
      String(decoding: ITermGraphics.display(png: png, width: 30, height: 20), as: UTF8.self)
        == "\u{1B}]1337;File=inline=1;size=3;width=30px;height=20px;preserveAspectRatio=0:AQID\u{07}"
    )
  }

  @Test func sixelOfFewExactColoursDecodesToTheSamePixels() throws {
    // Levels sixel's percent precision shows exactly (round(p × 255 / 100)).
    let levels: [UInt8] = [0, 51, 102, 153, 204, 255]
    var pixels: [UInt8] = []
    for y in 0..<13 {
      for x in 0..<17 {
        pixels += [levels[x % 6], levels[y % 6], levels[(x + y) % 6], 255]
      }
    }
    let image = PixelImage(width: 17, height: 13, pixels: pixels)
    let decoded = try #require(SixelDecoder.decode(SixelEncoder().encode(image)))
    #expect(decoded == image)
  }

  @Test func sixelLeavesTransparentPixelsUnpainted() throws {
    var pixels = [UInt8](repeating: 255, count: 4 * 4 * 4)
    for i in stride(from: 0, to: pixels.count, by: 8) { pixels[i + 3] = 0 }
    for i in stride(from: 0, to: pixels.count, by: 8) { pixels[i] = 0 }
    let image = PixelImage(width: 4, height: 4, pixels: pixels)
    let decoded = try #require(SixelDecoder.decode(SixelEncoder().encode(image)))
    for i in stride(from: 0, to: pixels.count, by: 4) {
      #expect(decoded.pixels[i + 3] == pixels[i + 3])
      if pixels[i + 3] != 0 { #expect(Array(decoded.pixels[i..<(i + 3)]) == [255, 255, 255]) }
    }
  }

  @Test(arguments: SixelEncoder.Dithering.allCases)
  func sixelPhotoStaysCloseToTheExactDownscale(_ dithering: SixelEncoder.Dithering) throws {
    let source = try Self.sample("coffee-cup-progressive.jpg")
    let reference = ImageRenderer().pixels(source, width: 120, height: 90, cell: .fallback)
    let encoded = SixelEncoder(dithering: dithering).encode(reference)
    let decoded = try #require(SixelDecoder.decode(encoded))
    // At most 256 colours, fewer where they gain little: well above half blocks'
    // 256-colour cube (about 30 dB).
    #expect(SixelDecoder.psnr(decoded, reference) > (dithering == .none ? 36 : 33))
  }

  @Test func sixelTakesFewerColoursWhereTheFullPaletteGainsLittle() throws {
    let source = try Self.sample("summer-palace-beijing.jpg")
    let reference = ImageRenderer().pixels(source, width: 240, height: 160, cell: .fallback)
    let full = SixelEncoder(targetPSNR: nil, toleranceDB: nil).encode(reference)
    let chosen = SixelEncoder().encode(reference)
    let fullPSNR = SixelDecoder.psnr(try #require(SixelDecoder.decode(full)), reference)
    let chosenPSNR = SixelDecoder.psnr(try #require(SixelDecoder.decode(chosen)), reference)
    #expect(chosen.count < full.count * 9 / 10)
    #expect(chosenPSNR > fullPSNR - 2.5)
  }

  @Test func sixelStopsAtTheTargetOnAFewColours() throws {
    // Four flat colours: the median cut stops at four, which score exactly.
    var pixels: [UInt8] = []
    for y in 0..<12 {
      for x in 0..<12 {
        pixels += [x < 6 ? 0 : 255, y < 6 ? 0 : 255, 51, 255]
      }
    }
    let image = PixelImage(width: 12, height: 12, pixels: pixels)
    let encoded = SixelEncoder().encode(image)
    #expect(String(decoding: encoded, as: UTF8.self).contains("#3;"))
    #expect(!String(decoding: encoded, as: UTF8.self).contains("#4;"))
    #expect(try #require(SixelDecoder.decode(encoded)) == image)
  }

  @Test func sixelRunsOfFourOrMoreAreRepeated() {
    var out: [UInt8] = []
    SixelEncoder.appendRuns([1, 1, 1, 1, 1, 2, 2, 2, 0, 0], through: 7, into: &out)
    #expect(String(decoding: out, as: UTF8.self) == "!5@AAA")
  }
}

@Suite struct GraphicsDetectionTests {
  @Test(arguments: [
    ("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;22c", true, false, true, [10, 20]),
    ("\u{1B}[?63;1;2;4;6;9;15;22c", false, true, true, []),
    ("\u{1B}[?1;2c", false, false, true, []),
    ("\u{1B}_Gi=31;EINVAL:bad\u{1B}\\", false, false, false, []),
    ("", false, false, false, []),
  ])
  func repliesAreRead(
    _ text: String, _ kitty: Bool, _ sixel: Bool, _ complete: Bool, _ cell: [Int]
  ) {
    let replies = GraphicsReplies(parsing: Array(text.utf8))
    #expect(replies.kitty == kitty)
    #expect(replies.sixel == sixel)
    #expect(replies.complete == complete)
    let size: [Int] = replies.cell.map { [$0.width, $0.height] } ?? []
    #expect(size == cell)
  }

  @Test(arguments: [
    ("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}_Gi=32;OK\u{1B}\\\u{1B}[?62c", true as Bool?),
    ("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}_Gi=32;ENOENT:no such file\u{1B}\\\u{1B}[?62c", false),
    ("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62c", nil),
  ])
  func kittysAnswerToTheFileQueryIsRead(_ text: String, _ files: Bool?) {
    let replies = GraphicsReplies(parsing: Array(text.utf8))
    #expect(replies.kitty)
    #expect(replies.kittyFiles == files)
    #expect(replies.complete)
  }

  @Test func theFileQueryNamesTheProbeAndGoesThroughTmuxOnItsOwn() {
    let path = "/dev/shm/photogate-tty-graphics-protocol-1-1"
    let encoded = Data(path.utf8).base64EncodedString()
    let plain = String(
      decoding: GraphicsDetection.queries(insideTmux: false, probe: path), as: UTF8.self)
    #expect(plain.contains("\u{1B}_Gi=32,s=1,v=1,a=q,t=t,f=24;\(encoded)\u{1B}\\"))
    #expect(plain.hasSuffix("\u{1B}[16t\u{1B}[c"))
    let tmux = String(
      decoding: GraphicsDetection.queries(insideTmux: true, probe: path), as: UTF8.self)
    // Each kitty command in a passthrough of its own.
    #expect(tmux.components(separatedBy: "\u{1B}Ptmux;").count - 1 == 2)
    #expect(
      !String(decoding: GraphicsDetection.queries(insideTmux: false), as: UTF8.self)
        .contains("i=32"))
  }

  static let answered = GraphicsReplies(parsing: Array("\u{1B}[?62;22c".utf8))
  static let kitty = GraphicsReplies(parsing: Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62c".utf8))
  static let sixel = GraphicsReplies(parsing: Array("\u{1B}[?62;4c".utf8))

  @Test(arguments: [
    (kitty, [:], GraphicsProtocol?.some(.kitty)),
    (sixel, [:], .sixel),
    (answered, [:], nil),
    (GraphicsReplies(), [:], nil),
    (GraphicsReplies(), ["KITTY_WINDOW_ID": "1"], .kitty),
    (answered, ["KITTY_WINDOW_ID": "1"], nil),
    (sixel, ["TERM_PROGRAM": "iTerm.app"], .iterm),
    (answered, ["TERM_PROGRAM": "WezTerm"], .iterm),
    (kitty, ["NO_COLOR": "1"], nil),
  ])
  func autoPicksWhatTheTerminalSpeaks(
    _ replies: GraphicsReplies, _ environment: [String: String], _ expected: GraphicsProtocol?
  ) {
    #expect(GraphicsDetection.pick(replies: replies, environment: environment) == expected)
  }

  @Test func silentKittyInsideTmuxIsBlamedOnPassthrough() {
    let environment = ["TMUX": "/tmp/tmux-0/default,1,0", "KITTY_WINDOW_ID": "1"]
    #expect(GraphicsDetection.passthroughLooksOff(replies: Self.answered, environment: environment))
    #expect(!GraphicsDetection.passthroughLooksOff(replies: Self.kitty, environment: environment))
    #expect(!GraphicsDetection.passthroughLooksOff(replies: Self.answered, environment: [:]))
  }

  @Test func pixelLayoutFitsTheBoxAndCountsPartlyCoveredCells() {
    let layout = PixelLayout(
      imageWidth: 451, imageHeight: 300, columns: 30, rows: 40, cell: CellSize(width: 9, height: 17)
    )
    let got: [Int] = [layout.pixelWidth, layout.pixelHeight, layout.columns, layout.rows]
    #expect(got == [270, 180, 30, 11])
  }
}
