import Dispatch
import Foundation
import ImageDecoding

/// The pictures on a full-screen terminal: what is placed where, and the bytes that move
/// from one frame's placements to the next.
///
/// kitty: each picture is transmitted once under an id (reused after it is freed), placed
/// by id, and its placement deleted when it leaves the screen; scrolling back places it
/// again without sending it. Sixel and iTerm2 pictures are drawn into the cells, so a
/// picture that leaves is erased (`ECH`) and one that arrives is drawn; their encodings
/// are kept for when they come back. The cursor and pen are saved and restored
/// (`ESC 7`/`ESC 8`) around every change, so the cell renderer's idea of them holds.
///
/// With ``encodeInBackground(_:)`` the encoding (sixel quantisation, kitty's pixels) runs on
/// worker threads: a picture not encoded yet is asked for once and left out of the frame
/// until ``deliver(_:)`` brings its bytes; meanwhile, once it has waited
/// ``placeholderDelay``, ``drawPlaceholders(_:into:now:)`` puts its half blocks in its cells.
public final class GraphicsScreen {
  public let graphics: GraphicsProtocol
  /// Inside tmux kitty commands go through its passthrough.
  public let insideTmux: Bool
  /// Inside tmux, the pane's top-left cell in the terminal's window (`#{pane_left}`,
  /// `#{pane_top}`).
  public var tmuxPaneOrigin = (x: 0, y: 0)
  /// kitty pictures go through files the terminal reads itself (when it answered that it
  /// can, see ``KittyPixelFiles``) instead of in base64 through the terminal's input.
  public var kittyFiles: KittyPixelFiles?
  /// How many kitty pictures stay transmitted before the least recently shown is freed.
  public var transmittedLimit = 256
  /// Bytes of sixel/iTerm2 encodings kept for pictures that come back.
  public var encodedByteLimit = 64 << 20
  /// How long a picture being encoded leaves its box blank before its half blocks are
  /// drawn there (seconds). Most pictures arrive sooner and are drawn without first
  /// flashing as half blocks; the terminal is also spared parsing cells it then covers.
  public var placeholderDelay: TimeInterval = 0.1

  private struct Key: Hashable {
    var id: String
    var width: Int
    var height: Int
  }

  private struct Stored {
    var image: PixelImage
    var kittyID: Int
    var encoded: [UInt8]
    var lastFrame: Int
  }

  private var shown: [GraphicPlacement] = []
  /// Half blocks of pictures waiting for their encoding, by the picture they show.
  private var placeholders: [Key: (image: PixelImage, cells: CellBuffer)] = [:]
  /// When each picture on screen and not ready yet was first found waiting.
  private var waitingSince: [Key: Date] = [:]
  private var stored: [Key: Stored] = [:]
  /// Encodings asked of the worker and not delivered yet, with the picture asked for.
  private var pending: [Key: PixelImage] = [:]
  /// Encodings delivered and not placed yet (a failed one stays, so it is not asked again).
  private var delivered: [Key: GraphicEncoding] = [:]
  private var encodeLater: ((GraphicPlacement) -> Void)?
  private var freeIDs: [Int] = []
  private var nextID = 1
  private var frame = 0

  public init(graphics: GraphicsProtocol, insideTmux: Bool = false) {
    self.graphics = graphics
    self.insideTmux = insideTmux
  }

  /// What must go before the next frame's cells: placements that leave are deleted
  /// (kitty) or erased (sixel, iTerm2), so that the frame's text is not erased after it
  /// is drawn; kitty pictures that arrive are transmitted (``additions(_:)`` places them).
  public func removals(toShow placements: [GraphicPlacement]) -> [UInt8] {
    var out: [UInt8] = []
    var kept: [GraphicPlacement] = []
    for old in shown {
      if placements.contains(old) {
        kept.append(old)
        continue
      }
      switch graphics {
      case .kitty:
        if let id = stored[Self.key(old)]?.kittyID {
          out += kitty(KittyGraphics.deletePlacement(id: id, placement: 1))
        }
      case .sixel, .iterm:
        out += Array("\u{1B}[m".utf8)
        for row in 0..<old.graphic.rows {
          out += Self.moveTo(x: old.x, y: old.y + row)
          out += Array("\u{1B}[\(old.graphic.columns)X".utf8)
        }
      }
    }
    shown = kept
    if graphics == .kitty {
      // Pictures that arrive are transmitted before the frame's cells (which blank their half
      // blocks), so that the cells and the placements that cover them land together instead
      // of a whole transmission apart.
      for placement in placements where !shown.contains(placement) {
        let key = Self.key(placement)
        if let entry = entry(for: placement, key: key, into: &out) { stored[key] = entry }
      }
    }
    return Self.savingCursor(out)
  }

  /// Encodes on worker threads from now on (a concurrent queue: one picture per core),
  /// handing each encoding to `post` (the gallery posts it as an event and passes it back
  /// through ``deliver(_:)``).
  public func encodeInBackground(_ post: @escaping @Sendable (GraphicEncoding) -> Void) {
    let queue = DispatchQueue(
      label: "photogate.graphics-encoder", qos: .userInitiated, attributes: .concurrent)
    encodeLater = { placement in
      queue.async {
        let graphic = placement.graphic
        post(
          GraphicEncoding(id: placement.id, image: graphic.image, bytes: graphic.screenEncoded()))
      }
    }
  }

  /// An encoding from the worker: the picture can be placed from the next frame on (a
  /// picture that changed meanwhile is asked for again).
  public func deliver(_ encoding: GraphicEncoding) {
    let key = Key(id: encoding.id, width: encoding.image.width, height: encoding.image.height)
    guard pending[key] == encoding.image else { return }
    pending[key] = nil
    delivered[key] = encoding
  }

  /// Draws into a frame's cells the half blocks of every placement whose picture this
  /// frame's ``additions(_:)`` will not send (still being encoded, or its encoding failed)
  /// and that has waited ``placeholderDelay`` since a frame first found it waiting, so that
  /// its box shows the photo meanwhile; once the picture is ready its cells are left blank
  /// again, and the picture drawn over them in the same frame.
  public func drawPlaceholders(
    _ placements: [GraphicPlacement], into cells: inout CellBuffer, now: Date = Date()
  ) {
    var waiting: Set<Key> = []
    for placement in placements where !isReady(placement) {
      let key = Self.key(placement)
      let image = placement.graphic.image
      waiting.insert(key)
      let since = waitingSince[key] ?? now
      waitingSince[key] = since
      guard now.timeIntervalSince(since) >= placeholderDelay else { continue }
      if placeholders[key]?.image != image {
        placeholders[key] = (image, placement.graphic.placeholder())
      }
      if let drawn = placeholders[key]?.cells {
        cells.blit(drawn, x: placement.x, y: placement.y)
      }
    }
    placeholders = placeholders.filter { waiting.contains($0.key) }
    waitingSince = waitingSince.filter { waiting.contains($0.key) }
  }

  /// When the next frame should be drawn for a waiting picture's half blocks to appear;
  /// `nil` when none is due.
  public var placeholdersDue: Date? {
    waitingSince.filter { placeholders[$0.key] == nil }.values.min()
      .map { $0.addingTimeInterval(placeholderDelay) }
  }

  /// Whether ``additions(_:)`` sends `placement`'s picture (or finds it on screen).
  private func isReady(_ placement: GraphicPlacement) -> Bool {
    let key = Self.key(placement)
    let image = placement.graphic.image
    if shown.contains(placement) || stored[key]?.image == image { return true }
    guard encodeLater != nil else { return true }
    guard let ready = delivered[key], ready.image == image else { return false }
    return ready.bytes != nil
  }

  /// Whether every encoding asked for has arrived (nothing is left out of the frame).
  public var isSettled: Bool { pending.isEmpty }

  /// What goes after the frame's cells: the placements not on screen yet, transmitted
  /// first when the terminal does not have them.
  public func additions(_ placements: [GraphicPlacement]) -> [UInt8] {
    frame += 1
    var out: [UInt8] = []
    for placement in placements where !shown.contains(placement) {
      let key = Self.key(placement)
      guard var entry = entry(for: placement, key: key, into: &out) else { continue }
      entry.lastFrame = frame
      stored[key] = entry
      out += Self.moveTo(x: placement.x, y: placement.y)
      switch graphics {
      case .kitty where insideTmux:
        // tmux moves the outer terminal's cursor only when it redraws: the move goes through
        // the passthrough with the placement, shifted by the pane's place in the window.
        out += TmuxPassthrough.wrap(
          Array("\u{1B}7".utf8)
            + Self.moveTo(x: placement.x + tmuxPaneOrigin.x, y: placement.y + tmuxPaneOrigin.y)
            + KittyGraphics.place(id: entry.kittyID, placement: 1) + Array("\u{1B}8".utf8))
      case .kitty: out += KittyGraphics.place(id: entry.kittyID, placement: 1)
      case .sixel: out += entry.encoded
      case .iterm:
        out += ITermGraphics.display(
          png: entry.encoded, width: placement.graphic.pixelWidth,
          height: placement.graphic.pixelHeight)
      }
      shown.append(placement)
    }
    for placement in shown { stored[Self.key(placement)]?.lastFrame = frame }
    out += evict()
    return Self.savingCursor(out)
  }

  /// After the screen was cleared (a resize): nothing is placed any more.
  public func reset() -> [UInt8] {
    shown = []
    return graphics == .kitty ? kitty(KittyGraphics.command("a=d,d=a,q=2")) : []
  }

  /// What leaves the terminal clean: every kitty picture deleted and freed.
  public var cleanup: [UInt8] {
    guard graphics == .kitty else { return [] }
    var out = kitty(KittyGraphics.command("a=d,d=a,q=2"))
    for entry in stored.values { out += kitty(KittyGraphics.delete(id: entry.kittyID)) }
    return out
  }

  private func entry(for placement: GraphicPlacement, key: Key, into out: inout [UInt8])
    -> Stored?
  {
    let image = placement.graphic.image
    if let known = stored[key], known.image == image { return known }
    let encoded: [UInt8]
    if let encodeLater {
      guard let ready = delivered[key], ready.image == image else {
        if pending[key] != image {
          pending[key] = image
          encodeLater(placement)
        }
        return nil
      }
      guard let bytes = ready.bytes else { return nil }
      delivered[key] = nil
      encoded = bytes
    } else {
      guard let bytes = placement.graphic.screenEncoded() else { return nil }
      encoded = bytes
    }
    switch graphics {
    case .kitty:
      let id = stored[key]?.kittyID ?? freeIDs.popLast() ?? nextKittyID()
      if let path = kittyFiles?.write(encoded) {
        out += kitty(
          KittyGraphics.transmit(
            file: path, of: encoded, width: image.width, height: image.height, id: id))
      } else {
        out += kitty(
          KittyGraphics.transmit(
            pixels: encoded, width: image.width, height: image.height, id: id))
      }
      return Stored(image: image, kittyID: id, encoded: [], lastFrame: frame)
    case .sixel, .iterm:
      return Stored(image: image, kittyID: 0, encoded: encoded, lastFrame: frame)
    }
  }

  private func nextKittyID() -> Int {
    defer { nextID += 1 }
    return nextID
  }

  /// Frees the pictures shown longest ago past the limits (never one on screen).
  private func evict() -> [UInt8] {
    var out: [UInt8] = []
    let onScreen = Set(shown.map(Self.key))
    var candidates = stored.filter { !onScreen.contains($0.key) }
      .sorted { $0.value.lastFrame < $1.value.lastFrame }
    var bytes = stored.values.reduce(0) { $0 + $1.encoded.count }
    var count = stored.count
    while let (key, entry) = candidates.first,
      graphics == .kitty ? count > transmittedLimit : bytes > encodedByteLimit
    {
      candidates.removeFirst()
      stored[key] = nil
      count -= 1
      bytes -= entry.encoded.count
      if graphics == .kitty {
        out += kitty(KittyGraphics.delete(id: entry.kittyID))
        freeIDs.append(entry.kittyID)
      }
    }
    return out
  }

  private func kitty(_ bytes: [UInt8]) -> [UInt8] {
    insideTmux ? TmuxPassthrough.wrapEach(bytes) : bytes
  }

  private static func key(_ placement: GraphicPlacement) -> Key {
    Key(
      id: placement.id, width: placement.graphic.pixelWidth, height: placement.graphic.pixelHeight)
  }

  private static func moveTo(x: Int, y: Int) -> [UInt8] {
    Array("\u{1B}[\(y + 1);\(x + 1)H".utf8)
  }

  private static func savingCursor(_ bytes: [UInt8]) -> [UInt8] {
    bytes.isEmpty ? [] : Array("\u{1B}7".utf8) + bytes + Array("\u{1B}8".utf8)
  }
}

/// A picture encoded by ``GraphicsScreen``'s worker: the placement's id, the picture it was
/// made from, and its bytes in the protocol's format (`nil` when encoding failed).
public struct GraphicEncoding: Sendable {
  public var id: String
  public var image: PixelImage
  public var bytes: [UInt8]?

  public init(id: String, image: PixelImage, bytes: [UInt8]?) {
    self.id = id
    self.image = image
    self.bytes = bytes
  }
}
