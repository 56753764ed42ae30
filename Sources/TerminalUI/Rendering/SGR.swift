/// Writes Select Graphic Rendition (`ESC [ … m`) sequences: the shortest one that moves the
/// terminal from one ``CellStyle`` to another.
///
/// Only what changes is sent; several changes share one sequence; `ESC [ m` is used when
/// it is shorter than turning attributes off one by one.
public enum SGR {
  /// `ESC [ m`: back to the terminal's defaults.
  public static let reset: [UInt8] = [0x1B, 0x5B, 0x6D]

  /// Appends the sequence that turns `current` into `target` (nothing when they are equal).
  public static func transition(
    from current: CellStyle, to target: CellStyle, into out: inout [UInt8]
  ) {
    if current == target { return }
    if target == .plain {
      out.append(contentsOf: reset)
      return
    }
    var incremental: [UInt8] = []
    var added = target.attributes.subtracting(current.attributes)
    let removed = current.attributes.subtracting(target.attributes)
    if !removed.isDisjoint(with: [.bold, .dim]) {
      appendParameter(22, to: &incremental)
      added.formUnion(target.attributes.intersection([.bold, .dim]))
    }
    if removed.contains(.underline) { appendParameter(24, to: &incremental) }
    if removed.contains(.reverse) { appendParameter(27, to: &incremental) }
    appendAttributes(added, to: &incremental)
    if target.foreground != current.foreground {
      appendColor(target.foreground, background: false, to: &incremental)
    }
    if target.background != current.background {
      appendColor(target.background, background: true, to: &incremental)
    }

    var fromReset: [UInt8] = [0x30]
    appendAttributes(target.attributes, to: &fromReset)
    if target.foreground != .default {
      appendColor(target.foreground, background: false, to: &fromReset)
    }
    if target.background != .default {
      appendColor(target.background, background: true, to: &fromReset)
    }
    out.append(contentsOf: [0x1B, 0x5B])
    out.append(contentsOf: fromReset.count < incremental.count ? fromReset : incremental)
    out.append(0x6D)
  }

  private static func appendAttributes(_ attributes: CellAttributes, to out: inout [UInt8]) {
    for (attribute, code) in CellAttributes.codes where attributes.contains(attribute) {
      appendParameter(code, to: &out)
    }
  }

  private static func appendColor(
    _ color: TerminalColor, background: Bool, to out: inout [UInt8]
  ) {
    let base = background ? 40 : 30
    switch color {
    case .default:
      appendParameter(base + 9, to: &out)
    case .indexed(let index) where index < 8:
      appendParameter(base + Int(index), to: &out)
    case .indexed(let index) where index < 16:
      appendParameter(base + 60 + Int(index) - 8, to: &out)
    case .indexed(let index):
      appendParameter(base + 8, to: &out)
      appendParameter(5, to: &out)
      appendParameter(Int(index), to: &out)
    case .rgb(let rgb):
      appendParameter(base + 8, to: &out)
      appendParameter(2, to: &out)
      appendParameter(Int(rgb.r), to: &out)
      appendParameter(Int(rgb.g), to: &out)
      appendParameter(Int(rgb.b), to: &out)
    }
  }

  /// Appends `;value` (or just `value` at the start of the list).
  private static func appendParameter(_ value: Int, to out: inout [UInt8]) {
    if !out.isEmpty { out.append(0x3B) }
    appendDecimal(value, to: &out)
  }
}

/// Appends the ASCII decimal digits of a non-negative `value`.
func appendDecimal(_ value: Int, to out: inout [UInt8]) {
  if value >= 10 { appendDecimal(value / 10, to: &out) }
  out.append(UInt8(0x30 + value % 10))
}
