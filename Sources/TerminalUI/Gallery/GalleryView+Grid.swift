import PhotoLibrary
import PickerCore

/// The thumbnail grid, the limited picker's grid, and the full-screen preview.
extension GalleryView {
  /// What a tile shows under its image.
  struct TileLabel {
    var name: String
    /// `[2]` (pick order) or `[x]`/`[ ]` (limited picker), if any.
    var mark: String?
    var isMarked: Bool
    /// A video's duration or "LIVE", drawn over the image's top-right corner.
    var badge: String? = nil
    /// The iCloud badge ("☁", "☁ 42%", "☁ failed"), drawn over the top-left corner.
    var cloud: String? = nil

    /// `name` fitted to `width` characters with its middle elided, so that names differing
    /// only at their end stay different: the folder is cut (`Trips/…IMG_0001.jpg`); when not
    /// even one of its characters fits beside the file name, the file name alone is shown,
    /// elided in its middle keeping its extension (`IMG…01.jpg`).
    static func fitted(_ name: String, width: Int) -> String {
      guard width > 0 else { return "" }
      guard name.count > width else { return name }
      let slash = name.lastIndex(of: "/")
      let file = slash.map { String(name[name.index(after: $0)...]) } ?? name
      let folder = slash.map { String(name[...$0]) } ?? ""
      let kept = width - 1 - file.count
      if kept >= 1 && !folder.isEmpty { return String(folder.prefix(kept)) + "…" + file }
      if file.count <= width { return file }
      return elideMiddle(file, width: width)
    }

    /// `file` cut to `width` characters by an `…` in its middle; the end kept is at least
    /// half of what fits and holds the extension and the character before it when it can.
    private static func elideMiddle(_ file: String, width: Int) -> String {
      let room = width - 1
      guard room > 0 else { return "…" }
      let dot = file.lastIndex(of: ".").map { file.distance(from: $0, to: file.endIndex) } ?? 0
      let tail = max((room + 1) / 2, min(dot + 1, room))
      return String(file.prefix(room - tail)) + "…" + String(file.suffix(tail))
    }
  }

  static func drawGrid(
    _ model: GalleryModel, _ layout: GalleryLayout, into buffer: inout CellBuffer
  ) {
    let picker = model.picker
    if let list = picker.albumList {
      drawAlbumList(list, model, layout, into: &buffer)
      return
    }
    guard !picker.assets.isEmpty else {
      let text = picker.status == nil ? "" : "(no photos to show)"
      buffer.write(
        text, x: max(0, (buffer.width - text.count) / 2),
        y: layout.grid.y + layout.grid.height / 2, style: GalleryTheme.placeholder)
      return
    }
    let range = picker.grid.visibleRange
    for (slot, index) in range.enumerated() {
      let asset = picker.assets[index]
      let order = picker.picking?.order(of: asset.id)
      let label = TileLabel(
        name: asset.id, mark: order.map { "[\($0)]" }, isMarked: order != nil,
        badge: asset.gridBadge, cloud: picker.cloudBadge(asset.id))
      let focused = index == picker.grid.focus && model.focus == .grid && picker.overlay == nil
      drawTile(asset.id, label: label, focused: focused, slot: slot, model, layout, into: &buffer)
    }
  }

  static func drawTile(
    _ id: String, label: TileLabel, focused: Bool, slot: Int, _ model: GalleryModel,
    _ layout: GalleryLayout, into buffer: inout CellBuffer
  ) {
    let tile = layout.tile(slot)
    if focused { buffer.drawBorder(tile, style: GalleryTheme.frame) }
    let box = layout.imageBox(in: tile)
    if let tile = model.tiles[id] {
      buffer.blit(tile.cells, x: box.x, y: box.y)
    } else {
      let reason = model.failedImages[id]
      let style = GalleryTheme.placeholder
      for y in box.y..<box.maxY {
        for x in box.x..<box.maxX where (x + y) % 2 == 0 { buffer[x, y] = Cell("·", style: style) }
      }
      // A broken file says why under "(unreadable)", in as many lines as the box leaves.
      let lines =
        reason.map { ["(unreadable)"] + TextWrap.lines($0, width: box.width) } ?? ["loading…"]
      let shown = Array(lines.prefix(max(1, box.height)))
      let top = box.y + max(0, (box.height - shown.count) / 2)
      for (row, text) in shown.enumerated() {
        let line = TextWrap.truncate(text, width: box.width)
        buffer.write(
          line, x: box.x + max(0, (box.width - line.count) / 2), y: top + row, style: style,
          clip: box)
      }
    }
    if let cloud = label.cloud, box.width > cloud.count + 1, box.height > 0 {
      buffer.write(
        " \(cloud) ", x: box.x, y: box.y, style: GalleryTheme.title, clip: box.row(box.y))
    }
    if let badge = label.badge, box.width > badge.count + 1, box.height > 0 {
      let text = " \(badge) "
      buffer.write(
        text, x: box.maxX - text.count, y: box.y, style: GalleryTheme.title, clip: box.row(box.y))
    }
    let nameY = layout.nameRow(in: tile)
    var x = box.x
    if let mark = label.mark {
      x = buffer.write(
        mark, x: x, y: nameY,
        style: label.isMarked ? GalleryTheme.picked : GalleryTheme.placeholder, clip: box.row(nameY)
      )
      x += 1
    }
    let name = TileLabel.fitted(label.name, width: box.maxX - x)
    buffer.write(
      name, x: x, y: nameY, style: focused ? GalleryTheme.focusedName : .plain,
      clip: box.row(nameY))
  }

  /// The limited-library picker: every photo of the library with check boxes, Cancel and
  /// Done (drawn full screen, as iOS presents it as a sheet).
  static func drawLimitedPicker(
    _ sheet: LimitedPickerSheet, _ model: GalleryModel, _ layout: GalleryLayout,
    into buffer: inout CellBuffer
  ) {
    let title =
      " \(model.picker.launch?.appName ?? "") · Limited library picker · "
      + (Overlay.limitedPicker(sheet).title ?? "")
    buffer.fill(
      Rect(x: 0, y: 0, width: buffer.width, height: 1), with: Cell(" ", style: GalleryTheme.title))
    buffer.write(
      TextWrap.truncate(title, width: buffer.width), x: 0, y: 0, style: GalleryTheme.title)
    buffer.write(
      " Check the photos the app may see; the others stay hidden from it.", x: 0,
      y: layout.statusRow, style: GalleryTheme.status)
    for (slot, index) in sheet.window.visibleRange.enumerated() {
      let id = sheet.all[index]
      let checked = sheet.checked.contains(id)
      let label = TileLabel(name: id, mark: checked ? "[x]" : "[ ]", isMarked: checked)
      drawTile(
        id, label: label, focused: index == sheet.window.focus, slot: slot, model, layout,
        into: &buffer)
    }
    var footer = model
    footer.notice = "[ Cancel ]  [ Done ]"
    drawFooter(
      footer, layout, hints: "←↑↓→ move · Space check · Enter Done · Esc Cancel", into: &buffer)
  }

  /// The focused photo, full screen: the picture decoded for the screen, its thumbnail until
  /// then.
  static func drawPreview(
    _ asset: Asset, _ model: GalleryModel, _ layout: GalleryLayout, into buffer: inout CellBuffer
  ) {
    let position = "\(model.picker.grid.focus + 1)/\(model.picker.assets.count)"
    let title =
      " \(asset.id) · \(asset.pixelWidth)×\(asset.pixelHeight)\(asset.previewFacts) · \(position)"
    buffer.fill(
      Rect(x: 0, y: 0, width: buffer.width, height: 1), with: Cell(" ", style: GalleryTheme.title))
    buffer.write(
      TextWrap.truncate(title, width: buffer.width), x: 0, y: 0, style: GalleryTheme.title)
    let area = layout.preview
    if let image = model.previewPicture(asset.id) {
      let preview = model.previews.previewCentred(image, columns: area.width, rows: area.height)
      buffer.blit(preview.cells, x: area.x, y: area.y)
    } else {
      let text = TextWrap.truncate(
        model.failedImages[asset.id].map { "(unreadable: \($0))" } ?? "loading…",
        width: area.width)
      buffer.write(
        text, x: max(0, (area.width - text.count) / 2), y: area.y + area.height / 2,
        style: GalleryTheme.placeholder)
    }
    if let cloud = cloudLine(asset.id, model.picker), area.height > 1 {
      let text = TextWrap.truncate(cloud, width: area.width)
      buffer.write(
        text, x: area.x + max(0, (area.width - text.count) / 2), y: area.maxY - 1,
        style: GalleryTheme.title)
    }
    drawFooter(model, layout, hints: "←/→ previous/next · Enter/Esc/q back", into: &buffer)
  }

  /// What the preview says of an asset in iCloud only: that it downloads (and how far), or
  /// why the download failed; nil for an asset on the device.
  static func cloudLine(_ id: String, _ picker: PickerState) -> String? {
    switch picker.downloads[id] {
    case .progress(let value)?:
      return " ☁ Downloading from iCloud… \(Int((value * 100).rounded(.down)))% "
    case .failed(let reason)?: return " ☁ Could not download from iCloud: \(reason) "
    case .finished?: return nil
    case nil: return picker.offloaded.contains(id) ? " ☁ In iCloud " : nil
    }
  }
}

extension Asset {
  /// What the preview's title adds for a video ("· video 0:42 · slow motion") or a Live
  /// Photo ("· Live Photo"); empty for other photos.
  var previewFacts: String {
    var facts: [String] = []
    if mediaType == .video {
      facts.append("video \(DurationText.format(duration))")
      if mediaSubtypes.contains(.videoHighFrameRate) { facts.append("slow motion") }
      if mediaSubtypes.contains(.videoTimelapse) { facts.append("time-lapse") }
    } else if mediaSubtypes.contains(.photoLive) {
      facts.append("Live Photo")
    }
    if mediaSubtypes.contains(.photoScreenshot) { facts.append("screenshot") }
    if mediaSubtypes.contains(.photoPanorama) { facts.append("panorama") }
    return facts.map { " · " + $0 }.joined()
  }
}

extension Rect {
  /// The one row `y` across this rectangle's columns (for clipping a label).
  func row(_ y: Int) -> Rect { Rect(x: x, y: y, width: width, height: 1) }
}
