#if !canImport(ObjectiveC)
  import Dispatch
  import Foundation
  import PhotoLibrary

  /// A type an item provider can make from a file's bytes. Mirrors `NSItemProviderReading`.
  public protocol NSItemProviderReading: AnyObject, Sendable {
    /// The types it reads, most preferred first.
    static var readableTypeIdentifiersForItemProvider: [String] { get }
    /// An object from `data` of type `typeIdentifier`.
    static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Self
  }

  /// Hands over one picked file. Mirrors Foundation's `NSItemProvider` as the photo picker
  /// returns it: the file's type and, for a Live Photo, the paired movie's; loading runs on a
  /// background queue and needs no photo library authorization.
  public final class NSItemProvider: NSObject, @unchecked Sendable {
    let item: PickerItem

    init(item: PickerItem) {
      self.item = item
      super.init()
    }

    /// The file's name without its extension, as iOS suggests it.
    public var suggestedName: String? {
      item.url.deletingPathExtension().lastPathComponent
    }

    /// The file's type, then the Live Photo type for a still with a paired movie.
    public var registeredTypeIdentifiers: [String] {
      item.pairedMovie == nil
        ? [item.typeIdentifier] : [Self.livePhotoType, item.typeIdentifier]
    }

    /// Whether a registered type is, or conforms to, `typeIdentifier` ("public.image" for a
    /// JPEG, "public.movie" for a QuickTime movie, "public.data" and "public.item" for all).
    public func hasItemConformingToTypeIdentifier(_ typeIdentifier: String) -> Bool {
      registeredTypeIdentifiers.contains { Self.type($0, conformsTo: typeIdentifier) }
    }

    /// Whether `aClass` can be made from a registered type.
    public func canLoadObject(ofClass aClass: any NSItemProviderReading.Type) -> Bool {
      aClass.readableTypeIdentifiersForItemProvider.contains(where: hasItemConformingTo)
    }

    /// Makes an `aClass` object from the file (a `UIImage` from a photo), on a background
    /// queue; nil and an error when the file is not of a type it reads.
    @discardableResult
    public func loadObject(
      ofClass aClass: any NSItemProviderReading.Type,
      completionHandler: @escaping @Sendable ((any NSItemProviderReading)?, (any Error)?) -> Void
    ) -> Progress {
      let item = item
      let wanted = aClass.readableTypeIdentifiersForItemProvider
      return run {
        guard let type = wanted.first(where: self.hasItemConformingTo) else {
          return completionHandler(nil, Self.error("cannot be loaded as \(aClass)", item))
        }
        do {
          let data = try FileContents.data(of: item.url)
          completionHandler(
            try aClass.object(withItemProviderData: data, typeIdentifier: type), nil)
        } catch {
          completionHandler(nil, Self.error("cannot be read: \(error)", item))
        }
      }
    }

    /// Copies the file of `typeIdentifier` (the photo, or a Live Photo's movie for
    /// "public.movie") to a temporary file, calls `completionHandler` with its URL on a
    /// background queue, then deletes the copy, as iOS does.
    @discardableResult
    public func loadFileRepresentation(
      forTypeIdentifier typeIdentifier: String,
      completionHandler: @escaping @Sendable (URL?, (any Error)?) -> Void
    ) -> Progress {
      let item = item
      return run {
        guard let source = self.file(conformingTo: typeIdentifier) else {
          return completionHandler(nil, Self.error("has no \(typeIdentifier)", item))
        }
        let folder = FileManager.default.temporaryDirectory
          .appendingPathComponent("NSItemProvider-\(UUID().uuidString)")
        let copy = folder.appendingPathComponent(source.lastPathComponent)
        do {
          try FileContents.makeFolder(folder)
          try FileContents.copy(source, to: copy)
        } catch {
          FileContents.remove(folder)
          return completionHandler(nil, Self.error("cannot be copied: \(error)", item))
        }
        completionHandler(copy, nil)
        FileContents.remove(folder)
      }
    }

    /// The bytes of the file of `typeIdentifier`, on a background queue.
    @discardableResult
    public func loadDataRepresentation(
      forTypeIdentifier typeIdentifier: String,
      completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void
    ) -> Progress {
      let item = item
      return run {
        guard let source = self.file(conformingTo: typeIdentifier) else {
          return completionHandler(nil, Self.error("has no \(typeIdentifier)", item))
        }
        do {
          completionHandler(try FileContents.data(of: source), nil)
        } catch {
          completionHandler(nil, Self.error("cannot be read: \(error)", item))
        }
      }
    }

    // MARK: Types

    static let livePhotoType = "com.apple.live-photo"

    private func hasItemConformingTo(_ type: String) -> Bool {
      hasItemConformingToTypeIdentifier(type)
    }

    /// The file holding `typeIdentifier`: the photo, or a Live Photo's paired movie.
    private func file(conformingTo typeIdentifier: String) -> URL? {
      if Self.type(item.typeIdentifier, conformsTo: typeIdentifier) { return item.url }
      if let movie = item.pairedMovie,
        Self.type("com.apple.quicktime-movie", conformsTo: typeIdentifier)
      {
        return movie
      }
      return nil
    }

    /// Whether `type` is `other` or one of its kinds, by the uniform type hierarchy of the
    /// formats the library holds.
    static func type(_ type: String, conformsTo other: String) -> Bool {
      if type == other || other == "public.item" || other == "public.data" { return true }
      let parents: [String: [String]] = [
        "public.jpeg": ["public.image"], "public.png": ["public.image"],
        "public.heic": ["public.image", "public.heif"], "public.heif": ["public.image"],
        "com.compuserve.gif": ["public.image"], "org.webmproject.webp": ["public.image"],
        "com.apple.quicktime-movie": ["public.movie", "public.audiovisual-content"],
        "public.mpeg-4": ["public.movie", "public.audiovisual-content"],
      ]
      return parents[type]?.contains(other) ?? false
    }

    private func run(_ body: @escaping @Sendable () -> Void) -> Progress {
      let progress = Progress(totalUnitCount: 1)
      DispatchQueue.global().async {
        body()
        progress.completedUnitCount = 1
      }
      return progress
    }

    private static func error(_ reason: String, _ item: PickerItem) -> any Error {
      NSError(
        domain: "NSItemProviderErrorDomain", code: -1000,
        userInfo: [NSLocalizedDescriptionKey: "\(item.url.lastPathComponent) \(reason)"])
    }
  }
#endif
