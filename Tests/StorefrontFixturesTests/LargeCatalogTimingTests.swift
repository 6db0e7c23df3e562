import CustodyHTTP
import Foundation
import StorefrontFixtures
import Testing

/// The largest catalog, timed. Opt in with `STOREFRONT_FIXTURES_LARGE=1`: it takes seconds in
/// a debug build, and the benchmark target measures it properly.
@Suite(
  .timeLimit(.minutes(1)),
  .enabled(if: ProcessInfo.processInfo.environment["STOREFRONT_FIXTURES_LARGE"] != nil))
struct LargeCatalogTimingTests {
  @Test func generatesAndServesTheLargestCatalog() async throws {
    let clock = ContinuousClock()
    let start = clock.now
    let backend = try EmbeddedBackend(
      configuration: .init(productCount: EmbeddedBackend.Configuration.maximumProductCount))
    let generated = clock.now
    let url = URL(string: "http://storefront.embedded/products?limit=0")!
    let response = try await backend.send(HTTPRequest(url: url))
    let served = clock.now
    let page: IDPageBody = try JSONDecoder().decode(IDPageBody.self, from: response.body)

    #expect(page.total == 100_000 && page.products.count == 100_000)
    print(
      "100k catalog: generated and encoded in \(start.duration(to: generated)),",
      "limit=0 page (\(response.body.count) bytes) in \(generated.duration(to: served))")
  }
}
