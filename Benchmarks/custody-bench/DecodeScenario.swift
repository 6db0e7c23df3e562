import CustodyHTTP
import Foundation
import Storefront
import StorefrontFixtures

/// `decode`: Storefront's product payload decoded and mapped to models at several sizes, side
/// by side: by `JSONDecoder` then `model()`, the code the app had first; by the page reader as
/// the app had it next (`BaselineDecoding`, a copy: products read into DTOs, then mapped, part
/// by part in a task group); and by the pipeline it uses now (`ProductListDecoding`: products
/// read straight into models, the parts one after another in the caller's task on two cores).
/// Beside them the floor of any decoder into these models: building them from values already
/// in memory (``ModelFloor``).
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
      let before = try? await BaselineDecoding.page(from: body)
      let now = try? await ProductListDecoding.page(from: body)
      if now == nil || now != expected || before != expected {
        report.notes.append("\(label): the pipelines' pages differ from JSONDecoder's")
      }

      let repetitions = size >= 100_000 ? 5 : 9
      // Interleaved, each round in another order, so that the machine's load at any moment and
      // what the previous variant left in the allocator weigh on every variant alike.
      let products = now?.products ?? []
      let variants: [(name: String, run: @Sendable () async -> Void)] = [
        ("JSONDecoder + model()", { blackHole(try? JSONDecoder().decode(ProductListDTO.self, from: body).model()) }),
        ("before: DTOs, then models", { blackHole(try? await BaselineDecoding.page(from: body)) }),
        ("now: ProductListDecoding", { blackHole(try? await ProductListDecoding.page(from: body)) }),
        ("floor: the models built from memory", { blackHole(ModelFloor.products(copying: products)) }),
        (
          "floor, every address also parsed",
          { blackHole(ModelFloor.products(copying: products, parsingAddresses: true)) }
        ),
      ]
      var best = [Duration](repeating: .seconds(1_000_000), count: variants.count)
      for round in 0..<repetitions {
        for offset in variants.indices {
          let index = (offset + round) % variants.count
          best[index] = min(best[index], await time(variants[index].run))
        }
      }
      for (variant, duration) in zip(variants.map(\.name), best) {
        report.add("\(label), \(variant)", "decode + map", duration.milliseconds, "ms")
        report.add("\(label), \(variant)", "throughput", Double(body.count) / 1e6 / duration.seconds, "MB/s")
      }
      report.ratio("now / before ×\(size) (throughput)", best[1] / best[2], atLeast: 2)
      report.notes.append(
        "\(label): building the models from memory takes \(format(best[3] / best[2] * 100))% of now's time "
          + "and \(format(best[3] / best[1] * 100))% of before's, so no decoder into them can be more than "
          + "\(format(best[1] / best[3]))× faster than before; parsing every address as well, "
          + "\(format(best[1] / best[4]))×")
      report.notes.append("\(label): now \(format(best[0] / best[2]))× JSONDecoder + model()")
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
