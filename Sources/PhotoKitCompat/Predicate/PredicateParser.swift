import Foundation

/// Why a predicate format string could not be read.
struct PredicateParseError: Error, Sendable, Equatable, CustomStringConvertible {
  var format: String
  var reason: String
  var description: String { "Unable to parse the format string \"\(format)\": \(reason)" }
}

/// Reads `NSPredicate` format strings (the subset fetch options use): comparisons
/// (`== = != <> < <= =< > >= => IN CONTAINS BEGINSWITH ENDSWITH LIKE MATCHES BETWEEN`, with `[c]`,
/// `[d]`, `[cd]`), `AND && OR || NOT !`, parentheses, `TRUEPREDICATE`/`FALSEPREDICATE`,
/// literals (numbers, quoted strings, `YES NO TRUE FALSE NIL NULL`, `{…}` lists), the bitwise
/// `&`, and the arguments `%@ %K %d %i %ld %lld %u %lu %f %lf` taken in order.
struct PredicateParser {
  enum Token: Equatable {
    case identifier(String)
    case number(Double)
    case string(String)
    case argument(Character)
    case symbol(String)
    case end
  }

  private let format: String
  private var tokens: [Token] = []
  private var position = 0
  private let arguments: [Any?]
  private var argumentIndex = 0

  /// Parses `format`, substituting `arguments` in order.
  static func parse(_ format: String, arguments: [Any?]) throws(PredicateParseError)
    -> PredicateExpression
  {
    var parser = PredicateParser(format: format, arguments: arguments)
    parser.tokens = try parser.tokenize()
    let expression = try parser.parseOr()
    guard parser.peek == .end else {
      throw parser.error("unexpected \(parser.describe(parser.peek))")
    }
    guard parser.argumentIndex == arguments.count else {
      throw parser.error(
        "\(arguments.count) arguments for \(parser.argumentIndex) format specifiers")
    }
    return expression
  }

  private init(format: String, arguments: [Any?]) {
    self.format = format
    self.arguments = arguments
  }

  private func error(_ reason: String) -> PredicateParseError {
    PredicateParseError(format: format, reason: reason)
  }

  // MARK: Tokens

  private func tokenize() throws(PredicateParseError) -> [Token] {
    let characters = Array(format)
    var index = 0
    var result: [Token] = []
    func isIdentifierStart(_ character: Character) -> Bool {
      character.isLetter || character == "_" || character == "$" || character == "@"
    }
    while index < characters.count {
      let character = characters[index]
      if character.isWhitespace {
        index += 1
      } else if isIdentifierStart(character) {
        var end = index
        while end < characters.count
          && (isIdentifierStart(characters[end]) || characters[end].isNumber
            || characters[end] == ".")
        {
          end += 1
        }
        result.append(.identifier(String(characters[index..<end])))
        index = end
      } else if character.isNumber
        || (character == "." && index + 1 < characters.count && characters[index + 1].isNumber)
      {
        var end = index
        while end < characters.count
          && (characters[end].isNumber || characters[end] == "." || characters[end] == "x"
            || characters[end].isHexDigit
            || ((characters[end] == "-" || characters[end] == "+")
              && (characters[end - 1] == "e" || characters[end - 1] == "E")))
        {
          end += 1
        }
        let text = String(characters[index..<end])
        let value =
          text.hasPrefix("0x")
          ? UInt64(text.dropFirst(2), radix: 16).map(Double.init) : Double(text)
        guard let value else { throw error("bad number \(text)") }
        result.append(.number(value))
        index = end
      } else if character == "\"" || character == "'" {
        var text = ""
        var end = index + 1
        while end < characters.count && characters[end] != character {
          if characters[end] == "\\" && end + 1 < characters.count {
            end += 1
            switch characters[end] {
            case "n": text.append("\n")
            case "t": text.append("\t")
            default: text.append(characters[end])
            }
          } else {
            text.append(characters[end])
          }
          end += 1
        }
        guard end < characters.count else { throw error("unterminated string") }
        result.append(.string(text))
        index = end + 1
      } else if character == "%" {
        var end = index + 1
        while end < characters.count && "hlqLzjt".contains(characters[end]) { end += 1 }
        guard end < characters.count else { throw error("a lone % at the end") }
        let conversion = characters[end]
        guard "@KdiuxXfFgGeEcs".contains(conversion) else {
          throw error("unknown format specifier %\(conversion)")
        }
        result.append(.argument(conversion))
        index = end + 1
      } else {
        let two = index + 1 < characters.count ? String(characters[index...index + 1]) : ""
        let three = index + 3 < characters.count ? String(characters[index...index + 3]) : ""
        if ["[cd]", "[dc]"].contains(three) {
          result.append(.symbol("[cd]"))
          index += 4
        } else if ["[c]", "[d]"].contains(
          index + 2 < characters.count ? String(characters[index...index + 2]) : "")
        {
          result.append(.symbol(String(characters[index...index + 2])))
          index += 3
        } else if ["==", "!=", "<>", "<=", "=<", ">=", "=>", "&&", "||"].contains(two) {
          result.append(.symbol(two))
          index += 2
        } else if "=<>!&|(){},".contains(character) {
          result.append(.symbol(String(character)))
          index += 1
        } else {
          throw error("unexpected character '\(character)'")
        }
      }
    }
    result.append(.end)
    return result
  }

  private var peek: Token { tokens[position] }

  private mutating func advance() -> Token {
    defer { position = min(position + 1, tokens.count - 1) }
    return tokens[position]
  }

  private func isKeyword(_ token: Token, _ words: String...) -> Bool {
    guard case .identifier(let name) = token else { return false }
    return words.contains { $0.caseInsensitiveCompare(name) == .orderedSame }
  }

  private func describe(_ token: Token) -> String {
    switch token {
    case .identifier(let name): "'\(name)'"
    case .number(let value): "'\(value)'"
    case .string(let text): "'\"\(text)\"'"
    case .argument(let conversion): "'%\(conversion)'"
    case .symbol(let symbol): "'\(symbol)'"
    case .end: "end of string"
    }
  }

  // MARK: Predicates

  private mutating func parseOr() throws(PredicateParseError) -> PredicateExpression {
    var operands = [try parseAnd()]
    while peek == .symbol("||") || isKeyword(peek, "OR") {
      _ = advance()
      operands.append(try parseAnd())
    }
    return operands.count == 1 ? operands[0] : .or(operands)
  }

  private mutating func parseAnd() throws(PredicateParseError) -> PredicateExpression {
    var operands = [try parseNot()]
    while peek == .symbol("&&") || isKeyword(peek, "AND") {
      _ = advance()
      operands.append(try parseNot())
    }
    return operands.count == 1 ? operands[0] : .and(operands)
  }

  private mutating func parseNot() throws(PredicateParseError) -> PredicateExpression {
    if peek == .symbol("!") || isKeyword(peek, "NOT") {
      _ = advance()
      return .not(try parseNot())
    }
    return try parsePrimary()
  }

  private mutating func parsePrimary() throws(PredicateParseError) -> PredicateExpression {
    if isKeyword(peek, "TRUEPREDICATE") {
      _ = advance()
      return .constant(true)
    }
    if isKeyword(peek, "FALSEPREDICATE") {
      _ = advance()
      return .constant(false)
    }
    if peek == .symbol("(") {
      // A parenthesised predicate, or a parenthesised operand such as `(mediaSubtypes & 4)`.
      let saved = (position, argumentIndex)
      _ = advance()
      if let inner = try? parseOr(), peek == .symbol(")") {
        _ = advance()
        return inner
      }
      (position, argumentIndex) = saved
    }
    return .comparison(try parseComparison())
  }

  private mutating func parseComparison() throws(PredicateParseError) -> PredicateComparison {
    let lhs = try parseOperand()
    let token = advance()
    let op: PredicateComparison.Operator
    switch token {
    case .symbol("=="), .symbol("="): op = .equal
    case .symbol("!="), .symbol("<>"): op = .notEqual
    case .symbol("<"): op = .less
    case .symbol("<="), .symbol("=<"): op = .lessOrEqual
    case .symbol(">"): op = .greater
    case .symbol(">="), .symbol("=>"): op = .greaterOrEqual
    case .identifier(let word):
      guard let keyword = PredicateComparison.Operator(rawValue: word.uppercased()),
        keyword.rawValue.first?.isLetter == true
      else { throw error("expected a comparison, found \(describe(token))") }
      op = keyword
    default: throw error("expected a comparison, found \(describe(token))")
    }
    var comparison = PredicateComparison(lhs: lhs, op: op, rhs: .value(.null))
    switch peek {
    case .symbol("[c]"): comparison.caseInsensitive = true
    case .symbol("[d]"): comparison.diacriticInsensitive = true
    case .symbol("[cd]"):
      comparison.caseInsensitive = true
      comparison.diacriticInsensitive = true
    default: break
    }
    if case .symbol(let symbol) = peek, symbol.hasPrefix("[") { _ = advance() }
    comparison.rhs = try parseOperand()
    return comparison
  }

  private mutating func parseOperand() throws(PredicateParseError) -> PredicateOperand {
    var operand = try parseTerm()
    while peek == .symbol("&") {
      _ = advance()
      operand = .bitwiseAnd(operand, try parseTerm())
    }
    return operand
  }

  private mutating func parseTerm() throws(PredicateParseError) -> PredicateOperand {
    let token = advance()
    switch token {
    case .symbol("("):
      let inner = try parseOperand()
      guard advance() == .symbol(")") else { throw error("missing )") }
      return inner
    case .symbol("{"):
      var values: [PredicateValue] = []
      if peek != .symbol("}") {
        repeat {
          guard case .value(let value) = try parseTerm() else {
            throw error("a list holds values, not keys")
          }
          values.append(value)
        } while advance() == .symbol(",")
        position -= 1
      }
      guard advance() == .symbol("}") else { throw error("missing }") }
      return .value(.list(values))
    case .number(let value): return .value(.number(value))
    case .string(let text): return .value(.string(text))
    case .identifier(let name):
      switch name.uppercased() {
      case "YES", "TRUE": return .value(.bool(true))
      case "NO", "FALSE": return .value(.bool(false))
      case "NIL", "NULL": return .value(.null)
      case "SELF": return .key("SELF")
      default: return .key(name)
      }
    case .argument(let conversion):
      guard argumentIndex < arguments.count else {
        throw error("more format specifiers than the \(arguments.count) arguments")
      }
      let argument = arguments[argumentIndex]
      argumentIndex += 1
      if conversion == "K" {
        guard let key = argument.flatMap({ $0 as? String }) else {
          throw error("%K needs a key string, not \(String(describing: argument))")
        }
        return .key(key)
      }
      guard let value = PredicateValue(argument: argument) else {
        throw error("argument \(argumentIndex) (\(type(of: argument as Any))) is not a value")
      }
      if conversion != "@", value.number == nil {
        throw error("%\(conversion) needs a number, not \(value.formatDescription)")
      }
      return .value(value)
    default: throw error("expected a key or a value, found \(describe(token))")
    }
  }
}
