import PickerCore

/// The album switcher: the Photos picker's album menu, each album with its key photo, title
/// and count.
extension GalleryView {
  /// The cells of a row's key photo (half blocks: two pixels a cell, whatever the backend,
  /// so that no picture is placed over a list that scrolls under it).
  static let albumThumbnailColumns = 6
  static let albumThumbnailRows = 3

  /// The rows of `list` on screen: a window around the focus.
  static func albumListWindow(_ list: AlbumList, _ layout: GalleryLayout) -> Range<Int> {
    let rows = max(1, (layout.grid.height - 2) / albumThumbnailRows)
    let top = max(0, min(list.focus - rows / 2, list.rows.count - rows))
    return top..<min(list.rows.count, top + rows)
  }

  /// The album switcher in the grid's place: the current album as a title ("Recents ▾"),
  /// then each album with its key photo and count, the focused one highlighted.
  static func drawAlbumList(
    _ list: AlbumList, _ model: GalleryModel, _ layout: GalleryLayout,
    into buffer: inout CellBuffer
  ) {
    let area = layout.grid
    let title = model.picker.albumTitle
    buffer.write(
      TextWrap.truncate(" \(title) ▾   (↑/↓ choose · Enter show · a/Esc close)", width: area.width),
      x: area.x, y: area.y, style: GalleryTheme.status)
    let thumbnails = HalfBlockPreviews(ImageRenderer(colorMode: model.colorMode))
    for (line, index) in albumListWindow(list, layout).enumerated() {
      let row = list.rows[index]
      let y = area.y + 2 + line * albumThumbnailRows
      let box = Rect(x: area.x + 1, y: y, width: albumThumbnailColumns, height: albumThumbnailRows)
      if let id = row.keyAssetID, let image = model.images[id],
        case .cells(let cells) = thumbnails.previewCentred(
          image, columns: box.width, rows: box.height)
      {
        buffer.blit(cells, x: box.x, y: box.y)
      } else if row.keyAssetID != nil {
        // Loading: the grid's placeholder. An empty album stays blank, as in Photos.
        for y in box.y..<box.maxY {
          for x in box.x..<box.maxX where (x + y) % 2 == 0 {
            buffer[x, y] = Cell("·", style: GalleryTheme.placeholder)
          }
        }
      }
      let text = " \(row.title) (\(row.count))\(row.title == title ? " ✓" : "")"
      let x = box.maxX + 1
      buffer.write(
        TextWrap.truncate(text, width: max(0, area.maxX - x)), x: x, y: y + albumThumbnailRows / 2,
        style: index == list.focus ? GalleryTheme.focusedName : .plain)
    }
  }
}
