import Foundation

/// Which frame of a Live Photo a frame processor is given: the still or a frame of the movie.
/// Mirrors `PHLivePhotoFrameType`, raw values included. Live Photo editing itself
/// (`PHLivePhotoEditingContext`) needs Core Image, which Linux does not have, so no frame of
/// either type is ever handed out; the type is here for code that switches on it.
public enum PHLivePhotoFrameType: Int, Sendable, Hashable {
  case photo = 0
  case video = 1
}
