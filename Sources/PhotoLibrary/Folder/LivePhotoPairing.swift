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
    // Positions, not copies: in a large library nearly every file is a still.
    let stills = files.indices.filter {
      files[$0].facts?.mediaType == .image && !files[$0].isAnimated
    }
    var movieOfStill: [String: File] = [:]
    var pairedMovies: Set<String> = []
    // By identifier first.
    let moviesByIdentifier = Dictionary(
      movies.compactMap { movie in movie.facts?.contentIdentifier.map { ($0, movie) } },
      uniquingKeysWith: { first, _ in first })
    for still in stills.lazy.map({ files[$0] }) where !moviesByIdentifier.isEmpty {
      guard let identifier = still.facts?.contentIdentifier,
        let movie = moviesByIdentifier[identifier], !pairedMovies.contains(movie.id)
      else { continue }
      movieOfStill[still.id] = movie
      pairedMovies.insert(movie.id)
    }
    // Then by folder and base name.
    let moviesByName = Dictionary(
      movies.map { ($0.baseKey, $0) }, uniquingKeysWith: { first, _ in first })
    for still in stills.lazy.map({ files[$0] }) where !moviesByName.isEmpty {
      // The name first: most stills have no movie of their name, and the key is cheap.
      guard let movie = moviesByName[still.baseKey],
        movieOfStill.isEmpty || movieOfStill[still.id] == nil, !pairedMovies.contains(movie.id)
      else {
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
      : Dictionary(
        stills.map { (files[$0].baseKey, files[$0]) }, uniquingKeysWith: { first, _ in first })
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

  /// A movie, or a file whose first bytes name a movie format but whose header is broken:
  /// what may be a Live Photo's movie.
  var isMovie: Bool { facts?.mediaType == .video || (facts == nil && isMovieFormat) }

  /// The folder and base name, case folded ("dcim/img_0001").
  var baseKey: String { Self.baseKey(of: id) }

  static func baseKey(of id: String) -> String {
    plainBaseKey(of: id) ?? (id as NSString).deletingPathExtension.lowercased()
  }

  /// ``baseKey(of:)`` of an ASCII id with no empty component (no leading, trailing or doubled
  /// '/'), as every id of a walk is, without Foundation's path parsing (a scan asks it of every
  /// still): what `deletingPathExtension` leaves, the last component up to its last '.' unless
  /// that '.' starts the component (a hidden name) or the component is "..", lowercased. Nil
  /// for any other id.
  static func plainBaseKey(of id: String) -> String? {
    let slash = UInt8(ascii: "/")
    let period = UInt8(ascii: ".")
    var id = id
    return id.withUTF8 { bytes -> String? in
      guard let lastByte = bytes.last, lastByte != slash, bytes[0] != slash else { return nil }
      var componentStart = 0
      var lastPeriod = -1
      var previous: UInt8 = 0
      for index in bytes.indices {
        let byte = bytes[index]
        if byte >= 0x80 || (byte == slash && previous == slash) { return nil }
        if byte == slash {
          componentStart = index + 1
        } else if byte == period {
          lastPeriod = index
        }
        previous = byte
      }
      let isParent =
        bytes.count - componentStart == 2 && bytes[componentStart] == period
        && lastByte == period
      let end = lastPeriod > componentStart && !isParent ? lastPeriod : bytes.count
      return String(unsafeUninitializedCapacity: end) { buffer in
        for index in 0..<end {
          let byte = bytes[index]
          let isUpper = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
          buffer[index] = isUpper ? byte + 32 : byte
        }
        return end
      }
    }
  }

  /// The asset of this file, joined with `movie` when it is a Live Photo's still.
  func asset(pairedWith movie: Self?) -> Asset { asset(pairedWithMovie: movie?.id) }

  /// The asset of this file, joined with the movie of id `movie` when it is a Live Photo's
  /// still.
  func asset(pairedWithMovie movie: String?) -> Asset {
    let facts =
      facts ?? AssetFacts(mediaType: isMovieFormat ? .video : .image, pixelWidth: 0, pixelHeight: 0)
    var subtypes = facts.mediaSubtypes
    if movie != nil { subtypes.insert(.photoLive) }
    return Asset(
      id: id, root: root, pairedVideo: movie,
      creationDate: facts.creationDate ?? modificationDate, pixelWidth: facts.pixelWidth,
      pixelHeight: facts.pixelHeight, mediaType: facts.mediaType,
      mediaSubtypes: subtypes, duration: facts.duration, addedDate: modificationDate,
      traits: facts.traits, fileIdentity: identity)
  }
}
