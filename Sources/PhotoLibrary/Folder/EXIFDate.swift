import Foundation

/// Parses EXIF `DateTimeOriginal` ("YYYY:MM:DD HH:MM:SS").
///
/// EXIF dates carry no time zone (`OffsetTimeOriginal` is rare and not read); like the Photos
/// app, PhotoGate reads them as wall-clock time in the library's time zone (the machine's by
/// default). Dates that cameras write when their clock was never set ("0000:00:00 00:00:00")
/// and impossible dates (month 13, February 30) give nil, so the file's mtime is used instead.
enum EXIFDate {
  static func parse(_ text: String, timeZone: TimeZone) -> Date? {
    // Some writers pad with NULs or spaces, or use '-' in the date and 'T' before the time.
    let trimmed = text.trimmingCharacters(in: CharacterSet(charactersIn: "\0 "))
    let bytes = Array(trimmed.utf8)
    guard bytes.count == 19 else { return nil }
    let separators: [(index: Int, allowed: Set<UInt8>)] = [
      (4, [UInt8(ascii: ":"), UInt8(ascii: "-")]), (7, [UInt8(ascii: ":"), UInt8(ascii: "-")]),
      (10, [UInt8(ascii: " "), UInt8(ascii: "T")]), (13, [UInt8(ascii: ":")]),
      (16, [UInt8(ascii: ":")]),
    ]
    for separator in separators where !separator.allowed.contains(bytes[separator.index]) {
      return nil
    }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for byte in bytes[range] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
      year >= 1, (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60,
      second < 60
    else { return nil }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let components = DateComponents(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    guard let date = calendar.date(from: components),
      calendar.component(.day, from: date) == day
    else { return nil }
    return date
  }
}
