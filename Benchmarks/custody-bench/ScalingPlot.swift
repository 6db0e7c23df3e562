import Foundation

/// The curves of `scale` as small multiples in one SVG: a panel per curve, N on a logarithmic
/// axis, the cost relative to the smallest N on a logarithmic axis shared by every panel, so a
/// flat curve is a level line and slopes compare across panels. Each panel draws "flat" and
/// "linear per operation" (tenfold per decade) as dashed guides and names the cost at both ends.
struct ScalingPlot {
  var curves: [ScalingScenario.Curve]
  var sizes: [Int]

  private let columns = 4
  private let panelWidth = 270.0, panelHeight = 175.0
  private let margin = 16.0, header = 50.0
  private let plotLeft = 52.0, plotTop = 36.0, plotRight = 18.0, plotBottom = 24.0
  /// The relative cost axis: a tenth of the smallest N's cost up to ten thousand times it.
  private let lowDecade = -1.0, highDecade = 4.0
  private let ink = "#1565c0", frame = "#bdbdbd"

  /// Writes the picture to `path`, and a PNG beside it where `rsvg-convert` is installed,
  /// noting in `report` what was written.
  func write(to path: String, into report: inout ScenarioReport) {
    guard report.writePlot(svg, to: path) else { return }
    #if os(macOS) || os(Linux)  // no `Process` on iOS
      let png = (path.hasSuffix(".svg") ? String(path.dropLast(4)) : path) + ".png"
      let converter = Process()
      converter.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      converter.arguments = ["rsvg-convert", "-o", png, path]
      converter.standardError = FileHandle.nullDevice
      if (try? converter.run()) != nil {
        converter.waitUntilExit()
        if converter.terminationStatus == 0 { report.notes.append("PNG written to \(png)") }
      }
    #endif
  }

  var svg: String {
    let rows = (curves.count + columns - 1) / columns
    let width = margin * 2 + Double(columns) * panelWidth
    let height = header + Double(rows) * panelHeight + margin
    var out = [
      #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(Int(width))" height="\#(Int(height))" "#
        + #"font-family="sans-serif" font-size="11">"#,
      #"<rect width="100%" height="100%" fill="white"/>"#,
      text(
        margin, 22,
        "Cost per operation as the work held grows (N = \(power(sizes.first ?? 100)) … \(power(sizes.last ?? 100))), "
          + "relative to the smallest N", size: 14),
      text(
        margin, 40,
        "Both axes logarithmic. Dashed: flat (grey) and linear per operation, ×10 per decade (red). "
          + "Each panel: cost at the ends and growth per decade.", color: "#616161"),
    ]
    for (index, curve) in curves.enumerated() {
      let x = margin + Double(index % columns) * panelWidth
      let y = header + Double(index / columns) * panelHeight
      out += panel(curve, x: x, y: y)
    }
    out.append("</svg>")
    return out.joined(separator: "\n") + "\n"
  }

  private func panel(_ curve: ScalingScenario.Curve, x: Double, y: Double) -> [String] {
    let left = x + plotLeft, top = y + plotTop
    let plotWidth = panelWidth - plotLeft - plotRight, plotHeight = panelHeight - plotTop - plotBottom
    let smallest = log10(Double(sizes.first ?? 100)), largest = log10(Double(sizes.last ?? 1_000_000))
    func px(_ n: Int) -> Double { left + (log10(Double(n)) - smallest) / max(largest - smallest, 1) * plotWidth }
    func py(_ relative: Double) -> Double {
      let decade = min(max(log10(max(relative, 1e-9)), lowDecade), highDecade)
      return top + (highDecade - decade) / (highDecade - lowDecade) * plotHeight
    }
    var out = [
      text(x + 4, y + 14, curve.name, size: 12),
      #"<rect x="\#(f(left))" y="\#(f(top))" width="\#(f(plotWidth))" height="\#(f(plotHeight))" "#
        + #"fill="none" stroke="\#(frame)"/>"#,
    ]
    for decade in stride(from: lowDecade, through: highDecade, by: 1) {
      out.append(
        text(left - 4, py(pow(10, decade)) + 4, "×\(format(pow(10, decade)))", anchor: "end", color: "#9e9e9e"))
    }
    for n in sizes {
      out.append(text(px(n), top + plotHeight + 14, power(n), anchor: "middle", size: 10, color: "#9e9e9e"))
    }
    guard let first = curve.points.first, first.value > 0 else {
      out.append(text(left + 6, top + 20, "not measured", color: "#c62828"))
      return out
    }
    let start = (px(first.n), py(1))
    out.append(dashed(start, (px(sizes.last ?? first.n), py(1)), "#9e9e9e"))
    let decades = log10(Double(sizes.last ?? first.n) / Double(first.n))
    out.append(dashed(start, (px(sizes.last ?? first.n), py(pow(10, decades))), "#ef9a9a"))
    let points = curve.points.map { "\(f(px($0.n))),\(f(py($0.value / first.value)))" }.joined(separator: " ")
    out.append(#"<polyline fill="none" stroke="\#(ink)" stroke-width="2" points="\#(points)"/>"#)
    for point in curve.points {
      out.append(#"<circle cx="\#(f(px(point.n)))" cy="\#(f(py(point.value / first.value)))" r="2.5" fill="\#(ink)"/>"#)
    }
    let last = curve.points.last ?? first
    let growth = curve.growthPerDecade.map { ", ×\(format($0)) a decade" } ?? ""
    out.append(
      text(
        x + 4, y + 28, "\(format(first.value)) → \(format(last.value)) \(curve.unit)\(growth)", size: 10,
        color: "#424242"))
    return out
  }

  /// `n`, a power of ten, as 10 with a superscript exponent.
  private func power(_ n: Int) -> String {
    let digits = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
    return "10" + String(Int(log10(Double(n)).rounded())).compactMap { $0.wholeNumberValue.map { digits[$0] } }.joined()
  }

  private func dashed(_ from: (Double, Double), _ to: (Double, Double), _ color: String) -> String {
    #"<line x1="\#(f(from.0))" y1="\#(f(from.1))" x2="\#(f(to.0))" y2="\#(f(to.1))" "#
      + #"stroke="\#(color)" stroke-dasharray="4 3"/>"#
  }

  private func text(
    _ x: Double, _ y: Double, _ content: String, anchor: String = "start", size: Int = 11, color: String = "#212121"
  ) -> String {
    #"<text x="\#(f(x))" y="\#(f(y))" text-anchor="\#(anchor)" font-size="\#(size)" fill="\#(color)">"#
      + escaped(content) + "</text>"
  }

  private func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }

  private func f(_ value: Double) -> String { String(format: "%.1f", value) }
}
