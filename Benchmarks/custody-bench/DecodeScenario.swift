import CustodyHTTP
import Foundation
import Storefront
import StorefrontFixtures

/// `decode`: Storefront's product payload decoded at several sizes, in MB/s: the baseline that
/// later work on decoding is measured against.
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
      let decoder = JSONDecoder()
      let time = await Measure.best(repetitions: size >= 100_000 ? 2 : 5) {
        let list = try? decoder.decode(ProductListDTO.self, from: body)
        blackHole(list?.model().products.count)
      }
      report.add("\(size) products", "size", Double(body.count) / 1e6, "MB")
      report.add("\(size) products", "decode + map", time.milliseconds, "ms")
      report.add("\(size) products", "throughput", Double(body.count) / 1e6 / time.seconds, "MB/s")
    }
    return report
  }
}
