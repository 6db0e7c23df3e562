/// A command line split by the table, before any value is checked.
public struct ParsedArguments: Sendable, Hashable {
  /// The subcommand; `nil` for none (the interactive browser).
  public var command: String?
  public var positionals: [String] = []
  /// Values of options that take one, by option name; the last occurrence wins.
  public var values: [String: String] = [:]
  /// Flags that were given.
  public var flags: Set<String> = []

  public init(command: String? = nil) {
    self.command = command
  }

  /// Splits `arguments` (without the program name) by ``CommandTable``.
  ///
  /// Options go before or after the command, as `--name value` or `--name=value`; `--` ends
  /// the options, so a query may start with a dash.
  ///
  /// - Throws: ``UsageError`` for an unknown command or option, a missing value, a value given
  ///   to a flag, or too many arguments.
  public static func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
    var parsed = ParsedArguments()
    var spec: CommandSpec?
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if !optionsEnded && argument == "--" {
        optionsEnded = true
      } else if !optionsEnded && argument.hasPrefix("-") && argument.count > 1 && !isNumber(argument) {
        let (name, inline) = split(argument)
        guard let option = spec?.option(named: name) ?? CommandTable.globalOption(named: name) else {
          throw UsageError("Unknown option '\(argument)'.", command: spec?.name)
        }
        if let valueName = option.valueName {
          if let inline {
            parsed.values[name] = inline
          } else if index < arguments.count && !arguments[index].hasPrefix("--") {
            parsed.values[name] = arguments[index]
            index += 1
          } else {
            throw UsageError("--\(name) needs a value (\(valueName)).", command: spec?.name)
          }
        } else {
          guard inline == nil else { throw UsageError("--\(name) takes no value.", command: spec?.name) }
          parsed.flags.insert(name)
        }
      } else if spec == nil && parsed.command == nil {
        guard let command = CommandTable.command(named: argument) else {
          throw UsageError("Unknown command '\(argument)'.")
        }
        spec = command
        parsed.command = command.name
      } else {
        guard let spec, parsed.positionals.count < spec.arguments.count || spec.repeatsLastArgument else {
          throw UsageError("Unexpected argument '\(argument)'.", command: spec?.name)
        }
        parsed.positionals.append(argument)
      }
    }
    return parsed
  }

  /// `--name=value` → (`name`, `value`); `-h` is `--help`.
  private static func split(_ argument: String) -> (String, String?) {
    if argument == "-h" { return ("help", nil) }
    guard argument.hasPrefix("--") else { return (argument, nil) }
    let body = argument.dropFirst(2)
    guard let equals = body.firstIndex(of: "=") else { return (String(body), nil) }
    return (String(body[..<equals]), String(body[body.index(after: equals)...]))
  }

  /// A negative number is an argument, not an option.
  private static func isNumber(_ argument: String) -> Bool {
    Double(argument) != nil
  }
}
