import Foundation

/// The command: parses arguments, reads files, audits, reports, and returns the exit status.
public enum AuditCommand {
  /// Exit statuses.
  public enum Status {
    public static let clean: Int32 = 0
    public static let findings: Int32 = 1
    public static let usage: Int32 = 2
  }

  /// Runs the command with `arguments` (without the program name), writing reports to `output`
  /// and the summary and errors to `errors`.
  public static func run(
    _ arguments: [String], output: (String) -> Void, errors: (String) -> Void
  ) async -> Int32 {
    do {
      let options = try Options(parsing: arguments)
      if options.help {
        output(Options.usage + "\n")
        return Status.clean
      }
      if options.listRules {
        output(RuleListing.render())
        return Status.clean
      }
      return try await audit(options, output: output, errors: errors)
    } catch {
      errors("custody-audit: \(error)\n")
      return Status.usage
    }
  }

  private static func audit(
    _ options: Options, output: (String) -> Void, errors: (String) -> Void
  ) async throws(AuditError) -> Int32 {
    let baseline = try options.baseline.map { path throws(AuditError) in try Baseline.read(from: path) }
    let sources = try readSources(options)
    let result = await Auditor.audit(sources, baseline: baseline)
    if let path = options.writeBaseline {
      let kept = result.baselined + result.reported
      do {
        try Baseline(kept).encoded().write(to: URL(fileURLWithPath: path), options: .atomic)
      } catch {
        throw .unreadable(path: path, reason: "cannot write the baseline: \(error.localizedDescription)")
      }
      errors("custody-audit: wrote \(kept.count) findings to \(path)\n")
      return Status.clean
    }
    switch options.format {
    case .text: output(TextReport.render(result.reported))
    case .json: output(JSONReport.render(result))
    case .sarif: output(SARIFReport.render(result, root: FileManager.default.currentDirectoryPath))
    case .github: output(GitHubReport.render(result.reported))
    case .xcode: output(XcodeReport.render(result.reported, root: FileManager.default.currentDirectoryPath))
    }
    if options.summary { errors(SummaryTable.render(result)) }
    return result.hasWarnings ? Status.findings : Status.clean
  }

  private static func readSources(_ options: Options) throws(AuditError) -> [SourceInput] {
    let directory = FileManager.default.currentDirectoryPath
    var resolver = ModuleResolver(override: options.defaultIsolation)
    var sources: [SourceInput] = []
    var seen: Set<String> = []
    for argument in options.paths {
      // A file reached through two arguments (`Examples` and `Examples/Adopting`) is read once.
      for path in try SourceDiscovery.swiftFiles(in: [argument], excluding: options.exclusions)
      where seen.insert(URL(fileURLWithPath: path).standardizedFileURL.path).inserted {
        let module = resolver.module(forFile: path, foundUnder: argument)
        if module.isTest && !options.includeTests { continue }
        let data: Data
        do {
          data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
          throw .unreadable(path: path, reason: error.localizedDescription)
        }
        // A file that is not UTF-8 is still audited, with its bad bytes replaced.
        let text = String(decoding: data, as: UTF8.self)
        sources.append(SourceInput(path: reported(path, below: directory), text: text, module: module))
      }
    }
    return sources
  }

  /// `path` relative to `directory` when it lies below it, as the user most likely wants it shown.
  private static func reported(_ path: String, below directory: String) -> String {
    var trimmed = path
    while trimmed.hasPrefix("./") { trimmed.removeFirst(2) }
    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    return trimmed.hasPrefix(prefix) ? String(trimmed.dropFirst(prefix.count)) : trimmed
  }
}
