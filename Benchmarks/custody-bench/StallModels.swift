import CustodyHTTP
import Foundation
import Storefront

/// Variant A: everything after the `await` runs on the main actor.
@MainActor
final class NaiveCatalogModel {
  private(set) var products: [Product] = []
  private(set) var sections: [CatalogSection] = []
  private let client: HTTPClient
  private let count: Int

  init(client: HTTPClient, count: Int) {
    self.client = client
    self.count = count
  }

  func refresh() async throws {
    let response = try await client.response(for: StallScenario.everything(count))
    let list = try JSONDecoder().decode(ProductListDTO.self, from: response.body)
    let sorted = list.products.map { $0.model() }.sorted { $0.price < $1.price }
    var groups: [String: [Product]] = [:]
    for product in sorted { groups[product.category, default: []].append(product) }
    products = sorted
    sections = groups.keys.sorted().map { CatalogSection(category: $0, products: groups[$0] ?? []) }
  }
}

/// Variant B: the work runs in a `@concurrent` pipeline; the result is assigned plainly, so
/// the previous screen is freed on the main actor.
@MainActor
final class PipelineCatalogModel {
  private(set) var screen = CatalogScreen()
  private let client: HTTPClient
  private let count: Int

  init(client: HTTPClient, count: Int) {
    self.client = client
    self.count = count
  }

  func refresh() async throws {
    let response = try await client.response(for: StallScenario.everything(count))
    screen = try await Self.screen(from: response.body)
  }

  @concurrent static func screen(from body: Data) async throws -> CatalogScreen {
    let list = try JSONDecoder().decode(ProductListDTO.self, from: body)
    let sorted = await CatalogPipeline.sorted(list.products.map { $0.model() }, by: ProductSort(.price))
    let slice = CatalogSlice(products: sorted, hasMore: false, total: list.total)
    return await CatalogPipeline.screen(for: slice, sort: ProductSort(.price))
  }
}
