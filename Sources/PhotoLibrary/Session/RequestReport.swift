/// What one `requestAuthorization` call did: the prompt if one appeared, the answer, the status
/// its handler received, and the ids the limited picker added.
public struct RequestReport: Sendable, Equatable {
  public var request: AuthorizationRequest
  public var prompt: AuthorizationPrompt?
  /// The label of the button pressed.
  public var answer: String?
  public var status: AuthorizationStatus
  /// Newly added ids when the limited option opened the picker.
  public var addedToSelection: [String]
  /// An add-only call that became a read/write one (`NSPhotoLibraryAddUsageDescription` is
  /// missing); its status is the read/write status.
  public var isUpgraded: Bool = false

  public init(
    request: AuthorizationRequest, prompt: AuthorizationPrompt? = nil, answer: String? = nil,
    status: AuthorizationStatus, addedToSelection: [String] = []
  ) {
    self.request = request
    self.prompt = prompt
    self.answer = answer
    self.status = status
    self.addedToSelection = addedToSelection
  }

  public var prompted: Bool { prompt != nil }
}
