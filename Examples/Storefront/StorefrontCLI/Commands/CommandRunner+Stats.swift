import Custody
import Storefront

extension CommandRunner {
  /// What the scripted browse of `stats` does, in order.
  static let statsSteps = [
    "the catalog's first page", "the next page", "a refresh", "three products, each opened on two screens at once",
    "one of them opened again", "a search for \"phone\", twice", "the categories",
  ]

  /// `stats`: a short scripted browse through the view models, as a user of the browser would
  /// make it (with the data folder's session, if one is signed in), then every owner's counters.
  func stats(json: Bool) async throws -> String {
    try await scriptedBrowse()
    let owners = OwnerSummary.merge(inspection.statistics.snapshot().owners)
    if json { return await JSONOutput.encode(JSONOutput.Stats(owners: owners, steps: Self.statsSteps)) }
    let table = TextTable(
      columns: [TextTable.Column("OWNER"), TextTable.Column("KIND"), TextTable.Column("WHAT IT DID", flexible: true)],
      rows: owners.map { [$0.name, $0.kind.rawValue, $0.highlights] })
    var text = "After a scripted browse: " + Self.statsSteps.joined(separator: ", ") + ".\n\n"
    text += await table.render(width: console.width, style: style)
    for owner in owners where !owner.flights.isEmpty {
      text += "\(owner.name) still runs: " + owner.flights.map(\.description).joined(separator: ", ") + "\n"
    }
    return text + "\nEvery counter: storefront stats --json (see `storefront help json`).\n"
  }

  private func scriptedBrowse() async throws {
    let catalog = CatalogViewModel(environment: environment)
    await catalog.start()
    if let message = catalog.message {
      throw failure(catalog.state.failure ?? catalog.nextPageFailure?.category, message: message)
    }
    // Each saved page reaches the disk before the next step, so no save is coalesced with the
    // next one on a fast machine and not on a slow one.
    try? await environment.offlineCatalog.flush()
    await catalog.loadMore()
    try? await environment.offlineCatalog.flush()
    await catalog.refresh()
    if let message = catalog.message {
      throw failure(catalog.state.failure ?? catalog.nextPageFailure?.category, message: message)
    }
    try? await environment.offlineCatalog.flush()
    let ids = (catalog.state.value?.products ?? []).prefix(3).map(\.id)
    let environment = self.environment
    await withDiscardingTaskGroup { group in
      for id in ids {
        for _ in 0..<2 { group.addTask { await Self.openProduct(id, environment) } }
      }
    }
    if let id = ids.first { await Self.openProduct(id, environment) }
    let search = SearchViewModel(environment: environment, debounce: .zero)
    await search.search("phone")
    await search.search("phone")
    await CategoriesViewModel(environment: environment).load()
  }

  /// Opens a product screen on product `id` and waits until it has loaded.
  private static func openProduct(_ id: Product.ID, _ environment: StorefrontEnvironment) async {
    await ProductDetailViewModel(productID: id, environment: environment).load()
  }
}
