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

    public init(configuration: PHPickerConfiguration) {
      self.configuration = configuration
      super.init(nibName: nil, bundle: nil)
    }

    public required init?(coder: NSCoder) {
      configuration = PHPickerConfiguration()
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
          self.delegate?.picker(self, didFinishPicking: results)
        }
      }
    }

    /// What the user picks on `device`, as results.
    func pick(on device: PhotoKitDevice) -> [PHPickerResult] {
      let all: [Asset]
      do {
        all = try device.session.backend.allAssets()
      } catch {
        return []
      }
      let offered = all.compactMap(PickerItem.init).filter {
        configuration.filter?.matches($0) ?? true
      }
      guard var picked = device.user.pickInPhotoPicker(offered: offered.map(\.id)) else {
        return []
      }
      if configuration.selectionLimit > 0 {
        picked = Array(picked.prefix(configuration.selectionLimit))
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
