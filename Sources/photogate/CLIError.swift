/// A failure to report on stderr as `photogate: message`, with its documented exit code.
struct CLIError: Error {
  var message: String
  var exitCode: Int32

  /// 1: an operation failed.
  static func failed(_ message: String) -> CLIError { CLIError(message: message, exitCode: 1) }
  /// 2: bad usage, or a prompt that was shown but not answered.
  static func usage(_ message: String) -> CLIError { CLIError(message: message, exitCode: 2) }
  /// 3: the simulated app was terminated (missing usage description, Settings change).
  static func terminated(_ message: String) -> CLIError { CLIError(message: message, exitCode: 3) }
}
