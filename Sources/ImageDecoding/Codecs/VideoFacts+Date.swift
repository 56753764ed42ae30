import Foundation

extension VideoFacts {
  /// The instant ``creationDate`` names, or nil when there is no date or it does not parse.
  ///
  /// Reads both forms a movie gives: `2025-08-06T17:14:21-0500` (the QuickTime key, local time
  /// with its offset; `-05:00` is accepted too) and `2016-01-18T22:20:49.000000Z` (the movie
  /// header, UTC, as FFmpeg prints it). The counterpart of the `creationDate` PhotoKit reports
  /// for a video asset.
  public var creationInstant: Date? {
    creationDate.flatMap { Self.parseDate($0)?.date }
  }

  /// The offset from UTC, in seconds, of the local time the camera wrote in ``creationDate``;
  /// nil when the date is in UTC only (the movie header) or absent.
  public var creationUTCOffset: Int? {
    guard creationDateSource == .quickTimeKey, let text = creationDate else { return nil }
    return Self.parseDate(text)?.offset
  }

  /// `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HHMM|±HH:MM)`: the instant and the offset (nil for Z).
  static func parseDate(_ text: String) -> (date: Date, offset: Int?)? {
    let characters = Array(text.utf8)
    func number(_ start: Int, _ count: Int) -> Int? {
      guard start + count <= characters.count else { return nil }
      var value = 0
      for byte in characters[start..<start + count] {
        guard (48...57).contains(byte) else { return nil }
        value = value * 10 + Int(byte - 48)
      }
      return value
    }
    func byte(_ index: Int) -> UInt8? { index < characters.count ? characters[index] : nil }
    guard let year = number(0, 4), byte(4) == 45, let month = number(5, 2), byte(7) == 45,
      let day = number(8, 2), byte(10) == 84, let hour = number(11, 2), byte(13) == 58,
      let minute = number(14, 2), byte(16) == 58, let second = number(17, 2)
    else { return nil }
    var index = 19
    var fraction = 0.0
    if byte(index) == 46 {
      index += 1
      var scale = 0.1
      while let digit = byte(index), (48...57).contains(digit) {
        fraction += Double(digit - 48) * scale
        scale /= 10
        index += 1
      }
    }
    var offset: Int?
    switch byte(index) {
    case 90:  // Z
      guard index + 1 == characters.count else { return nil }
    case 43, 45:  // + or -
      let sign = byte(index) == 45 ? -1 : 1
      let colon = byte(index + 3) == 58 ? 1 : 0
      guard let hours = number(index + 1, 2), let minutes = number(index + 3 + colon, 2),
        index + 5 + colon == characters.count
      else { return nil }
      offset = sign * (hours * 3600 + minutes * 60)
    default:
      return nil
    }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let components = DateComponents(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61,
      let local = calendar.date(from: components)
    else { return nil }
    return (local.addingTimeInterval(fraction - Double(offset ?? 0)), offset)
  }
}
