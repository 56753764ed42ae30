import Foundation
import ImageDecoding

/// The id of a `PHLivePhoto.request(withResourceFileURLs:…)`. Mirrors `PHLivePhotoRequestID`.
public typealias PHLivePhotoRequestID = Int32

/// No request. Mirrors `PHLivePhotoRequestIDInvalid`.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let PHLivePhotoRequestIDInvalid: PHLivePhotoRequestID = 0

extension PHLivePhoto {
  private static let requests = LockedBox((next: PHLivePhotoRequestID(1), cancelled: Set<Int32>()))

  /// Makes a Live Photo from its files, a still and a movie (in either order): their headers
  /// are read off the main thread and `resultHandler` is called once on the main queue with
  /// the Live Photo (sized by the still, EXIF orientation applied), or nil with
  /// `PHLivePhotoInfoErrorKey` (a `PHPhotosError` `.invalidResource` naming the file) when the
  /// URLs are not one readable still and one movie, or with `PHLivePhotoInfoCancelledKey` after
  /// `cancelRequest(withRequestID:)`. The placeholder, target size and content mode change
  /// nothing (nothing is drawn). Mirrors
  /// `request(withResourceFileURLs:placeholderImage:targetSize:contentMode:resultHandler:)`.
  @discardableResult
  public class func request(
    withResourceFileURLs fileURLs: [URL], placeholderImage image: UIImage?,
    targetSize: CGSize, contentMode: PHImageContentMode,
    resultHandler: @escaping (PHLivePhoto?, [AnyHashable: Any]) -> Void
  ) -> PHLivePhotoRequestID {
    let id = requests.withLock { state in
      defer { state.next = state.next == .max ? 1 : state.next + 1 }
      return state.next
    }
    let handler = UncheckedSendable(resultHandler)
    DispatchQueue.global().async {
      let result = livePhoto(from: fileURLs)
      DispatchQueue.main.async {
        if requests.withLock({ $0.cancelled.remove(id) != nil }) {
          handler.value(nil, [PHLivePhotoInfoCancelledKey: NSNumber(value: true)])
          return
        }
        switch result {
        case .success(let livePhoto):
          handler.value(livePhoto, [PHLivePhotoInfoIsDegradedKey: NSNumber(value: false)])
        case .failure(let error):
          handler.value(nil, [PHLivePhotoInfoErrorKey: error])
        }
      }
    }
    return id
  }

  /// Cancels a request that has not called back yet: its handler gets nil with
  /// `PHLivePhotoInfoCancelledKey`. Mirrors `cancelRequest(withRequestID:)`.
  public class func cancelRequest(withRequestID requestID: PHLivePhotoRequestID) {
    guard requestID != PHLivePhotoRequestIDInvalid else { return }
    _ = requests.withLock { $0.cancelled.insert(requestID) }
  }

  /// The Live Photo of one still and one movie among `urls`.
  private static func livePhoto(from urls: [URL]) -> Result<PHLivePhoto, PHPhotosError> {
    var still: (url: URL, size: CGSize)?
    var movie: URL?
    for url in urls {
      guard let info = try? ImageDecoder.info(ofFileAt: url.path) else {
        return .failure(
          PHPhotosError(.invalidResource, "\(url.path): not a photo or movie that can be read"))
      }
      if info.video != nil {
        guard movie == nil else {
          return .failure(PHPhotosError(.invalidResource, "\(url.path): a second movie"))
        }
        movie = url
      } else {
        guard still == nil else {
          return .failure(PHPhotosError(.invalidResource, "\(url.path): a second still"))
        }
        let swaps = (5...8).contains(info.orientation)
        still = (
          url,
          CGSize(
            width: swaps ? info.height : info.width, height: swaps ? info.width : info.height)
        )
      }
    }
    guard let still, let movie else {
      return .failure(
        PHPhotosError(
          .invalidResource,
          "a Live Photo needs a still and a movie; got \(urls.map(\.lastPathComponent))"))
    }
    return .success(
      PHLivePhoto(
        photoURL: still.url, videoURL: movie, size: still.size, assetLocalIdentifier: ""))
  }
}

extension PHLivePhoto: NSSecureCoding {
  public static var supportsSecureCoding: Bool { true }

  /// Reads what `encode(with:)` wrote (the two files, the size, the asset); nil when a part is
  /// missing. Mirrors `init?(coder:)`.
  public convenience init?(coder: NSCoder) {
    guard let photo = coder.decodeObject(of: NSURL.self, forKey: "photoURL") as URL?,
      let video = coder.decodeObject(of: NSURL.self, forKey: "videoURL") as URL?
    else { return nil }
    let id = coder.decodeObject(of: NSString.self, forKey: "assetLocalIdentifier") ?? ""
    self.init(
      photoURL: photo, videoURL: video,
      size: CGSize(
        width: coder.decodeDouble(forKey: "width"), height: coder.decodeDouble(forKey: "height")),
      assetLocalIdentifier: id as String)
  }

  public func encode(with coder: NSCoder) {
    coder.encode(photoURL as NSURL, forKey: "photoURL")
    coder.encode(videoURL as NSURL, forKey: "videoURL")
    coder.encode(Double(size.width), forKey: "width")
    coder.encode(Double(size.height), forKey: "height")
    coder.encode(assetLocalIdentifier as NSString, forKey: "assetLocalIdentifier")
  }
}
