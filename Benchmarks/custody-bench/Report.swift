import Foundation

/// One measured number of a scenario.
struct Metric: Encodable, Sendable {
  var scenario: String
  var variant: String
  var metric: String
  var value: Double
  var unit: String
}

/// A ratio between two variants, with the target it is held to.
struct Ratio: Encodable, Sendable {
  var scenario: String
  var name: String
  var value: Double
  /// The target, as the relation the value must satisfy, such as `>= 10` or `<= 1.5`.
  var target: String
  var met: Bool
}

/// Everything one scenario measured.
struct ScenarioReport: Encodable, Sendable {
  var scenario: String
  var metrics: [Metric] = []
  var ratios: [Ratio] = []
  var notes: [String] = []

  init(_ scenario: String) { self.scenario = scenario }

  mutating func add(_ variant: String, _ metric: String, _ value: Double, _ unit: String) {
    metrics.append(Metric(scenario: scenario, variant: variant, metric: metric, value: value, unit: unit))
  }

  /// Records `value` held to `value >= minimum`.
  mutating func ratio(_ name: String, _ value: Double, atLeast minimum: Double) {
    ratios.append(
      Ratio(scenario: scenario, name: name, value: value, target: ">= \(format(minimum))", met: value >= minimum))
  }

  /// Records `value` held to `value <= maximum`.
  mutating func ratio(_ name: String, _ value: Double, atMost maximum: Double) {
    ratios.append(
      Ratio(scenario: scenario, name: name, value: value, target: "<= \(format(maximum))", met: value <= maximum))
  }

  /// A table a person can read.
  var text: String {
    var lines = ["== \(scenario)"]
    let variantWidth = max(8, metrics.map(\.variant.count).max() ?? 0)
    let metricWidth = max(6, metrics.map(\.metric.count).max() ?? 0)
    for metric in metrics {
      lines.append(
        "  \(metric.variant.padding(toLength: variantWidth, withPad: " ", startingAt: 0))  "
          + "\(metric.metric.padding(toLength: metricWidth, withPad: " ", startingAt: 0))  \(format(metric.value)) \(metric.unit)"
      )
    }
    for ratio in ratios {
      lines.append(
        "  ratio \(ratio.name) = \(format(ratio.value)) (target \(ratio.target)) \(ratio.met ? "met" : "NOT MET")")
    }
    for note in notes { lines.append("  note: \(note)") }
    return lines.joined(separator: "\n")
  }
}

extension ScenarioReport {
  /// The range (min–max) of each metric and ratio over several runs of one scenario, and how
  /// many runs met each target; `nil` for a single run.
  static func range(of runs: [ScenarioReport]) -> String? {
    guard runs.count > 1, let first = runs.first else { return nil }
    var lines = ["== \(first.scenario): range over \(runs.count) runs"]
    for (index, metric) in first.metrics.enumerated() {
      let values = runs.compactMap { $0.metrics.indices.contains(index) ? $0.metrics[index].value : nil }
      lines.append("  \(metric.variant)  \(metric.metric)  \(span(values)) \(metric.unit)")
    }
    for (index, ratio) in first.ratios.enumerated() {
      let matching = runs.compactMap { $0.ratios.indices.contains(index) ? $0.ratios[index] : nil }
      let met = matching.filter(\.met).count
      lines.append(
        "  ratio \(ratio.name) = \(span(matching.map(\.value))) (target \(ratio.target)) met in \(met) of \(runs.count)"
      )
    }
    return lines.joined(separator: "\n")
  }

  private static func span(_ values: [Double]) -> String {
    guard let low = values.min(), let high = values.max() else { return "-" }
    return low == high ? format(low) : "\(format(low))–\(format(high))"
  }
}

extension ScenarioReport {
  /// Writes a scenario's picture, `svg`, to `path`, noting where it went or why it could not.
  ///
  /// - Returns: Whether it was written.
  @discardableResult
  mutating func writePlot(_ svg: String, to path: String) -> Bool {
    do {
      try Data(svg.utf8).write(to: URL(fileURLWithPath: path))
      notes.append("plot written to \(path)")
      return true
    } catch {
      notes.append("could not write the plot to \(path): \(error.localizedDescription)")
      return false
    }
  }
}

func format(_ value: Double) -> String {
  if value == value.rounded() && abs(value) < 1e9 { return String(Int(value)) }
  if abs(value) >= 100 { return String(format: "%.0f", value) }
  if abs(value) >= 10 { return String(format: "%.1f", value) }
  return String(format: "%.3g", value)
}
