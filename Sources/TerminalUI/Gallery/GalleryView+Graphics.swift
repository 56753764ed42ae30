import PickerCore

/// A graphic preview at a position on the screen, for ``GraphicsScreen``.
public struct GraphicPlacement: Sendable, Equatable {
  /// What it shows (an asset id, or `preview:` and the id for the full-screen preview).
  public var id: String
  /// Its top-left cell on the screen.
  public var x: Int
  public var y: Int
  public var graphic: GraphicPreview

  public init(id: String, x: Int, y: Int, graphic: GraphicPreview) {
    self.id = id
    self.x = x
    self.y = y
    self.graphic = graphic
  }
}

extension GalleryView {
  /// The graphics the screen shows over the frame ``render(_:)`` draws: the visible tiles
  /// of the grid or of the limited picker, the system prompt's sample photos, or the
  /// full-screen preview. No tile while a dialog, a panel or the album switcher covers the
  /// grid (the terminal would draw the pictures over it).
  public static func placements(_ model: GalleryModel) -> [GraphicPlacement] {
    let layout = model.layout
    if model.panel == .preview {
      guard let asset = model.picker.focusedAsset, let image = model.previewPicture(asset.id)
      else { return [] }
      let area = layout.preview
      guard
        case .graphic(let graphic) = model.previews.previewCentred(
          image, columns: area.width, rows: area.height)
      else { return [] }
      return [
        GraphicPlacement(
          id: "preview:\(image.width)x\(image.height):" + asset.id, x: area.x + graphic.offsetX,
          y: area.y + graphic.offsetY,
          graphic: graphic)
      ]
    }
    // The album switcher draws its key photos in cells, in the grid's place.
    guard model.panel == nil, model.picker.albumList == nil else { return [] }
    let ids: [String]
    switch model.picker.overlay {
    case .limitedPicker(let sheet): ids = Array(sheet.all[sheet.window.visibleRange])
    case .systemPrompt(let prompt): return samplePlacements(.systemPrompt(prompt), model)
    case nil: ids = model.picker.grid.visibleRange.map { model.picker.assets[$0].id }
    default: return []
    }
    return ids.enumerated().compactMap { slot, id in
      guard case .graphic(let graphic)? = model.tiles[id] else { return nil }
      let box = layout.imageBox(in: layout.tile(slot))
      return GraphicPlacement(
        id: id, x: box.x + graphic.offsetX, y: box.y + graphic.offsetY, graphic: graphic)
    }
  }

  /// The prompt's sample photos in the boxes the dialog leaves for them.
  static func samplePlacements(_ overlay: Overlay, _ model: GalleryModel) -> [GraphicPlacement] {
    let dialog = overlayDialog(overlay, model)
    guard dialog.samplesArePictures else { return [] }
    var scratch = CellBuffer(width: model.size.columns, height: model.size.rows)
    let boxes = drawDialog(dialog, into: &scratch)
    guard case .systemPrompt(let prompt) = overlay else { return [] }
    let ids = prompt.sampleAssetIDs.filter { model.images[$0] != nil }
    return zip(ids, boxes).compactMap { id, box in
      guard let image = model.images[id],
        case .graphic(let graphic) = model.previews.previewCentred(
          image, columns: sampleSize.columns, rows: sampleSize.rows)
      else { return nil }
      return GraphicPlacement(
        id: "sample:" + id, x: box.x + graphic.offsetX, y: box.y + graphic.offsetY,
        graphic: graphic)
    }
  }
}
