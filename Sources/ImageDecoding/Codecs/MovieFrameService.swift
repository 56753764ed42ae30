import Dispatch
import FileSystem
import Synchronization

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Movie poster frames decoded in helper processes: FFmpeg, and the hundred-odd libraries it
/// links, are never loaded into the process that asks, and a movie that crashes or hangs the
/// decoder costs one failed poster, never that process.
///
/// The counterpart of `VTDecoderXPCService`, the process in which iOS and macOS decode video
/// for apps. A helper is a program (usually the running one, started again: see
/// ``runningProgram(named:)``) that runs ``serve()``, reading requests from its standard input
/// and answering on its standard output, both one end of a Unix socket pair. The asking process keeps reading each movie's
/// header (a plain camera movie's from its boxes, without FFmpeg) and sends the helper the
/// file's path, identity and the size to convert the frame to; the helper decodes and sends
/// the pixels back.
///
/// Helpers are started when a poster is asked for and none is idle, one per concurrent
/// request, and each is told to exit (its socket is closed) once it has been idle for
/// ``idleLimit`` seconds; a helper also exits when its socket closes because the asking
/// process ended. A helper that dies while decoding (a signal) or is still decoding when the
/// movie's time limit and a margin have passed (it is killed) fails that poster with a
/// ``DecodeError`` saying so; the next request starts a new one. When no helper can be
/// started at all, posters are decoded in process, as without a service.
public final class MovieFrameService: Sendable {
  /// The program that is started as a helper, and its arguments (`argv`, its name first).
  public let program: String
  public let arguments: [String]
  /// Seconds an idle helper is kept for the next request.
  public let idleLimit: Double
  /// Seconds a helper may take beyond the movie's own time limit (its start included) before
  /// it is killed.
  public let answerMargin: Double
  /// The most helpers that run at once: a request beyond them waits for one to answer.
  public let maximumHelpers: Int
  /// One for each helper that may run: a request holds one while it is answered.
  private let slots: DispatchSemaphore

  private struct State {
    var idle: [MovieFrameHelper] = []
    var sweepScheduled = false
    /// Why no helper could be started, once that happened: posters are then decoded in process.
    var startFailure: String?
  }
  private let state = Mutex(State())

  /// A service whose helpers are `program` run with `arguments` (`argv`, its name first),
  /// which must run ``serve()``.
  public init(
    program: String, arguments: [String], idleLimit: Double = 10, answerMargin: Double = 5,
    maximumHelpers: Int = defaultMaximumHelpers
  ) {
    self.program = program
    self.arguments = arguments.isEmpty ? [program] : arguments
    self.idleLimit = idleLimit
    self.answerMargin = answerMargin
    self.maximumHelpers = max(1, maximumHelpers)
    slots = DispatchSemaphore(value: self.maximumHelpers)
  }

  /// As many helpers as cores, at most 4: each takes about 47 MB resident (FFmpeg's pages and
  /// the program's), and a poster takes milliseconds.
  public static let defaultMaximumHelpers = min(4, max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))))

  /// The service of a program that runs ``serve()`` when its only argument is
  /// ``helperArgument``: helpers are the running program itself (`/proc/self/exe`, which
  /// stays this very program if its file is replaced meanwhile), named `name` in `ps`.
  public static func runningProgram(named name: String) -> MovieFrameService {
    MovieFrameService(program: "/proc/self/exe", arguments: [name, helperArgument])
  }

  deinit {
    for helper in state.withLock({ $0.idle }) { helper.end() }
  }

  private static let configured = Mutex<MovieFrameService?>(nil)

  /// The service that decodes the poster frames of movie files read through ``ImageDecoder``,
  /// or nil (the default): they are decoded in process.
  public static var current: MovieFrameService? {
    get { configured.withLock { $0 } }
    set { configured.withLock { $0 = newValue } }
  }

  /// The arguments after the program's path that make it a helper (see ``serve()``).
  public static let helperArgument = "--movie-frame-service"

  /// Why helpers could not be started, if that happened (posters are then decoded in process).
  public var startFailure: String? { state.withLock { $0.startFailure } }

  /// How many helpers are idle now.
  public var idleHelperCount: Int { state.withLock { $0.idle.count } }

  /// The poster frame of the movie `file`, which `codec` reads and whose header is `header`,
  /// converted to `width` × `height` (the coded frame's orientation) and turned upright; nil
  /// when no helper can be started, or the path is too long to send (the caller decodes it
  /// itself).
  func poster(
    of file: RegularFile, codec: VideoCodec, width: Int, height: Int,
    expecting header: ImageHeader
  ) throws(DecodeError) -> PixelImage? {
    var info = stat()
    guard fstat(file.descriptor, &info) == 0 else {
      throw DecodeError(SystemError(call: "fstat", code: errno, path: file.path), doing: "stat")
    }
    let request = MovieFrameRequest(
      path: file.path, device: UInt64(info.st_dev), inode: UInt64(info.st_ino),
      isQuickTime: codec.format == .quickTime, width: width, height: height,
      timeLimit: codec.timeLimit)
    let message = request.encoded()
    // A path longer than a helper reads (which it could not open by its path anyway).
    guard message.count - 4 <= MovieFrameRequest.maximumLength else { return nil }
    slots.wait()
    defer { slots.signal() }
    // A helper taken from the idle ones may have ended since (its socket then closes before it
    // answers): such a request goes once more, to a new helper.
    for attempt in 0..<2 {
      let (helper, isNew) = take()
      guard let helper else { return nil }
      let deadline = MovieFrameHelper.now() + codec.timeLimit + answerMargin
      let response =
        MovieFrameHelper.sendAll(helper.socket, message)
        ? MovieFrameResponse.receive(
          from: helper.socket, deadline: deadline, maximumPixels: width * height)
        : .ended(receivedNothing: true)
      switch response {
      case .image(let image, let headerWidth, let headerHeight):
        give(back: helper)
        guard headerWidth == header.width, headerHeight == header.height,
          image.width * image.height == width * height,
          (image.width, image.height) == (width, height)
            || (image.width, image.height) == (height, width)
        else {
          throw DecodeError(
            .corruptData,
            reason: "the movie changed while it was read (its header no longer matches)")
        }
        return image
      case .error(let error):
        give(back: helper)
        throw error
      case .timedOut:
        helper.kill()
        // As the reader's own message prints it (`%g`).
        let limit = codec.timeLimit
        let seconds = limit == limit.rounded() && abs(limit) < 1e15 ? "\(Int(limit))" : "\(limit)"
        throw DecodeError(
          .corruptData,
          reason: "corrupt \(codec.name) file: took longer than the \(seconds) s time "
            + "limit (its reader was stopped)")
      case .ended(let receivedNothing):
        let ending = helper.reap()
        if receivedNothing, !isNew, attempt == 0, ending.isExit { continue }
        throw DecodeError(
          .corruptData,
          reason: "corrupt \(codec.name) file: its reader \(ending.description) while "
            + "decoding its poster frame")
      case .malformed(let what):
        helper.kill()
        throw DecodeError(.io, reason: "the movie reader answered \(what)")
      }
    }
    return nil
  }

  /// An idle helper, else a new one (`isNew`); nil when none can be started.
  private func take() -> (MovieFrameHelper?, isNew: Bool) {
    let now = MovieFrameHelper.now()
    let (taken, failed) = state.withLock { state -> (MovieFrameHelper?, Bool) in
      guard state.startFailure == nil else { return (nil, true) }
      // The one used last; when even it has been idle too long, the sweep ends them all.
      if let last = state.idle.last, now - last.lastUsed < idleLimit {
        return (state.idle.removeLast(), false)
      }
      return (nil, false)
    }
    if let taken { return (taken, false) }
    if failed { return (nil, true) }
    switch MovieFrameHelper.start(program, arguments) {
    case .success(let helper): return (helper, true)
    case .failure(let problem):
      state.withLock { $0.startFailure = problem.description }
      return (nil, true)
    }
  }

  /// Puts `helper` back among the idle ones, and makes sure a sweep will end it once it has
  /// been idle too long.
  private func give(back helper: MovieFrameHelper) {
    var helper = helper
    helper.lastUsed = MovieFrameHelper.now()
    let schedules = state.withLock { state in
      state.idle.append(helper)
      defer { state.sweepScheduled = true }
      return !state.sweepScheduled
    }
    if schedules { scheduleSweep() }
  }

  private func scheduleSweep() {
    DispatchQueue.global().asyncAfter(deadline: .now() + idleLimit + 0.5) { [weak self] in
      self?.sweep()
    }
  }

  /// Ends the helpers idle for ``idleLimit`` or more; schedules itself again while some stay.
  private func sweep() {
    let now = MovieFrameHelper.now()
    let (ended, again) = state.withLock { state in
      let ended = state.idle.filter { now - $0.lastUsed >= idleLimit }
      state.idle.removeAll { now - $0.lastUsed >= idleLimit }
      state.sweepScheduled = !state.idle.isEmpty
      return (ended, state.sweepScheduled)
    }
    for helper in ended { helper.end() }
    if again { scheduleSweep() }
  }
}
