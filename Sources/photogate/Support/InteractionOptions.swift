import ArgumentParser
import PhotoLibrary

/// How commands that touch the library answer the automatic limited-access alert, and what the
/// limited picker checks when it opens.
struct InteractionOptions: ParsableArguments {
  @Option(
    name: .customLong("alert"),
    help: """
      The answer to the automatic limited-access alert, if it appears: keep (Keep Current \
      Selection, the default) or select-more (Select More Photos…, opens the picker).
      """)
  var alert: AlertAnswer = .keep

  @Option(
    name: .customLong("select"), parsing: .upToNextOption,
    help: "Asset ids to check in the limited picker, if it opens (then Done).")
  var select: [String] = []

  enum AlertAnswer: String, ExpressibleByArgument, CaseIterable {
    case keep
    case selectMore = "select-more"

    var choice: LimitedAccessAlertChoice {
      self == .keep ? .keepCurrentSelection : .selectMorePhotos
    }
  }
}
