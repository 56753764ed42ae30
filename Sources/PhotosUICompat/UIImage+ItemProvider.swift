#if !canImport(ObjectiveC)
  import Foundation
  import UIKitCompat

  extension UIImage: NSItemProviderReading {
    /// Any image the decoder reads.
    public static var readableTypeIdentifiersForItemProvider: [String] { ["public.image"] }

    /// The image decoded from `data`; throws when it cannot be decoded.
    public static func object(withItemProviderData data: Data, typeIdentifier: String) throws
      -> Self
    {
      guard let image = UIImage(data: data) as? Self else {
        throw CocoaError(.fileReadCorruptFile)
      }
      return image
    }
  }
#endif
