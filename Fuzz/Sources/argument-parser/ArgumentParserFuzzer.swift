import FuzzSupport
import StorefrontCLIParsing

/// The command line from arbitrary arguments (the input split at newlines and NUL bytes): it
/// parses, or it throws a usage error whose usage text can be printed; it never traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArgumentParser(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let arguments = FuzzInput.lines(FuzzInput.data(bytes, count))
  do {
    checkSplit(try ParsedArguments.parse(arguments))
  } catch {
    checkUsage(error)
  }
  do {
    let invocation = try Invocation.parse(arguments)
    if case .help(let topic) = invocation.command { _ = HelpText.help(for: topic) }
  } catch {
    checkUsage(error)
  }
  return 0
}

/// Everything the split kept is in the table: the command, its options, its arguments.
private func checkSplit(_ parsed: ParsedArguments) {
  let spec = parsed.command.map { name in
    guard let spec = CommandTable.command(named: name) else { fatalError("unknown command '\(name)' accepted") }
    return spec
  }
  if spec?.repeatsLastArgument != true {
    precondition(parsed.positionals.count <= (spec?.arguments.count ?? 0), "more arguments than the command takes")
  }
  let options = (spec?.options ?? []) + CommandTable.global
  func option(_ name: String) -> OptionSpec {
    guard let option = options.first(where: { $0.name == name }) else {
      fatalError("unknown option '\(name)' accepted")
    }
    return option
  }
  for name in parsed.flags { precondition(option(name).valueName == nil, "--\(name) takes a value") }
  for name in parsed.values.keys { precondition(option(name).valueName != nil, "--\(name) is a flag") }
}

private func checkUsage(_ error: UsageError) {
  precondition(!error.message.isEmpty, "a usage error without a message")
  if let command = error.command {
    precondition(CommandTable.command(named: command) != nil, "usage of an unknown command '\(command)'")
  }
  _ = HelpText.usage(for: error.command)
}
