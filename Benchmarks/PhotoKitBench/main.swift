// Times PhotoKit calls on a large folder library through PhotoKitCompat, as an app would
// make them: scripts/bench-photokit and scripts/bench-library build the library and run this
// (declared only with PHOTOGATE_BENCH=1). Prints one line per step: its name and milliseconds.
//   PhotoKitBench LIBRARY                  fetches, then thumbnail requests
//   PhotoKitBench LIBRARY --fetch-only     fetches and windows of them only
//   PhotoKitBench LIBRARY --limited N      the same with limited access to N assets (every
//                                          count/N-th file of the library)
import Dispatch
import Foundation
import PhotoKitCompat

@MainActor
func run() throws {
  var arguments = Array(CommandLine.arguments.dropFirst())
  let fetchOnly = arguments.contains("--fetch-only")
  arguments.removeAll { $0 == "--fetch-only" }
  var limited: Int?
  if let flag = arguments.firstIndex(of: "--limited"), flag + 1 < arguments.count {
    limited = Int(arguments[flag + 1])
    arguments.removeSubrange(flag...(flag + 1))
  }
  guard arguments.count == 1 else {
    FileHandle.standardError.write(
      Data("usage: PhotoKitBench LIBRARY [--fetch-only] [--limited N]\n".utf8))
    exit(2)
  }
  let library = URL(fileURLWithPath: arguments[0])

  @discardableResult func step<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
    let start = DispatchTime.now().uptimeNanoseconds
    let result = try body()
    let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    print(String(format: "%-44@ %9.1f ms", name as NSString, ms))
    return result
  }

  let selection = limited.map { selectionOf($0, in: library) }
  // The device's install observes the library: its first scan is this step.
  try step("install (the device's first scan)") {
    if let selection {
      try PhotoKitDevice.install(readWrite: .limited, selection: selection, library: library)
    } else {
      try PhotoKitDevice.install(readWrite: .authorized, library: library)
    }
  }

  let all = step("fetchAssets(with: nil) + count") { () -> PHFetchResult<PHAsset> in
    let result = PHAsset.fetchAssets(with: nil)
    _ = result.count
    return result
  }
  print("assets: \(all.count)")
  _ = step("fetchAssets(with: nil) again + count") { PHAsset.fetchAssets(with: nil).count }
  _ = step("firstObject, lastObject") { (all.firstObject, all.lastObject) }
  let middle = max(0, all.count / 2 - 250)
  let window = step("object(at:) × 500") {
    (middle..<min(middle + 500, all.count)).map { all.object(at: $0) }
  }
  step("enumerateObjects(at: 500)") {
    var seen = 0
    all.enumerateObjects(at: IndexSet(integersIn: middle..<min(middle + 500, all.count))) {
      _, _, _ in seen += 1
    }
  }
  for (name, subtype) in [
    ("Favorites", PHAssetCollectionSubtype.smartAlbumFavorites),
    ("Videos", .smartAlbumVideos), ("Recents", .smartAlbumUserLibrary),
  ] {
    _ = step("smart album \(name): fetch + count") { () -> Int in
      guard
        let album = PHAssetCollection.fetchAssetCollections(
          with: .smartAlbum, subtype: subtype, options: nil
        ).firstObject
      else { return 0 }
      return PHAsset.fetchAssets(in: album, options: nil).count
    }
  }
  _ = step("fetchAssets(sorted by date, images only)") { () -> Int in
    let options = PHFetchOptions()
    options.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: false)]
    options.predicate = NSPredicate(format: "mediaType == %d", PHAssetMediaType.image.rawValue)
    return PHAsset.fetchAssets(with: options).count
  }
  if fetchOnly { return }
  let target = CGSize(width: 256, height: 256)
  let caching = PHCachingImageManager()
  step("startCachingImages(500)") {
    caching.startCachingImages(
      for: window, targetSize: target, contentMode: .aspectFill, options: nil)
  }
  let options = PHImageRequestOptions()
  options.isSynchronous = true
  options.deliveryMode = .highQualityFormat
  let requests = Array(window.prefix(200))
  for round in ["first", "again"] {
    var delivered = 0
    step("requestImage 256 px × \(requests.count), \(round)") {
      for asset in requests {
        caching.requestImage(
          for: asset, targetSize: target, contentMode: .aspectFill, options: options
        ) { image, _ in if image != nil { delivered += 1 } }
      }
    }
    print("delivered: \(delivered)")
  }
}

/// The ids (paths relative to `library`) of `count` files spread evenly over the library:
/// every n-th regular file of a walk in name order. One folder's names are held at a time (a
/// first pass counts them), so that the harness's own list of a million names does not weigh
/// on the peak measured for the library.
func selectionOf(_ count: Int, in library: URL) -> [String] {
  let manager = FileManager.default
  let folders = ((try? manager.contentsOfDirectory(atPath: library.path)) ?? []).sorted()
    .filter { !$0.hasPrefix(".") }
  func names(in folder: String) -> [String] {
    ((try? manager.contentsOfDirectory(atPath: library.path + "/" + folder)) ?? [])
      .filter { !$0.hasPrefix(".") }
  }
  let total = folders.reduce(0) { $0 + names(in: $1).count }
  let step = max(1, total / max(count, 1))
  var selection: [String] = []
  var position = 0
  for folder in folders where selection.count < count {
    let sorted = names(in: folder).sorted()
    // The files at positions 0, step, 2 × step… of the whole walk that fall in this folder.
    var next = (position + step - 1) / step * step
    while next < position + sorted.count, selection.count < count {
      selection.append(folder + "/" + sorted[next - position])
      next += step
    }
    position += sorted.count
  }
  return selection
}

try MainActor.assumeIsolated { try run() }
