/// A container format, as sniffed from the file's first bytes (never from its extension).
public enum ImageFormat: String, Sendable, Equatable, CaseIterable {
  case jpeg
  case png
}
