/// One button of a system prompt or alert: the label iOS shows and what it does.
public struct PromptButton: Sendable, Equatable, Hashable, Codable {
  public var label: String
  public var answer: PromptAnswer

  public init(label: String, answer: PromptAnswer) {
    self.label = label
    self.answer = answer
  }
}
