import FileSystem

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

extension MovieFrameService {
  /// Runs this process as a helper: reads requests on its standard input and answers each on
  /// its standard output (both one end of the service's socket pair), one at a time, until the
  /// socket closes (the service ended it, or the asking process ended). Returns the exit
  /// status: 0 then, 2 for a request that is not one or a standard input that is no socket
  /// (it was started by hand: a message says what it is).
  public static func serve() -> Int32 {
    var input = stat()
    guard fstat(0, &input) == 0, input.st_mode & S_IFMT == S_IFSOCK else {
      let message =
        "photogate: \(helperArgument) is the movie frame helper that photogate starts "
        + "itself; its standard input must be the socket photogate gives it\n"
      _ = message.withCString { write(2, $0, strlen($0)) }
      return 2
    }
    while true {
      var length: UInt32 = 0
      let header = withUnsafeMutableBytes(of: &length) {
        MovieFrameHelper.receive(0, into: $0, deadline: nil)
      }
      guard header == .complete else { return 0 }
      let count = Int(UInt32(littleEndian: length))
      guard count <= MovieFrameRequest.maximumLength else { return 2 }
      var body = [UInt8](repeating: 0, count: count)
      let read = body.withUnsafeMutableBytes {
        MovieFrameHelper.receive(0, into: $0, deadline: nil)
      }
      guard read == .complete else { return 0 }
      guard let request = MovieFrameRequest(body: body) else { return 2 }
      guard MovieFrameHelper.sendAll(1, answer(request)) else { return 0 }
    }
  }

  /// The answer to `request`: the poster of the file at its path if that is still the file
  /// the service opened, else the error.
  static func answer(_ request: MovieFrameRequest) -> [UInt8] {
    let codec = VideoCodec(
      request.isQuickTime ? .quickTime : .mpeg4, timeLimit: request.timeLimit)
    let file: RegularFile
    do {
      file = try RegularFile(path: request.path)
    } catch {
      return MovieFrameResponse.encoded(DecodeError(error, doing: "open"))
    }
    var info = stat()
    guard fstat(file.descriptor, &info) == 0, UInt64(info.st_dev) == request.device,
      UInt64(info.st_ino) == request.inode
    else {
      return MovieFrameResponse.encoded(
        DecodeError(.io, reason: "the file was replaced while its poster frame was read"))
    }
    do {
      return MovieFrameResponse.encoded(
        try codec.poster(of: file, width: request.width, height: request.height))
    } catch {
      return MovieFrameResponse.encoded(error)
    }
  }
}
