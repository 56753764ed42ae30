import Foundation
import ImageDecoding
import Testing

@Suite struct ThumbnailCacheNamingTests {
  /// URIs as GLib's `g_filename_to_uri` writes them (checked against libglib), and their MD5.
  @Test(arguments: [
    (
      "/home/jens/photos/me.png", "file:///home/jens/photos/me.png",
      "c6ee772d9e49320e97ec29a7eb5b1697"  // The example of the Thumbnail Managing Standard.
    ),
    (
      "/tmp/My Photos/été.jpg", "file:///tmp/My%20Photos/%C3%A9t%C3%A9.jpg",
      "f46ea2fc2a9f4a9ea0b98c21e00f3d97"
    ),
    (
      "/a/b#c?d%e[f].png", "file:///a/b%23c%3Fd%25e%5Bf%5D.png",
      "fedd86f04bb284747f0ed907c82cce49"
    ),
    (
      "/x/a+b,c=d@e:f!$&'()*~_-.png", "file:///x/a+b,c=d@e:f!$&'()*~_-.png",
      "965ea435cf7a982adc374f3ed54d1162"
    ),
    (
      "/q/a;b<c>d\"e`f{g}h|i\\j^k.png",
      "file:///q/a%3Bb%3Cc%3Ed%22e%60f%7Bg%7Dh%7Ci%5Cj%5Ek.png",
      "cc4720ba12b55fff276df641b5e17063"
    ),
  ])
  func namesAFileByTheMD5OfItsEscapedURI(path: String, uri: String, md5: String) {
    let url = URL(fileURLWithPath: path)
    #expect(ThumbnailCache.uri(for: url) == uri)
    #expect(ThumbnailCache.cacheFileName(for: url) == md5 + ".png")
  }

  @Test func removesDotSegmentsButKeepsTheGivenPath() {
    let url = URL(fileURLWithPath: "/home/a/./photos/../me.png")
    #expect(ThumbnailCache.uri(for: url) == "file:///home/a/me.png")
  }

  @Test func placesThumbnailsAndFailuresInTheStandardFolders() {
    let cache = ThumbnailCache(root: URL(fileURLWithPath: "/c/thumbnails"))
    let file = URL(fileURLWithPath: "/home/jens/photos/me.png")
    let name = "c6ee772d9e49320e97ec29a7eb5b1697.png"
    #expect(cache.cachedURL(for: file, size: .normal).path == "/c/thumbnails/normal/" + name)
    #expect(cache.cachedURL(for: file, size: .large).path == "/c/thumbnails/large/" + name)
    #expect(cache.cachedURL(for: file, size: .xLarge).path == "/c/thumbnails/x-large/" + name)
    #expect(cache.cachedURL(for: file, size: .xxLarge).path == "/c/thumbnails/xx-large/" + name)
    #expect(cache.failureURL(for: file).path == "/c/thumbnails/fail/photogate/" + name)
  }

  @Test(arguments: [
    (1, ThumbnailSize.normal), (128, .normal), (129, .large), (256, .large), (257, .xLarge),
    (512, .xLarge), (600, .xxLarge), (1024, .xxLarge),
  ])
  func requestedSizeUsesTheSmallestStandardFolderThatFits(pixels: Int, size: ThumbnailSize) {
    #expect(ThumbnailSize(fitting: pixels) == size)
  }

  @Test(arguments: [0, -1, 1025, 4096])
  func sizesOutsideOneTo1024HaveNoFolder(pixels: Int) {
    #expect(ThumbnailSize(fitting: pixels) == nil)
  }

  @Test(arguments: [
    (["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"], "/x/cache/thumbnails"),
    (["XDG_CACHE_HOME": "relative/cache", "HOME": "/home/u"], "/home/u/.cache/thumbnails"),
    (["XDG_CACHE_HOME": "", "HOME": "/home/u"], "/home/u/.cache/thumbnails"),
    (["HOME": "/home/u"], "/home/u/.cache/thumbnails"),
  ])
  func defaultRootFollowsXDGCacheHomeOnlyWhenAbsolute(environment: [String: String], path: String) {
    #expect(ThumbnailCache.defaultRoot(environment: environment).path == path)
  }
}
