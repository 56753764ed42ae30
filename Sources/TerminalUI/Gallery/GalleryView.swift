import PhotoLibrary
import PickerCore

/// The gallery's view (bubbletea's `View`): the model drawn into a ``CellBuffer`` of the
/// terminal's size, as a pure function. The ``ScreenRenderer`` then sends only the cells
/// that changed.
///
/// Layers, bottom up: the title and status rows, the grid (or the limited picker, or the
/// preview), the notice and key-hint rows, then PickerCore's overlay as a centred dialog,
/// then the gallery's own help or permission menu.
public enum GalleryView {
  public static func render(_ model: GalleryModel) -> CellBuffer {
    let layout = model.layout
    var buffer = CellBuffer(width: model.size.columns, height: model.size.rows)
    if model.panel == .preview, let asset = model.picker.focusedAsset {
      drawPreview(asset, model, layout, into: &buffer)
      return buffer
    }
    if case .limitedPicker(let sheet) = model.picker.overlay {
      drawLimitedPicker(sheet, model, layout, into: &buffer)
    } else {
      drawTitle(model, layout, into: &buffer)
      drawStatus(model, layout, into: &buffer)
      drawGrid(model, layout, into: &buffer)
      drawFooter(model, layout, hints: hints(model), into: &buffer)
      if let overlay = model.picker.overlay {
        drawDialog(overlayDialog(overlay, model), into: &buffer)
      }
    }
    switch model.panel {
    case .help: drawDialog(Dialog.help(mode: model.mode), into: &buffer)
    case .menu(let menu): drawDialog(Dialog(menu, device: model.device), into: &buffer)
    case .preview, nil: break
    }
    return buffer
  }

  /// PickerCore's overlay as a dialog, with the system prompt's sample photos (drawn as
  /// half blocks, or left blank for the pictures ``placements(_:)`` puts there).
  static func overlayDialog(_ overlay: Overlay, _ model: GalleryModel) -> Dialog {
    var dialog = Dialog(overlay, focus: model.picker.overlayFocus)
    if case .systemPrompt(let prompt) = overlay {
      dialog.samples = prompt.sampleAssetIDs.compactMap { model.images[$0] }
      dialog.colorMode = model.colorMode
      dialog.samplesArePictures = model.previews is GraphicsPreviews
    }
    return dialog
  }

  static func drawTitle(
    _ model: GalleryModel, _ layout: GalleryLayout, into buffer: inout CellBuffer
  ) {
    let app = model.picker.launch?.appName ?? model.device.bundleID
    let mode = model.mode == .pick ? "pick" : "browse"
    let library = model.device.libraryPath.split(separator: "/").last.map(String.init) ?? ""
    var text = " PhotoGate · \(app) · iOS \(model.device.ios) · \(mode) · \(library)"
    // The album the grid shows, once the app may list the library.
    if model.picker.status == .authorized || model.picker.status == .limited {
      text += " · \(model.picker.albumTitle)"
    }
    buffer.fill(
      Rect(x: 0, y: layout.titleRow, width: buffer.width, height: 1),
      with: Cell(" ", style: GalleryTheme.title))
    buffer.write(
      TextWrap.truncate(text, width: buffer.width), x: 0, y: layout.titleRow,
      style: GalleryTheme.title)
  }

  /// The info label (`Status: …`, `Photos: N`), the picked count, and the screen buttons at
  /// the right.
  static func drawStatus(
    _ model: GalleryModel, _ layout: GalleryLayout, into buffer: inout CellBuffer
  ) {
    var parts = model.picker.infoLines
    if parts.isEmpty {
      if model.picker.isTerminated {
        parts = ["(the app was terminated)"]
      } else if case .systemPrompt = model.picker.overlay {
        parts = ["(the system prompt is up)"]
      } else {
        parts = ["(launching…)"]
      }
    }
    if let scan = model.scanning, !model.picker.isTerminated {
      // The count is not known yet: the scan's progress instead of "Photos: N".
      if model.picker.status == .authorized || model.picker.status == .limited {
        parts.removeLast()
      }
      parts.append(scan.statusText)
    }
    if let picking = model.picker.picking {
      let limit = picking.limit.map { " of \($0)" } ?? ""
      parts.append("Picked: \(picking.ids.count)\(limit)")
    }
    var x = buffer.write(
      " " + parts.joined(separator: "   "), x: 0, y: layout.statusRow, style: GalleryTheme.status)
    let buttons = model.picker.screenButtons
    let width = buttons.reduce(0) { $0 + $1.count + 6 }
    x = max(x + 2, buffer.width - width)
    for (index, label) in buttons.enumerated() {
      let focused = model.focus == .button(index) && model.picker.overlay == nil
      x =
        buffer.write(
          "[ \(label) ]", x: x, y: layout.statusRow,
          style: focused ? GalleryTheme.focusedButton : GalleryTheme.button) + 2
    }
  }

  static func drawFooter(
    _ model: GalleryModel, _ layout: GalleryLayout, hints: String, into buffer: inout CellBuffer
  ) {
    if let notice = model.notice {
      buffer.write(
        " " + TextWrap.truncate(notice, width: buffer.width - 1), x: 0, y: layout.noticeRow,
        style: GalleryTheme.notice)
    }
    buffer.write(
      " " + TextWrap.truncate(hints, width: buffer.width - 1), x: 0, y: layout.hintRow,
      style: GalleryTheme.hint)
  }

  /// The key-hint line of the main screen, fitted to the terminal's width: the hints a
  /// newcomer needs (moving, viewing or picking, albums, quitting) always stay; the others go
  /// (Home/End first, then PgUp/PgDn, the screen button, permissions, help) until it fits.
  static func hints(_ model: GalleryModel) -> String {
    let picking = model.mode == .pick
    // Each hint with the order it goes in when the line is too long (nil: it stays).
    var parts: [(text: String, drop: Int?)] = [
      ("←↑↓→/hjkl move", nil), ("PgUp/PgDn", 2), ("Home/End", 1),
      (picking ? "Space pick · Enter done · v view" : "Enter view", nil),
    ]
    if model.picker.status == .authorized || model.picker.status == .limited {
      parts.append(("a albums", nil))
    }
    if let button = model.picker.screenButtons.first { parts.append(("m \(button)", 3)) }
    parts += [("s permissions", 4), ("? help", 5), (picking ? "q cancel" : "q quit", nil)]
    func line() -> String { parts.map(\.text).joined(separator: " · ") }
    while line().count > model.size.columns - 1,
      let next = parts.indices.filter({ parts[$0].drop != nil }).min(by: {
        (parts[$0].drop ?? 0) < (parts[$1].drop ?? 0)
      })
    {
      parts.remove(at: next)
    }
    return line()
  }
}
