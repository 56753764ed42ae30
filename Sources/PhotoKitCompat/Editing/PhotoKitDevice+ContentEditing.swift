import AVFoundationCompat
import Foundation
import ImageDecoding
import PhotoLibrary
import UIKitCompat

extension PhotoKitDevice {
  /// The saved edits of the library, by asset id (errors reported, none returned).
  func assetEdits() -> [String: AssetEdit] {
    do {
      return try session.assetEdits()
    } catch {
      handle(error)
      return [:]
    }
  }

  /// The file an image request of `version` reads for the readable asset `asset`: the saved
  /// edit for `.current`, the original otherwise.
  func file(of asset: Asset, version: PHImageRequestOptionsVersion) throws -> URL {
    guard version == .current else { return asset.url }
    return try mapEngineErrors { try session.edit(ofAssetWithID: asset.id) }?.renderedURL
      ?? asset.url
  }

  /// The input an editor starts from for `asset`: a copy of its current photo, or of the
  /// original with the saved adjustment data when `accepts` takes it.
  func contentEditingInput(
    for asset: PHAsset, accepts: (PHAdjustmentData) -> Bool
  ) -> Result<PHContentEditingInput, PHPhotosError> {
    do {
      let id = resolve([asset.localIdentifier])[0]
      let stored = try mapEngineErrors { try session.asset(withID: id) }
      let saved = try mapEngineErrors { try session.edit(ofAssetWithID: id) }
      var source = stored.url
      var adjustment: PHAdjustmentData?
      if let saved {
        let data = PHAdjustmentData(
          formatIdentifier: saved.edit.adjustment.formatIdentifier,
          formatVersion: saved.edit.adjustment.formatVersion, data: saved.edit.adjustment.data)
        if accepts(data) { adjustment = data } else { source = saved.renderedURL }
      }
      let copy = try Self.readableCopy(of: source, named: saved != nil && adjustment == nil)
      if stored.mediaType == .video {
        return .success(
          PHContentEditingInput(
            asset: asset, file: nil, uniformTypeIdentifier: "com.apple.quicktime-movie",
            orientation: 1, displaySizeImage: nil, adjustmentData: adjustment,
            movie: AVURLAsset(url: copy)))
      }
      let info = try ImageDecoder.info(ofFileAt: copy.path)
      let screen = UIScreen.main
      let longSide = Int(max(screen.bounds.width, screen.bounds.height) * screen.scale)
      let display = try ImageDecoder.thumbnail(fileAt: copy.path, longSide: longSide)
      return .success(
        PHContentEditingInput(
          asset: asset, file: copy, uniformTypeIdentifier: info.format.uniformTypeIdentifier,
          orientation: Int32(info.orientation), displaySizeImage: UIImage(pixels: display),
          adjustmentData: adjustment, movie: nil))
    } catch let error as PHPhotosError {
      return .failure(error)
    } catch {
      return .failure(PHPhotosError(.invalidResource, "\(error)"))
    }
  }

  /// A copy of `file` in a folder of its own the app may read (and write) without touching
  /// the library; an edit's render is named `FullSizeRender` as on iOS.
  private static func readableCopy(of file: URL, named render: Bool) throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("PhotoKitCompat-Input-\(UUID().uuidString)", isDirectory: true)
    try FileContents.makeFolder(folder)
    let name = render ? "FullSizeRender." + file.pathExtension : file.lastPathComponent
    let copy = folder.appendingPathComponent(name)
    try FileContents.copy(file, to: copy)
    return copy
  }

  /// Saves the edited content of `request` (or reverts its asset to the original) through
  /// the engine, which shows the system's confirmation; Don’t Allow fails the change with
  /// `userCancelled`.
  func saveContent(of request: PHAssetChangeRequest) throws {
    guard let asset = request.editedAsset else { return }
    let id = resolve([asset.localIdentifier])[0]
    let user = user
    let outcome: PhotoLibrarySession.EditOutcome
    if let output = request.contentEditingOutput {
      let (rendered, adjustment) = try Self.check(output, of: asset)
      outcome = try mapEngineErrors {
        try session.saveEdit(
          ofAssetWithID: id, renderedFileAt: rendered, adjustment: adjustment
        ) { user.answer($0) }
      }
    } else {
      outcome = try mapEngineErrors {
        try session.revertEdit(ofAssetWithID: id) { user.answer($0) }
      }
    }
    switch outcome {
    case .saved: return
    case .declined:
      throw PHPhotosError(.userCancelled, "the user did not allow modifying '\(id)'")
    case .unanswered:
      throw PHPhotosError(
        .confirmationUnanswered, "the modification confirmation was left unanswered")
    }
  }

  /// The rendered file and adjustment of `output`, refused as PhotoKit refuses them: no
  /// adjustment data, an output made for another asset, no rendered file, or a photo rendered
  /// in a format other than JPEG or HEIF.
  private static func check(
    _ output: PHContentEditingOutput, of asset: PHAsset
  ) throws -> (URL, AssetEdit.Adjustment) {
    guard let data = output.adjustmentData else {
      throw PHPhotosError(
        .invalidResource,
        "the content editing output of '\(asset.localIdentifier)' has no "
          + "adjustmentData: set it before performing the change")
    }
    guard output.assetLocalIdentifier == asset.localIdentifier else {
      throw PHPhotosError(
        .invalidResource,
        "the content editing output was made for "
          + "'\(output.assetLocalIdentifier)', not '\(asset.localIdentifier)'")
    }
    let url = output.renderedContentURL
    guard (try? FileContents.checkReadable(url)) != nil else {
      throw PHPhotosError(
        .invalidResource,
        "\(url.path): no rendered content was written for "
          + "'\(asset.localIdentifier)'")
    }
    if asset.mediaType != .video {
      let format = (try? ImageSniffer.format(ofFileAt: url.path)) ?? nil
      guard format == .jpeg || format == .heif else {
        throw PHPhotosError(
          .invalidResource,
          "\(url.path): the rendered photo of '\(asset.localIdentifier)' "
            + "must be JPEG or HEIF data")
      }
    }
    let adjustment = AssetEdit.Adjustment(
      formatIdentifier: data.formatIdentifier, formatVersion: data.formatVersion,
      data: data.data)
    return (url, adjustment)
  }
}

extension PHAssetChangeRequest {
  /// Drops the asset's saved edit when the change is performed, after the system's
  /// confirmation: every app sees the original again. Mirrors
  /// `revertAssetContentToOriginal()`.
  public func revertAssetContentToOriginal() {
    contentEditingOutput = nil
    revertsContent = true
  }
}
