import Foundation

/// Joins a Live Photo's still and movie into one asset, as the Photos library shows them.
///
/// A movie belongs to a still when both carry Apple's content identifier and it is the same
/// (anywhere in the library), or, when the identifiers do not contradict each other, when they
/// sit in the same folder under the same base name ("IMG_0001.HEIC" and "IMG_0001.MOV", as a
/// DCIM folder or an "Export Unmodified Originals" holds them). Each still takes at most one
/// movie. The joined asset is the still's: `photoLive`, with the photo and paired-video
/// resources; the movie is no asset of its own.
enum LivePhotoPairing {
  /// One file the scan read (or failed to read).
  struct File: Sendable {
    var id: String
    var root: AssetRoot
    var album: String?
    var modificationDate: Date
    /// Nil when the header could not be read.
    var facts: AssetFacts?
    /// Why the header could not be read.
    var failure: String?
    /// The format the first bytes name, when known (tells a broken movie from a broken still).
    var isMovieFormat: Bool = false
    /// The file's place in the folder walk (the scan puts files back in walk order with it).
    var walkOrder = 0
    /// What makes the file this file (see ``Asset/fileIdentity``).
    var identity: AssetFileIdentity?

    var url: URL { root.url(of: id) }
  }

  /// The assets of `files` with Live Photos joined, and a problem for each still whose movie
  /// is broken (`unreadableMovies` names, by id, movie-named files that are no movie at all).
  static func assets(
    of files: [File], unreadableMovies: [(id: String, url: URL, reason: String)] = []
  ) -> (assets: [Asset], problems: [ScanProblem]) {
    let movies = files.filter { $0.facts?.mediaType == .video }
    let brokenMovies = files.filter { $0.facts == nil && $0.isMovieFormat }
    // Most libraries hold no movie at all: then there is nothing to pair or report.
    if movies.isEmpty && brokenMovies.isEmpty && unreadableMovies.isEmpty {
      return (files.map { $0.asset(pairedWith: nil) }, [])
    }
    // The stills are most of a library: iterated where they are, never copied (a million
    // files' copy is hundreds of megabytes at the scan's peak).
    let stills = files.lazy.filter { $0.facts?.mediaType == .image && !$0.isAnimated }
    var movieOfStill: [String: File] = [:]
    var pairedMovies: Set<String> = []
    // By identifier first.
    let moviesByIdentifier = Dictionary(
      movies.compactMap { movie in movie.facts?.contentIdentifier.map { ($0, movie) } },
      uniquingKeysWith: { first, _ in first })
    for still in stills {
      guard let identifier = still.facts?.contentIdentifier,
        let movie = moviesByIdentifier[identifier], !pairedMovies.contains(movie.id)
      else { continue }
      movieOfStill[still.id] = movie
      pairedMovies.insert(movie.id)
    }
    // Then by folder and base name.
    let moviesByName = Dictionary(
      movies.map { ($0.baseKey, $0) }, uniquingKeysWith: { first, _ in first })
    for still in stills where movieOfStill[still.id] == nil && !moviesByName.isEmpty {
      guard let movie = moviesByName[still.baseKey], !pairedMovies.contains(movie.id) else {
        continue
      }
      if let a = still.facts?.contentIdentifier, let b = movie.facts?.contentIdentifier, a != b {
        continue
      }
      movieOfStill[still.id] = movie
      pairedMovies.insert(movie.id)
    }
    var problems: [ScanProblem] = []
    let stillsByName =
      brokenMovies.isEmpty && unreadableMovies.isEmpty
      ? [:]
      : Dictionary(stills.map { ($0.baseKey, $0) }, uniquingKeysWith: { first, _ in first })
    for file in brokenMovies {
      guard let still = stillsByName[file.baseKey], movieOfStill[still.id] == nil else { continue }
      problems.append(
        ScanProblem(
          path: file.id, url: file.url,
          reason: "the Live Photo movie of \(still.id) cannot be read (\(file.failure ?? "?")); "
            + "the photo is listed as a still"))
    }
    for movie in unreadableMovies {
      let key = File.baseKey(of: movie.id)
      guard let still = stillsByName[key], movieOfStill[still.id] == nil else { continue }
      problems.append(
        ScanProblem(
          path: movie.id, url: movie.url,
          reason: "the Live Photo movie of \(still.id) is \(movie.reason); "
            + "the photo is listed as a still"))
    }
    // One pass into a list of the final size: no filtered copy of the files first.
    var assets: [Asset] = []
    assets.reserveCapacity(files.count - pairedMovies.count)
    for file in files where pairedMovies.isEmpty || !pairedMovies.contains(file.id) {
      assets.append(file.asset(pairedWith: movieOfStill[file.id]))
    }
    return (assets, problems)
  }
}

extension LivePhotoPairing.File {
  var isAnimated: Bool { facts?.traits.contains(.animated) ?? false }

  /// The folder and base name, case folded ("dcim/img_0001").
  var baseKey: String { Self.baseKey(of: id) }

  static func baseKey(of id: String) -> String {
    let name = (id as NSString).deletingPathExtension
    return name.lowercased()
  }

  /// The asset of this file, joined with `movie` when it is a Live Photo's still.
  func asset(pairedWith movie: Self?) -> Asset {
    let facts =
      facts ?? AssetFacts(mediaType: isMovieFormat ? .video : .image, pixelWidth: 0, pixelHeight: 0)
    var subtypes = facts.mediaSubtypes
    if movie != nil { subtypes.insert(.photoLive) }
    return Asset(
      id: id, root: root, pairedVideo: movie?.id,
      creationDate: facts.creationDate ?? modificationDate, pixelWidth: facts.pixelWidth,
      pixelHeight: facts.pixelHeight, album: album, mediaType: facts.mediaType,
      mediaSubtypes: subtypes, duration: facts.duration, addedDate: modificationDate,
      traits: facts.traits, fileIdentity: identity)
  }
}
