// The two names `Parsing/HelpText.swift` takes from the rest of the command-line library.

enum StorefrontCommand {
  static let version = "fuzz"
}

enum JSONHelp {
  static let text = "JSON help\n"
}
