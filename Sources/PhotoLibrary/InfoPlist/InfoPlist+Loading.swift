import FileSystem
import Foundation

/// Reading an Info.plist file (XML or binary) with Foundation's `PropertyListSerialization`.
extension InfoPlist {
  /// Reads the photo keys of the plist at `url`.
  ///
  /// Throws `InfoPlistError` naming the file when it cannot be read, is not a property list,
  /// is not a dictionary at the top, or holds a key of the wrong type.
  public init(contentsOf url: URL) throws(InfoPlistError) {
    guard let info = try? POSIX.targetInfo(url.path) else {
      throw InfoPlistError(path: url.path, reason: "does not exist")
    }
    if (info.st_mode & S_IFMT) == S_IFDIR {
      throw InfoPlistError(path: url.path, reason: "is a folder, not a property list")
    }
    // Through the file layer: a regular file only, and at most 16 MiB (an Info.plist is a
    // few kilobytes), so that a FIFO or a huge file cannot block or exhaust the reader.
    let data: Data
    do {
      let (bytes, size) = try POSIX.readPrefix(url.path, limit: Self.maxBytes + 1)
      guard size <= Self.maxBytes else {
        throw InfoPlistError(
          path: url.path, reason: "is \(size) bytes, too large for an Info.plist")
      }
      data = Data(bytes)
    } catch let error as SystemError {
      throw InfoPlistError(path: url.path, reason: "cannot be read (\(error.reason))")
    } catch let error as InfoPlistError {
      throw error
    } catch {
      throw InfoPlistError(path: url.path, reason: "cannot be read (\(Self.reason(error)))")
    }
    try self.init(data: data, path: url.path)
  }

  /// The largest Info.plist read: 16 MiB.
  static let maxBytes = 16 << 20

  /// Parses plist `data`; `path` names the source in errors.
  public init(data: Data, path: String) throws(InfoPlistError) {
    let object: Any
    do {
      object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    } catch {
      throw InfoPlistError(path: path, reason: "is not a valid property list")
    }
    guard let dictionary = object as? [String: Any] else {
      throw InfoPlistError(path: path, reason: "does not hold a dictionary at its top level")
    }
    func string(_ key: String) throws(InfoPlistError) -> String? {
      guard let value = dictionary[key] else { return nil }
      guard let text = value as? String else {
        throw InfoPlistError(path: path, reason: "\(key) is not a string")
      }
      return text
    }
    let preventKey = [Key.preventAlert, Key.preventAlertOldName].first {
      dictionary[$0] != nil
    }
    var prevent = false
    var preventText: String?
    if let preventKey {
      switch dictionary[preventKey] {
      case let value as Bool: prevent = value
      case let value as String:
        prevent = Self.foundationBool(value)
        preventText = value
      case let value as Int:
        prevent = value != 0
        preventText = "\(value)"
      case let value as Double:
        prevent = value != 0
        preventText = "\(value)"
      default:
        throw InfoPlistError(path: path, reason: "\(preventKey) is not a boolean")
      }
    }
    let usage = try string(Key.usage)
    let addUsage = try string(Key.addUsage)
    var name = try string(Key.displayName)
    if name == nil { name = try string(Key.bundleName) }
    self.init(
      usageDescription: usage, addUsageDescription: addUsage,
      preventAutomaticLimitedAccessAlert: prevent, displayName: name)
    preventAlertKey = preventKey
    preventAlertText = preventText
  }

  /// A string read as a boolean the way Foundation's `NSString.boolValue` reads it: after
  /// leading spaces, a sign and zeros, "Y", "y", "T", "t" or a digit 1–9 is true.
  static func foundationBool(_ text: String) -> Bool {
    let trimmed = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
    let unsigned = trimmed.first == "+" || trimmed.first == "-" ? trimmed.dropFirst() : trimmed
    guard let first = unsigned.drop(while: { $0 == "0" }).first else { return false }
    return "YyTt123456789".contains(first)
  }

  private static func reason(_ error: any Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain,
      let code = POSIXErrorCode(rawValue: Int32(underlying.code))
    {
      return String(cString: strerror(code.rawValue))
    }
    return nsError.localizedDescription
  }
}

/// An Info.plist that could not be used; the message names the file and the reason.
public struct InfoPlistError: Error, Sendable, Equatable, CustomStringConvertible {
  public var path: String
  public var reason: String

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  public var description: String { "Info.plist \(path) \(reason)" }
}
