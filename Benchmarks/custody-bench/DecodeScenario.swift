import CustodyHTTP
import Foundation
import Storefront
import StorefrontFixtures

/// `decode`: Storefront's product payload decoded and mapped to models at several sizes, by
/// the code the app had before (`JSONDecoder`, then `model()`) and by the pipeline it uses now
/// (`ProductListDecoding`: short parts on every core but one), and by its reader in one part,
/// side by side.
enum DecodeScenario {
  static func run(quick: Bool) async -> ScenarioReport {
    var report = ScenarioReport("decode")
    let sizes = quick ? [1_000, 10_000] : [1_000, 10_000, 100_000]
    guard let backend = try? EmbeddedBackend(configuration: .init(productCount: sizes.max()!)) else {
      report.notes.append("could not start the embedded backend")
      return report
    }
    let client = backend.makeClient()
    for size in sizes {
      let endpoint = Endpoint<ProductListDTO>(path: "/products", query: [URLQueryItem(name: "limit", value: "\(size)")])
      guard let body = try? await client.response(for: endpoint).body else { continue }
      let label = "\(size) products"
      report.add(label, "size", Double(body.count) / 1e6, "MB")
      let expected = try? JSONDecoder().decode(ProductListDTO.self, from: body).model()
      let fast = try? await ProductListDecoding.page(from: body)
      if fast == nil || fast != expected {
        report.notes.append("\(label): the pipeline's page differs from JSONDecoder's")
      }

      let repetitions = size >= 100_000 ? 3 : 7
      // Interleaved, so that the machine's load at any moment weighs on every variant alike.
      var best = [Duration](repeating: .seconds(1_000_000), count: 3)
      for _ in 0..<repetitions {
        best[0] = min(
          best[0], await time { blackHole(try? JSONDecoder().decode(ProductListDTO.self, from: body).model()) })
        best[1] = min(best[1], await time { blackHole(try? await ProductListDecoding.page(from: body, parts: 1)) })
        best[2] = min(best[2], await time { blackHole(try? await ProductListDecoding.page(from: body)) })
      }
      let variants = ["JSONDecoder + model()", "fast reader, one part", "ProductListDecoding"]
      for (variant, duration) in zip(variants, best) {
        report.add("\(label), \(variant)", "decode + map", duration.milliseconds, "ms")
        report.add("\(label), \(variant)", "throughput", Double(body.count) / 1e6 / duration.seconds, "MB/s")
      }
      report.ratio("JSONDecoder / ProductListDecoding ×\(size)", best[0] / best[2], atLeast: 2)
      report.notes.append(
        "\(label): one part \(format(best[0] / best[1]))× JSONDecoder; "
          + "short parts on every core but one \(format(best[1] / best[2]))× one part")
    }
    report.notes.append("\(ProcessInfo.processInfo.activeProcessorCount) cores")
    return report
  }

  /// How long `body` takes, once.
  static func time(_ body: () async -> Void) async -> Duration {
    let start = Measure.clock.now
    await body()
    return start.duration(to: Measure.clock.now)
  }
}
