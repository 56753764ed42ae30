import ImageDecoding
import PhotoLibrary
import PickerCore

/// Centred dialogs: PickerCore's overlays (prompts, alerts, the Manage sheet, Settings, the
/// "app terminated" notice), the help panel and the permission menu.
extension GalleryView {
  /// A dialog's contents, whatever it stands for.
  struct Dialog: Equatable {
    var title: String?
    var message: String?
    var detail: String?
    var buttons: [String]
    var focus: Int?
    /// The index of the button drawn with a check mark.
    var checked: Int?
    /// The indices of the buttons drawn greyed out.
    var disabled: Set<Int> = []
    /// One button per line (a list) rather than a row.
    var isList = false
    var hint: String?
    /// Small previews under the message (the iOS 17+ prompt's sample photos).
    var samples: [PixelImage] = []
    /// The samples are pictures a graphics protocol draws: their boxes are left blank.
    var samplesArePictures = false
    var colorMode: ColorMode = .truecolor

    /// PickerCore's overlay, with its button focus.
    init(_ overlay: Overlay, focus: Int) {
      title = overlay.title
      message = overlay.message
      detail = overlay.detail
      buttons = overlay.buttons
      self.focus = focus
      // By value: which buttons are checked or greyed out never depends on their words.
      let actions = overlay.actions
      checked = overlay.checkedAction.flatMap { actions.firstIndex(of: $0) }
      disabled = Set(actions.indices.filter { overlay.disabledActions.contains(actions[$0]) })
      if case .settings = overlay { isList = true }
      hint = isList ? "↑/↓ choose · Enter select · Esc back" : "←/→ or Tab choose · Enter select"
    }

    /// The permission menu.
    init(_ menu: PermissionMenu, device: DeviceInfo) {
      title = menu.title
      message =
        "\(device.bundleID) · iOS \(device.ios) · restricted \(device.isRestricted ? "on" : "off")"
      buttons = menu.items.map { $0.label(device: device) }
      focus = menu.focus
      isList = true
      hint = "↑/↓ choose · Enter apply · Esc close"
    }

    init(title: String, message: String, hint: String) {
      self.title = title
      self.message = message
      self.buttons = []
      self.hint = hint
    }

    /// The `?` panel.
    static func help(mode: GalleryMode) -> Dialog {
      let lines = [
        "←↑↓→ or hjkl   move",
        "PgUp/PgDn      page",
        "Home/End, g/G  first/last photo",
        mode == .pick
          ? "Space          pick/unpick (in order)" : "Enter or v     full-screen preview",
        mode == .pick ? "Enter          done: print the picked paths" : "",
        mode == .pick ? "v              full-screen preview" : "",
        "Tab            focus Manage / See All Photos",
        "m              Manage / See All Photos",
        "a              albums: Recents, Videos, Live Photos… (Enter shows one)",
        "s              permission menu (Settings, privacy, iOS…)",
        "In dialogs     ←/→ or Tab choose, Enter select, Esc cancel",
        "?              this help",
        mode == .pick ? "q or Esc       cancel (prints nothing, exit 1)" : "q or Esc       quit",
        "Ctrl-C         quit at once",
      ]
      return Dialog(
        title: "Keys", message: lines.filter { !$0.isEmpty }.joined(separator: "\n"),
        hint: "any key closes")
    }
  }

  /// The columns and rows of one sample preview in a dialog.
  static let sampleSize = (columns: 10, rows: 4)

  /// Draws `dialog` centred on the screen, over whatever is there, and returns the top-left
  /// cells of the sample boxes it drew (each ``sampleSize``).
  @discardableResult
  static func drawDialog(_ dialog: Dialog, into buffer: inout CellBuffer) -> [(x: Int, y: Int)] {
    let width = min(buffer.width, max(24, min(72, buffer.width - 4)))
    let inner = width - 4
    var rows: [(String, CellStyle, Int?)] = []  // text, style, button index
    if let title = dialog.title {
      for line in TextWrap.lines(title, width: inner) {
        rows.append((line, GalleryTheme.dialogTitle, nil))
      }
      rows.append(("", .plain, nil))
    }
    if let message = dialog.message {
      for line in TextWrap.lines(message, width: inner) {
        rows.append((line, GalleryTheme.dialog, nil))
      }
    }
    if let detail = dialog.detail {
      for line in TextWrap.lines(detail, width: inner) {
        rows.append((line, GalleryTheme.hint, nil))
      }
    }
    let samples = dialog.samples.prefix(max(0, (inner + 1) / (sampleSize.columns + 1)))
    var samplesRow: Int?
    if !samples.isEmpty {
      rows.append(("", .plain, nil))
      samplesRow = rows.count
      for _ in 0..<sampleSize.rows { rows.append(("", .plain, nil)) }
    }
    let labels = dialog.buttons.enumerated().map { index, label in
      (index == dialog.checked ? "✓ " : "") + label
    }
    let row = labels.map { "[ \($0) ]" }.joined(separator: "  ")
    let asList = dialog.isList || row.count > inner
    if !labels.isEmpty { rows.append(("", .plain, nil)) }
    if asList {
      for (index, label) in labels.enumerated() {
        rows.append((TextWrap.truncate(label, width: inner), GalleryTheme.button, index))
      }
    }
    var height = rows.count + 2 + (asList || labels.isEmpty ? 0 : 1)
    if dialog.hint != nil { height += 2 }
    height = min(height, buffer.height)
    let box = Rect(
      x: (buffer.width - width) / 2, y: max(0, (buffer.height - height) / 2), width: width,
      height: height)
    buffer.fill(box, with: Cell(" ", style: GalleryTheme.dialog))
    buffer.drawBorder(box, style: GalleryTheme.dialogBorder)
    let content = box.inset(by: 1)
    var y = content.y
    for (text, style, index) in rows where y < content.maxY {
      if let index {
        let focused = index == dialog.focus
        let disabled = dialog.disabled.contains(index)
        let style =
          focused ? GalleryTheme.focusedButton : disabled ? GalleryTheme.disabled : style
        let line = (focused ? "› " : "  ") + text
        if focused {
          buffer.fill(
            Rect(x: content.x + 1, y: y, width: inner, height: 1), with: Cell(" ", style: style))
        }
        buffer.write(line, x: content.x + 1, y: y, style: style, clip: content)
      } else {
        let x =
          style == GalleryTheme.dialogTitle
          ? content.x + (content.width - text.count) / 2 : content.x + 1
        buffer.write(text, x: x, y: y, style: style, clip: content)
      }
      y += 1
    }
    var sampleBoxes: [(x: Int, y: Int)] = []
    if let samplesRow {
      let renderer = ImageRenderer(colorMode: dialog.colorMode)
      let width = samples.count * (sampleSize.columns + 1) - 1
      for (index, image) in samples.enumerated() {
        let x = content.x + (content.width - width) / 2 + index * (sampleSize.columns + 1)
        let top = content.y + samplesRow
        guard top + sampleSize.rows <= content.maxY else { break }
        sampleBoxes.append((x, top))
        guard !dialog.samplesArePictures else { continue }
        let cells = renderer.renderCentred(
          image, columns: sampleSize.columns, rows: sampleSize.rows)
        buffer.blit(cells, x: x, y: top)
      }
    }
    if !asList, !labels.isEmpty, y < content.maxY {
      var x = content.x + max(1, (content.width - row.count) / 2)
      for (index, label) in labels.enumerated() {
        let disabled = dialog.disabled.contains(index)
        let style =
          index == dialog.focus
          ? GalleryTheme.focusedButton : disabled ? GalleryTheme.disabled : GalleryTheme.button
        x = buffer.write("[ \(label) ]", x: x, y: y, style: style, clip: content) + 2
      }
      y += 1
    }
    if let hint = dialog.hint, content.maxY - 1 > y {
      buffer.write(
        TextWrap.truncate(hint, width: inner), x: content.x + 1, y: content.maxY - 1,
        style: GalleryTheme.hint, clip: content)
    }
    return sampleBoxes
  }
}
