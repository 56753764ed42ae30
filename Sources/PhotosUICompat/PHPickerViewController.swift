#if !canImport(Darwin)  // not canImport(PhotosUI): PhotoGate's own PhotosUI module would answer yes
  import Dispatch
  import Foundation
  import PhotoKitCompat
  import PhotoLibrary

  /// Hears what the user picked. Mirrors `PHPickerViewControllerDelegate`.
  public protocol PHPickerViewControllerDelegate: AnyObject {
    /// Called on the main queue when the user taps Add (the picked results) or Cancel (none).
    /// The picker does not dismiss itself.
    func picker(_ picker: PHPickerViewController, didFinishPicking results: [PHPickerResult])
  }

  /// The system photo picker. Mirrors `PHPickerViewController`.
  ///
  /// When it appears (`present(_:animated:)`), the installed device's user picks from the
  /// whole library, whatever the app's authorization, and no prompt is shown: the script of
  /// `PhotoKitUser.willPickInPhotoPicker` (ids; nil or nothing left: Cancel). Ids the filter
  /// does not offer are not picked, and no more than `selectionLimit` are. The delegate then
  /// hears the results on the main queue.
  open class PHPickerViewController: UIViewController, @unchecked Sendable {
    public let configuration: PHPickerConfiguration
    public weak var delegate: (any PHPickerViewControllerDelegate)?
    private var shown = false
    /// The user's current selection (the results last delivered), for the iOS 16 and 17
    /// methods that change it.
    private var selected: [PHPickerResult] = []
    /// The selection limit, as `updatePicker(using:)` left it.
    private var selectionLimit: Int
    /// The edges without content margins, as `updatePicker(using:)` left them.
    public private(set) var edgesWithoutContentMargins: NSDirectionalRectEdge

    public init(configuration: PHPickerConfiguration) {
      self.configuration = configuration
      selectionLimit = configuration.selectionLimit
      edgesWithoutContentMargins = configuration.edgesWithoutContentMargins
      super.init(nibName: nil, bundle: nil)
    }

    public required init?(coder: NSCoder) {
      configuration = PHPickerConfiguration()
      selectionLimit = configuration.selectionLimit
      edgesWithoutContentMargins = []
      super.init(coder: coder)
    }

    open override func viewDidAppear(_ animated: Bool) {
      super.viewDidAppear(animated)
      guard !shown else { return }
      shown = true
      let device = PhotoKitDevice.current
      DispatchQueue.global().async {
        let results = self.pick(on: device)
        DispatchQueue.main.async {
          self.selected = results
          self.delegate?.picker(self, didFinishPicking: results)
        }
      }
    }

    // MARK: Changing the selection (iOS 16, 17)

    /// Deselects the picked assets with `identifiers`; a continuous picker's delegate then
    /// hears the remaining selection on the main queue. Does nothing for identifiers not
    /// selected, or without `PHPickerConfiguration(photoLibrary:)`, as PhotosUI. Mirrors
    /// `deselectAssets(withIdentifiers:)`.
    public func deselectAssets(withIdentifiers identifiers: [String]) {
      guard configuration.identifiesAssets else { return }
      let remaining = selected.filter { !identifiers.contains($0.assetIdentifier ?? "") }
      guard remaining.count != selected.count else { return }
      changeSelection(to: remaining)
    }

    /// Moves the picked asset `identifier` after `afterIdentifier` (nil: to the front); a
    /// continuous picker's delegate then hears the new order on the main queue. Does nothing
    /// for identifiers not selected, or without `PHPickerConfiguration(photoLibrary:)`. Mirrors
    /// `moveAsset(withIdentifier:afterAssetWithIdentifier:)`.
    public func moveAsset(
      withIdentifier identifier: String, afterAssetWithIdentifier afterIdentifier: String?
    ) {
      guard configuration.identifiesAssets, identifier != afterIdentifier,
        let from = selected.firstIndex(where: { $0.assetIdentifier == identifier })
      else { return }
      var order = selected
      let moved = order.remove(at: from)
      if let afterIdentifier {
        guard let after = order.firstIndex(where: { $0.assetIdentifier == afterIdentifier })
        else { return }
        order.insert(moved, at: after + 1)
      } else {
        order.insert(moved, at: 0)
      }
      guard order.map(\.assetIdentifier) != selected.map(\.assetIdentifier) else { return }
      changeSelection(to: order)
    }

    /// Applies `update`: a new selection limit holds for later picks and trims a continuous
    /// picker's current selection (its delegate hears it); new edges are recorded. Mirrors
    /// `updatePicker(using:)`.
    public func updatePicker(using update: PHPickerConfiguration.Update) {
      if let edges = update.edgesWithoutContentMargins { edgesWithoutContentMargins = edges }
      guard let limit = update.selectionLimit else { return }
      selectionLimit = max(0, limit)
      if selectionLimit > 0, selected.count > selectionLimit {
        changeSelection(to: Array(selected.prefix(selectionLimit)))
      }
    }

    /// Scrolls the grid back to where it opened. The stand-in has no display, so nothing the
    /// app can see changes. Mirrors `scrollToInitialPosition()`.
    public func scrollToInitialPosition() {}
    /// Shows larger thumbnails. No display here (see `scrollToInitialPosition()`). Mirrors
    /// `zoomIn()`.
    public func zoomIn() {}
    /// Shows smaller thumbnails. No display here (see `scrollToInitialPosition()`). Mirrors
    /// `zoomOut()`.
    public func zoomOut() {}

    /// Replaces the selection; a continuous picker reports every change to its delegate.
    private func changeSelection(to results: [PHPickerResult]) {
      selected = results
      let continuous =
        configuration.selection == .continuous || configuration.selection == .continuousAndOrdered
      guard continuous else { return }
      DispatchQueue.main.async {
        self.delegate?.picker(self, didFinishPicking: results)
      }
    }

    /// What the user picks on `device`, as results.
    func pick(on device: PhotoKitDevice) -> [PHPickerResult] {
      let offered = device.phone.systemPickerAssets().compactMap(PickerItem.init).filter {
        configuration.filter?.matches($0) ?? true
      }
      guard var picked = device.user.pickInPhotoPicker(offered: offered.map(\.id)) else {
        return []
      }
      if selectionLimit > 0 {
        picked = Array(picked.prefix(selectionLimit))
      }
      let ordered =
        configuration.selection == .ordered || configuration.selection == .continuousAndOrdered
      let items =
        ordered
        ? picked.compactMap { id in offered.first { $0.id == id } }
        : offered.filter { picked.contains($0.id) }
      return items.map { item in
        PHPickerResult(
          itemProvider: NSItemProvider(item: item),
          assetIdentifier: configuration.identifiesAssets ? item.id : nil)
      }
    }
  }
#endif
