import Storefront

/// Typed access to ``ParsedArguments``, with errors that name the command.
struct ArgumentReader {
  private let parsed: ParsedArguments

  init(_ parsed: ParsedArguments) {
    self.parsed = parsed
  }

  var command: String? { parsed.command }
  var positionals: [String] { parsed.positionals }

  func error(_ message: String) -> UsageError {
    UsageError(message, command: parsed.command)
  }

  func flag(_ name: String) -> Bool { parsed.flags.contains(name) }

  func value(_ name: String) -> String? { parsed.values[name] }

  func positional(_ index: Int) throws(UsageError) -> String {
    guard index < parsed.positionals.count else {
      let name = parsed.command.flatMap(CommandTable.command(named:))?.arguments[index] ?? "an argument"
      throw error("Missing \(name.hasSuffix("...") ? String(name.dropLast(3)) : name).")
    }
    return parsed.positionals[index]
  }

  func productID() throws(UsageError) -> Product.ID {
    let text = try positional(0)
    guard let id = Int(text), id > 0 else {
      throw error("ID must be a whole number above 0, such as 12; got '\(text)'.")
    }
    return id
  }

  /// Every positional argument as a product id, in order, each once; at least one.
  func productIDs() throws(UsageError) -> [Product.ID] {
    _ = try positional(0)
    var ids: [Product.ID] = []
    for text in parsed.positionals {
      guard let id = Int(text), id > 0 else {
        throw error("Each ID must be a whole number above 0, such as 12; got '\(text)'.")
      }
      if !ids.contains(id) { ids.append(id) }
    }
    return ids
  }

  func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
    guard let text = value(name) else { return nil }
    guard let number = Int(text), range.contains(number) else {
      throw error("--\(name) needs a whole number from \(range.lowerBound) to \(range.upperBound); got '\(text)'.")
    }
    return number
  }

  func choice<Choice: RawRepresentable & CaseIterable>(
    _ name: String, _: Choice.Type
  ) throws(UsageError) -> Choice? where Choice.RawValue == String {
    guard let text = value(name) else { return nil }
    guard let choice = Choice(rawValue: text.lowercased()) else {
      let choices = Choice.allCases.map(\.rawValue).joined(separator: ", ")
      throw error("--\(name) needs one of \(choices); got '\(text)'.")
    }
    return choice
  }
}
