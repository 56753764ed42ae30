import Foundation
import ImageDecoding

#if !canImport(UniformTypeIdentifiers)
  /// A stand-in for UniformTypeIdentifiers' `UTType`, for PhotoKit's `contentType` members:
  /// the type identifier of a file format, with its preferred file extension and MIME type
  /// and what it conforms to, for every format the format registry reads (photos and movies)
  /// and the abstract types above them (`public.image`, `public.movie`,
  /// `public.audiovisual-content`, `public.data`). Linux has no system type database: other
  /// identifiers are types of their own that conform only to themselves.
  public struct UTType: Hashable, Sendable, CustomStringConvertible {
    /// The type identifier ("public.jpeg").
    public let identifier: String

    /// The type `identifier`; nil for an empty one. Mirrors `UTType(_:)`.
    public init?(_ identifier: String) {
      guard !identifier.isEmpty else { return nil }
      self.identifier = identifier
    }

    private init(known identifier: String) { self.identifier = identifier }

    /// The registered format with the file extension `filenameExtension` (any case). Mirrors
    /// `UTType(filenameExtension:)`.
    public init?(filenameExtension: String) {
      let wanted = filenameExtension.lowercased()
      guard
        let codec = ImageFormatRegistry.shared.codecs.first(where: {
          $0.fileExtensions.contains(wanted)
        })
      else { return nil }
      identifier = codec.uniformTypeIdentifier
    }

    private var codec: (any ImageCodec)? {
      ImageFormatRegistry.shared.codecs.first { $0.uniformTypeIdentifier == identifier }
    }

    /// The format's usual file extension (the registry's first: "jpg", "heic", "mov").
    public var preferredFilenameExtension: String? { codec?.fileExtensions.first }
    /// The format's MIME type ("image/jpeg").
    public var preferredMIMEType: String? { codec?.mimeType }

    /// The types this one directly conforms to.
    public var supertypes: Set<UTType> {
      let data = UTType.data
      let audiovisual = UTType.audiovisualContent
      switch identifier {
      case UTType.data.identifier: return []
      case UTType.image.identifier, audiovisual.identifier: return [data]
      case UTType.movie.identifier: return [audiovisual, data]
      default:
        guard let codec else { return [] }
        return codec.mimeType.hasPrefix("video/")
          ? [UTType.movie, audiovisual, data] : [UTType.image, data]
      }
    }

    /// Whether this type is `type` or below it. Mirrors `conforms(to:)`.
    public func conforms(to type: UTType) -> Bool {
      self == type || supertypes.contains(type)
    }

    public var description: String { identifier }

    public static let data = UTType(known: "public.data")
    public static let image = UTType(known: "public.image")
    public static let audiovisualContent = UTType(known: "public.audiovisual-content")
    public static let movie = UTType(known: "public.movie")
    public static let jpeg = UTType(known: "public.jpeg")
    public static let png = UTType(known: "public.png")
    public static let heic = UTType(known: "public.heic")
    public static let gif = UTType(known: "com.compuserve.gif")
    public static let webP = UTType(known: "org.webmproject.webp")
    public static let quickTimeMovie = UTType(known: "com.apple.quicktime-movie")
    public static let mpeg4Movie = UTType(known: "public.mpeg-4")
  }
#endif
