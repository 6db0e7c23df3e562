import Foundation

/// The help and usage texts, made from ``CommandTable``.
public enum HelpText {
  /// `storefront --help`, or a command's `--help`, or `help json`.
  public static func help(for topic: String?) -> String {
    if topic == "json" { return JSONHelp.text }
    guard let topic, let spec = CommandTable.command(named: topic) else { return main }
    var text = usage(of: spec) + "\n\n" + spec.summary + "\n"
    if !spec.discussion.isEmpty { text += "\n" + wrapped(spec.discussion, width: width) + "\n" }
    if !spec.options.isEmpty { text += "\nOptions:\n" + optionLines(spec.options) }
    text += "\nGlobal options (see `storefront --help`) work here too.\n"
    return text
  }

  /// What a usage error prints after its message: the relevant usage line and where to learn more.
  public static func usage(for command: String?) -> String {
    guard let command, let spec = CommandTable.command(named: command) else {
      return "Usage: storefront [OPTIONS] [COMMAND] [ARGUMENTS]\nRun `storefront --help` for the commands.\n"
    }
    return usage(of: spec) + "\nRun `storefront \(spec.name) --help` for details.\n"
  }

  /// `Usage: storefront NAME ARGUMENTS [OPTIONS]`, wrapped within ``width`` under its first
  /// argument.
  static func usage(of spec: CommandSpec) -> String {
    let lead = "Usage: storefront \(spec.name) "
    let arguments = spec.arguments.map { $0.hasSuffix("?") ? "[\($0.dropLast())]" : $0 }
    let options = spec.options.map { "[\($0.synopsis)]" }
    var lines = [lead]
    for word in arguments + options {
      if lines[lines.count - 1].count + word.count > width, lines[lines.count - 1].count > lead.count {
        lines.append(String(repeating: " ", count: lead.count))
      }
      lines[lines.count - 1] += word + " "
    }
    return lines.map { $0.hasSuffix(" ") ? String($0.dropLast()) : $0 }.joined(separator: "\n")
  }

  /// The width every help text fits: an 80-column terminal, with a column to spare.
  static let width = 79

  static let main: String = {
    let commands = listing(CommandTable.commands.map { ($0.name, $0.summary) })
    let options = listing(CommandTable.global.map { ($0.synopsis, $0.summary) })
    let paragraphs = [
      """
      With no command on a terminal, opens the catalog browser (press ? in it for its keys: \
      s sorts, c lists one category, / searches). \
      When standard input or output is not a terminal, prints the first page and exits. Runs on \
      the embedded backend, with no network, unless --server is given.
      """,
      """
      Exit status: 0 success; 1 the command failed (message on stderr): the server refused it, \
      as for a wrong password, an unknown category or product id, or the server, the network or \
      the disk failed; 2 the command line is wrong (message and usage on stderr); 128 + N when \
      signal N ends it (130 for Ctrl-C, 143 for SIGTERM), the browser included.
      """,
      """
      Files, in the data directory (--data-dir PATH; default $XDG_DATA_HOME/storefront when \
      XDG_DATA_HOME is an absolute path, else ~/.local/share/storefront; made readable by its \
      owner only): session.json (0600, the session), favorites.json, catalog.json (the first \
      page, shown at start while offline) and products.json (the products seen, shown at once \
      at the next start), each the embedded backend's; for a --server the same names with \
      -SCHEME-HOST-PORT before .json, that server's alone; preferences.json (the sort order, the category and the last search); \
      embedded-backend.json (0600, the embedded backend's sessions).
      """,
    ].map { wrapped($0, width: width) }
    return """
      storefront \(StorefrontCommand.version): browse and edit the Storefront catalog from the terminal.

      Usage: storefront [OPTIONS] [COMMAND] [ARGUMENTS]

      \(paragraphs[0])

      Commands:
      \(commands)
      Options:
      \(options)
      \(paragraphs[1])

      \(paragraphs[2])

      """
  }()

  private static func optionLines(_ options: [OptionSpec]) -> String {
    listing(options.map { ($0.synopsis, $0.summary) })
  }

  /// Two columns: the names, and their summaries wrapped under one another within ``width``.
  private static func listing(_ rows: [(name: String, summary: String)]) -> String {
    let column = (rows.map(\.name.count).max() ?? 0) + 4
    let indent = String(repeating: " ", count: column)
    return rows.map { row in
      let summary = wrapped(row.summary, width: width - column).replacingOccurrences(of: "\n", with: "\n" + indent)
      return "  " + row.name.padding(toLength: column - 2, withPad: " ", startingAt: 0) + summary
    }.joined(separator: "\n") + "\n"
  }

  private static func wrapped(_ text: String, width: Int) -> String {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty && line.count + word.count + 1 > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    if !line.isEmpty { lines.append(line) }
    return lines.joined(separator: "\n")
  }
}

extension String.StringInterpolation {
  fileprivate mutating func appendInterpolation(_ text: String, terminator: String) {
    appendLiteral(text.hasSuffix("\n") ? String(text.dropLast()) + terminator : text + terminator)
  }
}
