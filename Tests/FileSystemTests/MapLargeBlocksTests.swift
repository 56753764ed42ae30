#if canImport(Glibc)
  import Testing

  @testable import FileSystem

  /// glibc takes `POSIX.mapLargeBlocks()`'s threshold. (What it changes, the resident memory
  /// left after a library's parts are read, depends on every thread's heap at the time and is
  /// measured on the built program: see `docs/benchmarks.md`.)
  @Suite struct MapLargeBlocksTests {
    @Test func theCLibraryTakesTheThreshold() {
      #expect(POSIX.mapLargeBlocks())
    }
  }
#endif
