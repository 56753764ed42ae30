/// A video's duration as the Photos grid badges it: "0:42", "12:05", "1:02:03".
public enum DurationText {
  /// `seconds` rounded to the nearest second, as minutes:seconds (hours:minutes:seconds from
  /// an hour on); negative or non-finite values read as 0.
  public static func format(_ seconds: Double) -> String {
    let total = seconds.isFinite && seconds > 0 ? Int(seconds.rounded()) : 0
    let hours = total / 3600
    let minutes = total / 60 % 60
    let secs = total % 60
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return hours > 0 ? "\(hours):\(two(minutes)):\(two(secs))" : "\(minutes):\(two(secs))"
  }
}
