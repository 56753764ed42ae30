// Times PhotoKit calls on a large folder library through PhotoKitCompat, as an app would
// make them: scripts/bench-photokit builds the library and runs this (declared only with
// PHOTOGATE_BENCH=1). Prints one line per step: its name and milliseconds.
import Dispatch
import Foundation
import PhotoKitCompat

@MainActor
func run() throws {
  guard CommandLine.arguments.count > 1 else {
    FileHandle.standardError.write(Data("usage: PhotoKitBench LIBRARY\n".utf8))
    exit(2)
  }
  let library = URL(fileURLWithPath: CommandLine.arguments[1])
  try PhotoKitDevice.install(readWrite: .authorized, library: library)

  func step<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
    let start = DispatchTime.now().uptimeNanoseconds
    let result = try body()
    let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    print(String(format: "%-44@ %9.1f ms", name as NSString, ms))
    return result
  }

  let all = step("fetchAssets(with: nil) + count") { () -> PHFetchResult<PHAsset> in
    let result = PHAsset.fetchAssets(with: nil)
    _ = result.count
    return result
  }
  print("assets: \(all.count)")
  _ = step("fetchAssets(sorted by date, images only)") { () -> Int in
    let options = PHFetchOptions()
    options.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: false)]
    options.predicate = NSPredicate(format: "mediaType == %d", PHAssetMediaType.image.rawValue)
    return PHAsset.fetchAssets(with: options).count
  }
  let window = step("object(at:) × 500") { (0..<min(500, all.count)).map { all.object(at: $0) } }
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

try MainActor.assumeIsolated { try run() }
