import FileSystem

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes whole files atomically through the file layer's durable write: a hidden temporary
/// file beside the target, renamed over it (`rename(2)`), so readers see the old file or the
/// new one and a failure never leaves a half-written file behind.
public enum AtomicFile {
  /// Writes `bytes` to `path` with exactly the given permission bits. With `synced` (the
  /// default) the file and its folder are `fsync`ed, so the write also survives a power cut;
  /// without, only a crash of the process is covered (enough for a cache).
  public static func write(
    _ bytes: [UInt8], to path: String, permissions: mode_t = 0o644, synced: Bool = true
  ) throws(DecodeError) {
    do {
      try DurableFile.write(
        bytes, to: path, mode: permissions, durability: synced ? .synced : .renamed)
    } catch {
      throw DecodeError(error, doing: "cannot write")
    }
  }
}
