/// The command line, parsed.
public struct Options: Equatable, Sendable {
  public enum Format: Equatable, Sendable {
    case text, json, sarif, github, xcode
  }

  public var paths: [String] = []
  public var format = Format.text
  /// Whether the per-rule table goes to standard error.
  public var summary = true
  public var defaultIsolation: DefaultIsolation?
  public var baseline: String?
  public var writeBaseline: String?
  public var exclusions: [String] = []
  public var includeTests = false
  public var listRules = false
  public var help = false

  public static let usage = """
    usage: custody-audit [options] PATH...

    Finds main-actor anti-patterns in Swift code and names the owner that fixes each.
    PATH is a Swift file or a folder (searched recursively; hidden folders are skipped).

    options:
      --json                        findings as JSON on standard output
      --sarif                       findings as SARIF 2.1.0 on standard output (absolute paths as
                                    file:// URIs, relative ones against SRCROOT, the working folder)
      --github                      GitHub Actions annotations (::warning file=…,line=…::message)
      --xcode                       Xcode build-phase lines with absolute paths (path:line:col: warning: …)
      --no-summary                  no per-rule table on standard error
      --default-isolation ISOLATION MainActor or nonisolated, for files in no package target
                                    whose Xcode project sets no SWIFT_DEFAULT_ACTOR_ISOLATION
      --baseline FILE               report only findings FILE does not hold
      --write-baseline FILE         write every current finding to FILE and exit 0
      --exclude TEXT                skip files whose path contains TEXT (repeatable)
      --include-tests               audit test targets too (skipped by default: tests run on
                                    the main actor on purpose and stall no screen)
      --list-rules                  print every rule with its explanation and fix
      -h, --help                    print this text

    exit status: 0 no warnings left, 1 warnings left (notes do not count), 2 usage error.
    """

  public init() {}

  /// Parses `arguments` (without the program name).
  public init(parsing arguments: [String]) throws(AuditError) {
    var remaining = arguments[...]
    func value(for option: String) throws(AuditError) -> String {
      guard let next = remaining.popFirst(), !next.hasPrefix("--") else {
        throw .usage("\(option) needs a value\n\n\(Options.usage)")
      }
      return next
    }
    while let argument = remaining.popFirst() {
      switch argument {
      case "--json": format = .json
      case "--sarif": format = .sarif
      case "--github": format = .github
      case "--xcode": format = .xcode
      case "--no-summary": summary = false
      case "--summary": summary = true
      case "--default-isolation":
        let text = try value(for: argument)
        guard let isolation = DefaultIsolation(rawValue: text) else {
          throw .usage("--default-isolation takes MainActor or nonisolated, not '\(text)'")
        }
        defaultIsolation = isolation
      case "--baseline": baseline = try value(for: argument)
      case "--write-baseline": writeBaseline = try value(for: argument)
      case "--exclude": exclusions.append(try value(for: argument))
      case "--include-tests": includeTests = true
      case "--list-rules": listRules = true
      case "-h", "--help": help = true
      case "--":
        paths += remaining
        remaining = []
      case _ where argument.hasPrefix("-"): throw .usage("unknown option \(argument)\n\n\(Options.usage)")
      default: paths.append(argument)
      }
    }
    if paths.isEmpty && !listRules && !help { throw .usage("no path to audit\n\n\(Options.usage)") }
    if baseline != nil && writeBaseline != nil {
      throw .usage("--baseline and --write-baseline cannot be combined: write the baseline from a full run")
    }
  }
}
