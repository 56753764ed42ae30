import Foundation

extension PickerScreen {
  /// The screen as pretty-printed JSON with sorted keys (the form of
  /// `photogate snapshot --json`), ending with a newline.
  public func json() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Encoding these plain structs cannot fail: every field is a string, number, bool or
    // an array/optional of them.
    let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}
