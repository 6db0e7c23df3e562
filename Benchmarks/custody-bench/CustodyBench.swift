import Foundation

/// `custody-bench [SCENARIO…] [--json PATH] [--plot PATH] [--runs N] [--quick]`: measures each claim of the architecture
/// against what a user would otherwise write, side by side in one run, and reports ratios.
@main
struct CustodyBench {
  /// What the command line asked for besides the scenarios.
  struct Options: Sendable {
    var quick = false
    /// Where `stall` draws its heartbeat and `scale` its curves, if anywhere.
    var plotPath: String?
    /// The scenarios selected that draw a picture.
    var plotting: [String] = []
    /// How many times each scenario runs; with more than one, the range of each figure follows.
    var runs = 1

    /// Where `scenario` draws: the path given, or, when two scenarios that draw run, the path
    /// with the scenario's name added (`out.svg` → `out-scale.svg`).
    func plotPath(for scenario: String) -> String? {
      guard let plotPath, plotting.count > 1 else { return plotPath }
      let url = URL(fileURLWithPath: plotPath)
      let stem = url.deletingPathExtension().lastPathComponent + "-" + scenario
      return url.deletingLastPathComponent().appendingPathComponent(stem).appendingPathExtension("svg").path
    }
  }

  static let scenarios: [(name: String, run: @Sendable (Options) async -> ScenarioReport)] = [
    ("coalesce", { await CoalesceScenario.run(quick: $0.quick) }),
    ("cache", { await CacheScenario.run(quick: $0.quick) }), ("write", { await WriteScenario.run(quick: $0.quick) }),
    ("token", { await TokenScenario.run(quick: $0.quick) }), ("pager", { await PagerScenario.run(quick: $0.quick) }),
    ("decode", { await DecodeScenario.run(quick: $0.quick) }), ("flow", { await FlowScenario.run(quick: $0.quick) }),
    ("stall", { await StallScenario.run(quick: $0.quick, plot: $0.plotPath(for: "stall")) }),
    ("paste", { await PasteScenario.run(quick: $0.quick) }),
    ("hydrate", { await HydrateScenario.run(quick: $0.quick) }), ("pool", { await PoolScenario.run(quick: $0.quick) }),
    ("frame", { await FrameScenario.run(quick: $0.quick) }),
    ("cancel", { await CancelScenario.run(quick: $0.quick) }),
    ("scale", { await ScalingScenario.run(quick: $0.quick, plot: $0.plotPath(for: "scale")) }),
    ("devtools", { await DevtoolsScenario.run(quick: $0.quick) }),
  ]

  static func main() async {
    var selected: [String] = []
    var jsonPath: String?
    var options = Options()
    var arguments = CommandLine.arguments.dropFirst()
    while let argument = arguments.popFirst() {
      switch argument {
      case "--quick": options.quick = true
      case "--plot":
        guard let path = arguments.popFirst() else { usage("--plot needs a path") }
        options.plotPath = path
      case "--runs":
        guard let text = arguments.popFirst(), let runs = Int(text), runs > 0 else { usage("--runs needs a count") }
        options.runs = runs
      case "--json":
        guard let path = arguments.popFirst() else { usage("--json needs a path") }
        jsonPath = path
      case "--help", "-h":
        print(help)
        return
      case let name where scenarios.contains { $0.name == name }: selected.append(name)
      default: usage("unknown scenario or option: \(argument)")
      }
    }
    if selected.isEmpty { selected = scenarios.map(\.name) }
    options.plotting = ["stall", "scale"].filter(selected.contains)

    #if DEBUG
      print("note: a debug build; run `swift run -c release custody-bench` for numbers worth reading\n")
    #endif
    var reports: [ScenarioReport] = []
    for scenario in scenarios where selected.contains(scenario.name) {
      var runs: [ScenarioReport] = []
      for run in 1...options.runs {
        var report = await scenario.run(options)
        if options.runs > 1 { report.notes.append("run \(run) of \(options.runs)") }
        print(report.text + "\n")
        runs.append(report)
      }
      if let range = ScenarioReport.range(of: runs) {
        print(range + "\n")
      }
      reports += runs
    }
    let unmet = reports.flatMap(\.ratios).filter { !$0.met }
    print(
      unmet.isEmpty
        ? "every target met" : "\(unmet.count) target(s) not met: " + unmet.map(\.name).joined(separator: "; "))
    if let jsonPath { write(reports, to: jsonPath) }
  }

  static func write(_ reports: [ScenarioReport], to path: String) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    do {
      try encoder.encode(reports).write(to: URL(fileURLWithPath: path))
    } catch {
      FileHandle.standardError.write(Data("custody-bench: cannot write \(path): \(error.localizedDescription)\n".utf8))
      exit(1)
    }
  }

  static func usage(_ message: String) -> Never {
    FileHandle.standardError.write(Data("custody-bench: \(message)\n\n\(help)\n".utf8))
    exit(2)
  }

  static var help: String {
    """
    Usage: custody-bench [SCENARIO…] [--json PATH] [--plot PATH] [--runs N] [--quick]

    Scenarios: \(scenarios.map(\.name).joined(separator: ", ")) (all when none is named)
      --json PATH  also write one JSON object per scenario: metrics and ratios with their targets
      --plot PATH  with `stall`, also draw the heartbeat's lateness over time as an SVG; with
                   `scale`, the cost per operation against N (and a PNG where rsvg-convert is);
                   with both, each adds its name to the file's (out.svg: out-stall.svg, out-scale.svg)
      --runs N     run each scenario N times, then print the range (min–max) of every figure
      --quick      reduced sizes, for a smoke test
    """
  }
}
