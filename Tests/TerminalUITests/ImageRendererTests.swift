import ImageDecoding
import Testing

@testable import TerminalUI

@Suite struct ImageRendererTests {
  /// The two pixels a half-block cell shows: (top, bottom).
  static func shown(_ cell: Cell) -> (TerminalColor, TerminalColor) {
    switch cell.character {
    case "▀": return (cell.style.foreground, cell.style.background)
    case "▄": return (cell.style.background, cell.style.foreground)
    case "█": return (cell.style.foreground, cell.style.foreground)
    default: return (cell.style.background, cell.style.background)
    }
  }

  static func image(width: Int, height: Int, _ pixel: (Int, Int) -> [UInt8]) -> PixelImage {
    var pixels: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width { pixels += pixel(x, y) }
    }
    return PixelImage(width: width, height: height, pixels: pixels)
  }

  @Test func solidColourFillsEveryCellWithThatColour() {
    let image = Self.image(width: 37, height: 23) { _, _ in [200, 100, 50, 255] }
    let cells = ImageRenderer().render(image, pixelWidth: 8, pixelHeight: 6)
    #expect(cells.width == 8 && cells.height == 3)
    for cell in cells.cells {
      #expect(Self.shown(cell) == (.rgb(200, 100, 50), .rgb(200, 100, 50)))
    }
  }

  @Test func twoByTwoCheckerAveragesExactly() {
    // Top 2×2 block: black/white checker; bottom 2×2 block: solid.
    let image = Self.image(width: 2, height: 4) { x, y in
      y < 2 ? ((x + y) % 2 == 0 ? [0, 0, 0, 255] : [255, 255, 255, 255]) : [10, 20, 30, 255]
    }
    let cells = ImageRenderer().render(image, pixelWidth: 1, pixelHeight: 2)
    #expect(Self.shown(cells[0, 0]) == (.rgb(128, 128, 128), .rgb(10, 20, 30)))
  }

  @Test func edgePixelsCountByTheFractionCovered() {
    // 3 → 2 pixels: each output covers one whole input pixel and half of the middle one.
    let image = Self.image(width: 3, height: 1) { x, _ in
      let v = UInt8([0, 90, 255][x])
      return [v, v, v, 255]
    }
    let cells = ImageRenderer().render(image, pixelWidth: 2, pixelHeight: 1)
    #expect(Self.shown(cells[0, 0]).0 == .rgb(30, 30, 30))
    #expect(Self.shown(cells[1, 0]).0 == .rgb(200, 200, 200))
    // Odd pixel height: the bottom half of the last row is the terminal's background.
    #expect(Self.shown(cells[1, 0]).1 == .default)
  }

  @Test func transparencyShowsTheCheckerboardInTwoCellSquares() {
    let cells = ImageRenderer().render(
      PixelImage(width: 8, height: 8), pixelWidth: 4, pixelHeight: 4)
    let light = TerminalColor.rgb(ImageBackground.checkerLight)
    let dark = TerminalColor.rgb(ImageBackground.checkerDark)
    let expected: [[TerminalColor]] = [[light, light, dark, dark], [dark, dark, light, light]]
    for y in 0..<2 {
      for x in 0..<4 {
        #expect(Self.shown(cells[x, y]) == (expected[y][x], expected[y][x]))
      }
    }
  }

  @Test func halfTransparentPixelIsCompositedOverTheBackgroundColour() {
    let image = Self.image(width: 1, height: 2) { _, _ in [255, 0, 0, 128] }
    let renderer = ImageRenderer(background: .color(RGB(0, 0, 255)))
    let cells = renderer.render(image, pixelWidth: 1, pixelHeight: 2)
    #expect(Self.shown(cells[0, 0]) == (.rgb(128, 0, 127), .rgb(128, 0, 127)))
  }

  @Test func transparentEdgesDoNotDarkenOpaqueNeighbours() {
    // Premultiplied averaging: a white pixel next to a transparent black one stays white
    // over a white background.
    let image = Self.image(width: 2, height: 2) { x, _ in
      x == 0 ? [255, 255, 255, 255] : [0, 0, 0, 0]
    }
    let renderer = ImageRenderer(background: .color(RGB(255, 255, 255)))
    let cells = renderer.render(image, pixelWidth: 1, pixelHeight: 2)
    #expect(Self.shown(cells[0, 0]) == (.rgb(255, 255, 255), .rgb(255, 255, 255)))
  }

  @Test func terminalBackgroundLeavesTransparentPixelsUncoloured() {
    let image = Self.image(width: 1, height: 2) { _, y in y == 0 ? [0, 0, 0, 0] : [9, 9, 9, 255] }
    let cells = ImageRenderer(background: .terminal).render(image, pixelWidth: 1, pixelHeight: 2)
    #expect(cells[0, 0] == Cell("▄", foreground: .rgb(9, 9, 9), background: .default))
  }

  @Test func wideImageIsFittedAndCentredVertically() {
    let layout = ImageLayout(imageWidth: 200, imageHeight: 100, columns: 80, rows: 40)
    #expect(layout == ImageLayout.expected(pixelWidth: 80, pixelHeight: 40, x: 0, y: 10))
    let tall = ImageLayout(imageWidth: 100, imageHeight: 400, columns: 80, rows: 40)
    #expect(tall == ImageLayout.expected(pixelWidth: 20, pixelHeight: 80, x: 30, y: 0))
  }

  @Test func centredRenderLeavesTheMarginsBlank() {
    let image = Self.image(width: 100, height: 400) { _, _ in [1, 2, 3, 255] }
    let cells = ImageRenderer().renderCentred(image, columns: 80, rows: 40)
    #expect(cells.width == 80 && cells.height == 40)
    #expect(cells[29, 5] == .blank)
    #expect(Self.shown(cells[30, 5]) == (.rgb(1, 2, 3), .rgb(1, 2, 3)))
    #expect(Self.shown(cells[49, 39]) == (.rgb(1, 2, 3), .rgb(1, 2, 3)))
    #expect(cells[50, 5] == .blank)
  }

  @Test func palette256QuantizesEachPixel() {
    let image = Self.image(width: 2, height: 2) { _, y in
      y == 0 ? [250, 5, 3, 255] : [0, 0, 0, 255]
    }
    let cells = ImageRenderer(colorMode: .palette256).render(image, pixelWidth: 1, pixelHeight: 2)
    #expect(Self.shown(cells[0, 0]) == (.indexed(196), .indexed(16)))
  }

  @Test func noColourDrawsShadesByLuminanceWithoutEscapes() {
    let image = Self.image(width: 5, height: 2) { x, _ in
      let v = UInt8(x * 255 / 4)
      return [v, v, v, 255]
    }
    let renderer = ImageRenderer(colorMode: .none)
    let cells = renderer.render(image, pixelWidth: 5, pixelHeight: 2)
    #expect(cells.text == " ░▒▓█")
    let bytes = AnsiText.encode(cells, colorMode: .none)
    #expect(!bytes.contains(0x1B))
  }

  @Test func photoLikeImageStaysUnder33BytesPerCell() {
    // A landscape: a smooth sky over textured ground whose every channel changes from cell
    // to cell (alone, the ground costs about 35 bytes a cell; the sky must cost far less).
    var seed: UInt32 = 7
    let image = Self.image(width: 640, height: 480) { x, y in
      seed = seed &* 1_664_525 &+ 1_013_904_223
      if y < 240 { return [UInt8(90 + y / 16), UInt8(140 + y / 12), 230, 255] }
      let noise = Int(seed >> 29)
      let r = (x * 255 / 640 + noise) & 255
      let g = (y * 255 / 480 + noise) & 255
      let b = ((x + y) * 255 / 1120 + noise) & 255
      return [UInt8(r), UInt8(g), UInt8(b), 255]
    }
    let cells = ImageRenderer().render(image, fittingColumns: 80, rows: 40)
    let bytes = AnsiText.encode(cells, colorMode: .truecolor)
    let perCell = Double(bytes.count) / Double(cells.width * cells.height)
    #expect(perCell <= 33)
  }

  @Test func reusedColoursStayWithinTheTolerance() {
    var seed: UInt32 = 99
    let image = Self.image(width: 64, height: 64) { _, _ in
      seed = seed &* 1_664_525 &+ 1_013_904_223
      let v = UInt8(100 + (seed >> 30))
      return [v, v, v, 255]
    }
    let exact = ImageRenderer(reuseTolerance: 0).render(image, pixelWidth: 64, pixelHeight: 64)
    let reused = ImageRenderer().render(image, pixelWidth: 64, pixelHeight: 64)
    var changed = 0
    for (a, b) in zip(exact.cells, reused.cells) {
      let (exactTop, exactBottom) = Self.shown(a)
      let (top, bottom) = Self.shown(b)
      for (wanted, shown) in [(exactTop, top), (exactBottom, bottom)] {
        guard case .rgb(let w) = wanted, case .rgb(let s) = shown else {
          Issue.record("not a direct colour")
          continue
        }
        if w != s { changed += 1 }
        #expect(abs(Int(w.r) - Int(s.r)) <= 2 && abs(Int(w.b) - Int(s.b)) <= 2)
      }
    }
    #expect(changed > 0)
    let exactBytes = AnsiText.encode(exact, colorMode: .truecolor).count
    #expect(AnsiText.encode(reused, colorMode: .truecolor).count < exactBytes)
  }
}

extension ImageLayout {
  static func expected(pixelWidth: Int, pixelHeight: Int, x: Int, y: Int) -> ImageLayout {
    var layout = ImageLayout(imageWidth: 1, imageHeight: 1, columns: 1, rows: 1)
    layout.pixelWidth = pixelWidth
    layout.pixelHeight = pixelHeight
    layout.x = x
    layout.y = y
    return layout
  }
}
