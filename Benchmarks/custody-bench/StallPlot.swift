import CustodyTesting
import Foundation

/// The heartbeat's lateness over time for each variant of `stall`, as a small SVG: one line per
/// variant on a shared time axis (time since its heartbeat started) and a logarithmic lateness
/// axis, so a 2 ms hitch and a 2 s freeze both show.
struct StallPlot {
  var runs: [(name: String, run: StallScenario.Run)]
  /// The heartbeat's period: tick `i` ran `i` periods plus every lateness before it after start.
  var interval: Duration

  private let width = 1_000.0, height = 460.0
  private let left = 70.0, right = 300.0, top = 40.0, bottom = 70.0
  private let colors = ["#9e9e9e", "#2e7d32", "#c62828", "#ef6c00", "#1565c0"]

  /// Writes the picture to `path`, noting in `report` where it went or why it could not.
  func write(to path: String, into report: inout ScenarioReport) {
    report.writePlot(svg, to: path)
  }

  /// Each run's ticks as (milliseconds since start, lateness in milliseconds).
  var series: [[(time: Double, lateness: Double)]] {
    runs.map { entry in
      var time = 0.0
      return entry.run.report.latenesses.map { lateness in
        time += interval.milliseconds + lateness.milliseconds
        return (time, lateness.milliseconds)
      }
    }
  }

  var svg: String {
    let series = self.series
    let maxTime = max(series.compactMap { $0.last?.time }.max() ?? 1, 1)
    let worst = max(series.flatMap { $0.map(\.lateness) }.max() ?? 1, 1)
    let lowDecade = -2.0, highDecade = log10(worst).rounded(.up)
    let plotWidth = width - left - right, plotHeight = height - top - bottom
    func x(_ time: Double) -> Double { left + time / maxTime * plotWidth }
    func y(_ lateness: Double) -> Double {
      let decade = min(max(log10(max(lateness, 0.01)), lowDecade), highDecade)
      return top + (highDecade - decade) / (highDecade - lowDecade) * plotHeight
    }
    var out = [
      #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(Int(width))" height="\#(Int(height))" "#
        + #"font-family="sans-serif" font-size="12">"#,
      #"<rect width="100%" height="100%" fill="white"/>"#,
      #"<text x="\#(left)" y="22" font-size="14">Main-actor heartbeat lateness during a refresh (1 ms ticks)</text>"#,
    ]
    for decade in stride(from: lowDecade, through: highDecade, by: 1) {
      let position = y(pow(10, decade))
      out.append(line(left, position, left + plotWidth, position, "#e0e0e0"))
      out.append(text(left - 8, position + 4, label(milliseconds: pow(10, decade)), anchor: "end"))
    }
    let step = niceStep(maxTime / 6)
    for time in stride(from: 0, through: maxTime, by: step) {
      out.append(line(x(time), top + plotHeight, x(time), top + plotHeight + 5, "#616161"))
      out.append(text(x(time), top + plotHeight + 18, label(milliseconds: time), anchor: "middle"))
    }
    out.append(line(left, top + plotHeight, left + plotWidth, top + plotHeight, "#616161"))
    out.append(line(left, top, left, top + plotHeight, "#616161"))
    out.append(text(left + plotWidth / 2, top + plotHeight + 36, "time since the heartbeat started", anchor: "middle"))
    out.append(
      text(
        left, height - 10,
        "A stall shows as a ramp: a tick's lateness grows for as long as the main actor is busy or gets no core."))
    out.append(text(14, top + plotHeight / 2, "lateness (log)", anchor: "middle", rotate: true))
    for (index, points) in series.enumerated() {
      let color = colors[index % colors.count]
      let columns = Self.peaks(points, columns: Int(plotWidth), span: maxTime)
      let path = columns.map { "\(format1(x($0.time))),\(format1(y($0.lateness)))" }.joined(separator: " ")
      out.append(#"<polyline fill="none" stroke="\#(color)" stroke-width="1.2" points="\#(path)"/>"#)
      let worstHere = runs[index].run.report.maxLateness.milliseconds
      let legendY = top + 10 + Double(index) * 20
      out.append(line(left + plotWidth + 12, legendY, left + plotWidth + 32, legendY, color, width: 3))
      out.append(
        text(left + plotWidth + 38, legendY + 4, "\(runs[index].name), worst \(label(milliseconds: worstHere))"))
    }
    out.append("</svg>")
    return out.joined(separator: "\n") + "\n"
  }

  /// The latest tick of each pixel column: peaks survive, the file stays small.
  static func peaks(
    _ points: [(time: Double, lateness: Double)], columns: Int, span: Double
  ) -> [(time: Double, lateness: Double)] {
    var kept: [Int: (time: Double, lateness: Double)] = [:]
    for point in points {
      let column = Int(point.time / span * Double(columns))
      if let current = kept[column], current.lateness >= point.lateness { continue }
      kept[column] = point
    }
    return kept.keys.sorted().map { kept[$0]! }
  }

  private func line(
    _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ color: String, width: Double = 1
  ) -> String {
    #"<line x1="\#(format1(x1))" y1="\#(format1(y1))" x2="\#(format1(x2))" y2="\#(format1(y2))" "#
      + #"stroke="\#(color)" stroke-width="\#(width)"/>"#
  }

  private func text(
    _ x: Double, _ y: Double, _ content: String, anchor: String = "start", rotate: Bool = false
  )
    -> String
  {
    let transform = rotate ? #" transform="rotate(-90 \#(format1(x)) \#(format1(y)))""# : ""
    return #"<text x="\#(format1(x))" y="\#(format1(y))" text-anchor="\#(anchor)"\#(transform)>\#(content)</text>"#
  }

  private func label(milliseconds value: Double) -> String {
    if value >= 1_000 { return "\(format(value / 1_000)) s" }
    return "\(format(value)) ms"
  }

  private func niceStep(_ raw: Double) -> Double {
    let magnitude = pow(10, log10(max(raw, 1e-9)).rounded(.down))
    for factor in [1.0, 2, 5, 10] where magnitude * factor >= raw { return magnitude * factor }
    return magnitude * 10
  }

  private func format1(_ value: Double) -> String { String(format: "%.1f", value) }
}
