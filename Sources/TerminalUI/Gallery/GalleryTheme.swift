/// The styles the gallery draws with. Focus and selection also use attributes (reverse,
/// bold), so they still show under `NO_COLOR`, where every colour becomes the default.
enum GalleryTheme {
  static let title = CellStyle(
    foreground: .rgb(0xFF, 0xFF, 0xFF), background: .rgb(0x30, 0x4F, 0x8F), attributes: [.bold])
  static let status = CellStyle(attributes: [.bold])
  static let button = CellStyle(foreground: .rgb(0x4F, 0xA8, 0xFF), attributes: [.bold])
  static let focusedButton = CellStyle(attributes: [.reverse, .bold])
  static let disabled = CellStyle(attributes: [.dim])
  static let frame = CellStyle(foreground: .rgb(0xFF, 0xD0, 0x40), attributes: [.bold])
  static let focusedName = CellStyle(attributes: [.reverse])
  static let picked = CellStyle(foreground: .rgb(0x60, 0xD0, 0x60), attributes: [.bold])
  static let placeholder = CellStyle(foreground: .rgb(0x80, 0x80, 0x80), attributes: [.dim])
  static let notice = CellStyle(foreground: .rgb(0xFF, 0xB0, 0x40), attributes: [.bold])
  static let hint = CellStyle(attributes: [.dim])
  static let dialog = CellStyle()
  static let dialogBorder = CellStyle(foreground: .rgb(0x4F, 0xA8, 0xFF), attributes: [.bold])
  static let dialogTitle = CellStyle(attributes: [.bold])
}
