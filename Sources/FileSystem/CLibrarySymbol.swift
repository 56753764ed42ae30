#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A C library function that Swift's `Glibc` module does not declare (glibc declares `statx`
/// and `renameat2` only under `_GNU_SOURCE`), looked up by name with `dlsym(3)`.
enum CLibrarySymbol {
  /// The function `name` of the running program's C library as `type` (a `@convention(c)`
  /// function type matching its C declaration), or nil when the library has none.
  static func lookUp<Function>(_ name: String, as type: Function.Type) -> Function? {
    #if os(Linux)
      guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, name) else {
        return nil
      }
      return unsafeBitCast(symbol, to: type)
    #else
      return nil
    #endif
  }
}
