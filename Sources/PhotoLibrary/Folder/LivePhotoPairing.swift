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
    if pairedMovies.isEmpty { return (files.map { $0.asset(pairedWith: nil) }, problems) }
    let assets = files.filter { !pairedMovies.contains($0.id) }.map { file in
      file.asset(pairedWith: movieOfStill[file.id])
    }
    return (assets, problems)
  }
}

extension LivePhotoPairing.File {
  var isAnimated: Bool { facts?.traits.contains(.animated) ?? false }

  /// The folder and base name, case folded ("dcim/img_0001").
  var baseKey: String { Self.baseKey(of: id) }

  static func baseKey(of id: String) -> String {
    if let key = plainBaseKey(of: id) { return key }
    let name = (id as NSString).deletingPathExtension
    return name.lowercased()
  }

  /// ``baseKey(of:)`` of an ASCII id whose name is a plain "stem.ext" (a stem not starting
  /// with a dot, an extension of letters and digits, no doubled slash): the id up to its last
  /// dot, lowercased, as `deletingPathExtension` gives it, without bridging to `NSString`
  /// (once per still of the library). Nil for any other id.
  static func plainBaseKey(of id: String) -> String? {
    let bytes = id.utf8
    var slash = -1
    var dot = -1
    var previous: UInt8 = 0
    for (offset, byte) in bytes.enumerated() {
      if byte >= 0x80 || (byte == UInt8(ascii: "/") && previous == byte) { return nil }
      if byte == UInt8(ascii: "/") {
        slash = offset
        dot = -1
      } else if byte == UInt8(ascii: ".") {
        dot = offset
      } else if dot >= 0 && !(byte.isASCIIDigit || byte.isASCIILetter) {
        return nil
      }
      previous = byte
    }
    guard dot > slash + 1, dot < bytes.count - 1,
      bytes[bytes.index(bytes.startIndex, offsetBy: slash + 1)] != UInt8(ascii: ".")
    else { return nil }
    return String(
      unsafeUninitializedCapacity: dot,
      initializingUTF8With: { buffer in
        for (offset, byte) in bytes.prefix(dot).enumerated() {
          buffer[offset] = byte.isASCIIUppercase ? byte + 32 : byte
        }
        return dot
      })
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

extension UInt8 {
  fileprivate var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
  fileprivate var isASCIIUppercase: Bool {
    self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z")
  }
  fileprivate var isASCIILetter: Bool {
    isASCIIUppercase || (self >= UInt8(ascii: "a") && self <= UInt8(ascii: "z"))
  }
}
