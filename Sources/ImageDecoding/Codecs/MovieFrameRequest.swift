/// What a ``MovieFrameService`` asks its helper for: the poster frame of the movie at
/// ``path``, which must still be the file (device and inode) the asking process opened,
/// converted to ``width`` × ``height``.
///
/// On the socket: a 4-byte length, then the fields in little-endian order (a flags byte, the
/// two sizes, the time limit's bits, the device, the inode) and the path's bytes.
struct MovieFrameRequest: Equatable {
  var path: String
  var device: UInt64
  var inode: UInt64
  /// Whether the codec is the QuickTime one (else MPEG-4): what the helper names in messages.
  var isQuickTime: Bool
  var width: Int
  var height: Int
  /// Seconds the helper's reader may take (``VideoCodec/timeLimit``).
  var timeLimit: Double

  /// The longest request a helper reads: a path of `PATH_MAX` and the fields.
  static let maximumLength = 4096 + 64

  func encoded() -> [UInt8] {
    var body: [UInt8] = [isQuickTime ? 1 : 0]
    body.appendLittleEndian(UInt32(clamping: width))
    body.appendLittleEndian(UInt32(clamping: height))
    body.appendLittleEndian(timeLimit.bitPattern)
    body.appendLittleEndian(device)
    body.appendLittleEndian(inode)
    body += Array(path.utf8)
    var message: [UInt8] = []
    message.appendLittleEndian(UInt32(body.count))
    return message + body
  }

  /// The request in `body` (the bytes after the length), nil when it is not one.
  init?(body: [UInt8]) {
    var reader = LittleEndianReader(body)
    guard let flags = reader.byte(), let width = reader.uint32(), let height = reader.uint32(),
      let limit = reader.uint64(), let device = reader.uint64(), let inode = reader.uint64()
    else { return nil }
    self.isQuickTime = flags & 1 == 1
    self.width = Int(width)
    self.height = Int(height)
    self.timeLimit = Double(bitPattern: limit)
    self.device = device
    self.inode = inode
    self.path = String(decoding: reader.rest(), as: UTF8.self)
    guard timeLimit.isFinite, timeLimit > 0, !path.isEmpty else { return nil }
  }

  init(
    path: String, device: UInt64, inode: UInt64, isQuickTime: Bool, width: Int, height: Int,
    timeLimit: Double
  ) {
    self.path = path
    self.device = device
    self.inode = inode
    self.isQuickTime = isQuickTime
    self.width = width
    self.height = height
    self.timeLimit = timeLimit
  }
}

/// A helper's answer: the upright poster and its header's size, or the ``DecodeError``.
///
/// On the socket: a kind byte; for an image its width, height, the header's width and
/// height (4 bytes each, little-endian) and the RGBA pixels; for an error the code's place in
/// ``DecodeError/Code/allCases``, the reason's length (4 bytes) and its bytes.
enum MovieFrameResponse {
  case image(PixelImage, headerWidth: Int, headerHeight: Int)
  case error(DecodeError)
  case timedOut
  /// The helper closed its socket; `receivedNothing` when it did so before answering.
  case ended(receivedNothing: Bool)
  /// Bytes that are no answer (`what` says how).
  case malformed(String)

  /// The longest reason an error may carry.
  static let maximumReasonLength = 1 << 16

  static func encoded(_ decoded: DecodedImage) -> [UInt8] {
    var message: [UInt8] = [0]
    message.reserveCapacity(17 + decoded.image.pixels.count)
    for value in [
      decoded.image.width, decoded.image.height, decoded.header.width, decoded.header.height,
    ] {
      message.appendLittleEndian(UInt32(clamping: value))
    }
    return message + decoded.image.pixels
  }

  static func encoded(_ error: DecodeError) -> [UInt8] {
    let code = DecodeError.Code.allCases.firstIndex(of: error.code) ?? 0
    let reason = Array(error.reason.utf8.prefix(maximumReasonLength))
    var message: [UInt8] = [1, UInt8(code)]
    message.appendLittleEndian(UInt32(reason.count))
    return message + reason
  }

  /// Reads one answer from `fd` until `deadline` (``MovieFrameHelper/now()``); an image may
  /// have at most `maximumPixels` pixels.
  static func receive(from fd: Int32, deadline: Double, maximumPixels: Int) -> MovieFrameResponse {
    var kind: UInt8 = 0
    switch withUnsafeMutableBytes(of: &kind, { read(fd, $0, deadline) }) {
    case .complete: break
    case .timedOut: return .timedOut
    case .ended: return .ended(receivedNothing: true)
    }
    switch kind {
    case 0:
      var sizes = [UInt8](repeating: 0, count: 16)
      if let failure = sizes.withUnsafeMutableBytes({ failed(read(fd, $0, deadline)) }) {
        return failure
      }
      var reader = LittleEndianReader(sizes)
      let values = (0..<4).map { _ in Int(reader.uint32() ?? 0) }
      let (width, height) = (values[0], values[1])
      guard width > 0, height > 0, width * height <= maximumPixels else {
        return .malformed("an image of \(width)×\(height)")
      }
      let count = width * height * 4
      var outcome = MovieFrameHelper.Received.complete
      let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
        outcome = read(fd, UnsafeMutableRawBufferPointer(buffer), deadline)
        initialized = outcome == .complete ? count : 0
      }
      if let failure = failed(outcome) { return failure }
      return .image(
        PixelImage(width: width, height: height, pixels: pixels), headerWidth: values[2],
        headerHeight: values[3])
    case 1:
      var fields = [UInt8](repeating: 0, count: 5)
      if let failure = fields.withUnsafeMutableBytes({ failed(read(fd, $0, deadline)) }) {
        return failure
      }
      var reader = LittleEndianReader(fields)
      let code = Int(reader.byte() ?? 0)
      let length = Int(reader.uint32() ?? 0)
      guard code < DecodeError.Code.allCases.count, length <= maximumReasonLength else {
        return .malformed("an error it cannot have sent")
      }
      var reason = [UInt8](repeating: 0, count: length)
      if let failure = reason.withUnsafeMutableBytes({ failed(read(fd, $0, deadline)) }) {
        return failure
      }
      return .error(
        DecodeError(
          DecodeError.Code.allCases[code], reason: String(decoding: reason, as: UTF8.self)))
    default:
      return .malformed("with an unknown kind of answer (\(kind))")
    }
  }

  private static func read(
    _ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer, _ deadline: Double
  ) -> MovieFrameHelper.Received {
    MovieFrameHelper.receive(fd, into: buffer, deadline: deadline)
  }

  /// The answer for a read of part of an answer that did not complete.
  private static func failed(_ received: MovieFrameHelper.Received) -> MovieFrameResponse? {
    switch received {
    case .complete: nil
    case .timedOut: .timedOut
    case .ended: .ended(receivedNothing: false)
    }
  }
}

extension Array where Element == UInt8 {
  /// Appends `value`'s bytes, least significant first.
  fileprivate mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
    Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
  }
}

/// Reads little-endian fields from the front of some bytes; nil once they run out.
private struct LittleEndianReader {
  private let bytes: [UInt8]
  private var offset = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  mutating func byte() -> UInt8? { integer() }
  mutating func uint32() -> UInt32? { integer() }
  mutating func uint64() -> UInt64? { integer() }

  /// The bytes not read yet.
  mutating func rest() -> ArraySlice<UInt8> {
    defer { offset = bytes.count }
    return bytes[offset...]
  }

  private mutating func integer<T: FixedWidthInteger>() -> T? {
    let size = MemoryLayout<T>.size
    guard bytes.count - offset >= size else { return nil }
    var value: T = 0
    for index in (0..<size).reversed() { value = value << 8 | T(bytes[offset + index]) }
    offset += size
    return value
  }
}
