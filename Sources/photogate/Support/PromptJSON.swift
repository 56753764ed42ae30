import PhotoLibrary

/// A system prompt as JSON, with everything the text rendering shows: one shape for every
/// command that can show a prompt (`request`, `assets`, `save`).
struct PromptJSON: Encodable {
  var title: String
  var message: String
  var buttons: [String]
  /// iOS 17+ read/write prompts: the ids of the sample thumbnails (else empty).
  var sampleAssetIDs: [String]
  /// iOS 17+ read/write prompts: "N Photos" (else null).
  var photoCount: NullableString
  /// An add-only request shown as the read/write prompt (no add-only usage description).
  var upgraded: Bool
  /// The level the prompt asks for: addOnly or readWrite.
  var level: String
  /// The label of the button pressed; null while the prompt waits for an answer.
  var answer: NullableString

  init(_ prompt: AuthorizationPrompt, answer: String?) {
    title = prompt.title
    message = prompt.message
    buttons = prompt.buttons.map(\.label)
    sampleAssetIDs = prompt.sampleAssetIDs
    photoCount = NullableString(prompt.photoCountText)
    upgraded = prompt.isUpgraded
    level = "\(prompt.level)"
    self.answer = NullableString(answer)
  }
}
