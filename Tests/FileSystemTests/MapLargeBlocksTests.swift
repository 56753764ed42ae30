#if canImport(Glibc)
  import Glibc
  import Testing

  @testable import FileSystem

  /// Once a program calls `POSIX.mapLargeBlocks()`, a block of 128 KiB or more is mapped on its
  /// own even after a larger block was freed (glibc's default would then serve it from the heap,
  /// where its space stays resident once freed).
  @Suite struct MapLargeBlocksTests {
    /// Whether glibc mapped the block at `pointer` on its own: the `IS_MMAPPED` bit (2) of the
    /// size word before it, as glibc's `malloc_chunk` lays it out.
    static func isMapped(_ pointer: UnsafeMutableRawPointer) -> Bool {
      pointer.load(fromByteOffset: -MemoryLayout<Int>.size, as: Int.self) & 2 != 0
    }

    @Test func aBlockOfHalfAMegabyteIsMappedAfterALargerOneIsFreed() throws {
      #expect(POSIX.mapLargeBlocks())
      let large = try #require(malloc(8 << 20))
      memset(large, 1, 8 << 20)
      free(large)
      let block = try #require(malloc(512 << 10))
      defer { free(block) }
      #expect(Self.isMapped(block))
    }
  }
#endif
