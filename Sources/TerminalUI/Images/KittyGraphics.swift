import Foundation

/// kitty's terminal graphics protocol (`ESC _ G keys ; base64 ESC \`): transmitting a PNG
/// in chunks, placing it by id, deleting it, and the support query.
///
/// Every command carries `q=2`, so the terminal never answers into the input (the query
/// is the one exception: its answer is the point).
public enum KittyGraphics {
  /// Base64 characters per chunk (the protocol's limit is 4096).
  public static let chunkSize = 4096

  /// Transmits `png` and shows it at the cursor (`a=T`); the cursor then moves past it.
  public static func display(png: [UInt8]) -> [UInt8] {
    chunked("a=T,f=100,t=d,q=2", png)
  }

  /// Transmits `png` as image `id` (`a=t`) without showing it.
  public static func transmit(png: [UInt8], id: Int) -> [UInt8] {
    chunked("a=t,f=100,t=d,i=\(id),q=2", png)
  }

  /// Transmits raw pixels as image `id` (`a=t`) without showing it: 24-bit RGB (`f=24`)
  /// when `pixels` holds three bytes a pixel, else 32-bit RGBA (`f=32`). A local terminal
  /// takes them faster than it inflates a PNG of them, and they cost nothing to make.
  public static func transmit(pixels: [UInt8], width: Int, height: Int, id: Int) -> [UInt8] {
    let format = format(of: pixels, width: width, height: height)
    return chunked("a=t,f=\(format),s=\(width),v=\(height),t=d,i=\(id),q=2", pixels)
  }

  /// Has the terminal read `pixels` (as in ``transmit(pixels:width:height:id:)``), written to
  /// the temporary file at `path`, as image `id` (`t=t`; it deletes the file once read).
  public static func transmit(
    file path: String, of pixels: [UInt8], width: Int, height: Int, id: Int
  ) -> [UInt8] {
    let format = format(of: pixels, width: width, height: height)
    return command(
      "a=t,f=\(format),s=\(width),v=\(height),t=t,i=\(id),q=2",
      payload: Data(path.utf8).base64EncodedString())
  }

  /// `f=24` for three bytes a pixel (RGB), else `f=32` (RGBA).
  static func format(of pixels: [UInt8], width: Int, height: Int) -> Int {
    pixels.count == width * height * 3 ? 24 : 32
  }

  /// Shows image `id` at the cursor as placement `placement` (`a=p`), leaving the cursor
  /// where it was (`C=1`).
  public static func place(id: Int, placement: Int) -> [UInt8] {
    command("a=p,i=\(id),p=\(placement),C=1,q=2")
  }

  /// Removes one placement of image `id`, keeping its data for later placements.
  public static func deletePlacement(id: Int, placement: Int) -> [UInt8] {
    command("a=d,d=i,i=\(id),p=\(placement),q=2")
  }

  /// Removes image `id` and frees its data.
  public static func delete(id: Int) -> [UInt8] {
    command("a=d,d=I,i=\(id),q=2")
  }

  /// Removes every image and frees their data (`a=d,d=A`).
  public static let deleteAll = command("a=d,d=A,q=2")

  /// The support query: a one-pixel image that is checked, not stored (`a=q`); a terminal
  /// that speaks the protocol answers `ESC _ G i=31 ; OK ESC \`.
  public static let query = command("i=31,s=1,v=1,a=q,t=d,f=24", payload: "AAAA")

  /// Whether the terminal can read pixels from a temporary file: the same query with a
  /// one-pixel RGB file at `path` (``KittyPixelFiles``); a terminal that read it answers
  /// `ESC _ G i=32 ; OK ESC \`, one on another machine an error.
  public static func fileQuery(path: String) -> [UInt8] {
    command("i=32,s=1,v=1,a=q,t=t,f=24", payload: Data(path.utf8).base64EncodedString())
  }

  static func command(_ keys: String, payload: String = "") -> [UInt8] {
    Array("\u{1B}_G\(keys)\(payload.isEmpty ? "" : ";\(payload)")\u{1B}\\".utf8)
  }

  static func chunked(_ keys: String, _ data: [UInt8]) -> [UInt8] {
    let encoded = Array(Data(data).base64EncodedString().utf8)
    var out: [UInt8] = []
    var start = 0
    repeat {
      let end = min(encoded.count, start + chunkSize)
      let more = end < encoded.count ? 1 : 0
      out += Array("\u{1B}_G".utf8)
      out += Array((start == 0 ? "\(keys),m=\(more);" : "m=\(more);").utf8)
      out += encoded[start..<end]
      out += [0x1B, 0x5C]
      start = end
    } while start < encoded.count
    return out
  }
}

/// iTerm2's inline images (`ESC ] 1337 ; File = … : base64 BEL`), also spoken by WezTerm.
public enum ITermGraphics {
  /// Shows `png` at the cursor at `width` × `height` pixels; the cursor moves past it.
  public static func display(png: [UInt8], width: Int, height: Int) -> [UInt8] {
    Array(
      ("\u{1B}]1337;File=inline=1;size=\(png.count);width=\(width)px;height=\(height)px;"
        + "preserveAspectRatio=0:\(Data(png).base64EncodedString())\u{07}").utf8)
  }
}

/// tmux's passthrough (`ESC P tmux ; … ESC \`, every `ESC` inside doubled): how a sequence
/// tmux does not know reaches the terminal outside it, when `allow-passthrough` is on.
public enum TmuxPassthrough {
  public static func wrap(_ bytes: [UInt8]) -> [UInt8] {
    var out = Array("\u{1B}Ptmux;".utf8)
    out.reserveCapacity(bytes.count + 16)
    for byte in bytes {
      if byte == 0x1B { out.append(0x1B) }
      out.append(byte)
    }
    return out + [0x1B, 0x5C]
  }

  /// Each kitty command of `bytes` wrapped on its own (tmux limits one passthrough's size).
  public static func wrapEach(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    var start = 0
    var i = 0
    while i + 1 < bytes.count {
      if bytes[i] == 0x1B, bytes[i + 1] == 0x5C {
        out += wrap(Array(bytes[start..<(i + 2)]))
        start = i + 2
        i += 2
      } else {
        i += 1
      }
    }
    if start < bytes.count { out += wrap(Array(bytes[start...])) }
    return out
  }
}
