import Custody
import Foundation
import Storefront

extension CommandRunner {
  /// `search QUERY`: the search view model, without a debounce: the query is typed already.
  func search(_ query: String, json: Bool) async throws -> String {
    let search = SearchViewModel(environment: environment, debounce: .zero)
    await search.search(query)
    guard case .loaded(let results) = search.state else {
      throw listingFailure(search.state.failure, message: search.message)
    }
    let favorites = environment.favorites.ids
    if json {
      return await JSONOutput.encode(
        JSONOutput.SearchResult(
          query: results.query, total: results.total,
          products: results.products.map { .init($0, isFavorite: favorites.contains($0.id)) },
          skipped: results.skipped.map(JSONOutput.Skipped.init)))
    }
    let query = TerminalText.inert(results.query)
    let skipped = search.skippedMessage.map { style.warning(TerminalText.inert($0)) + "\n" } ?? ""
    guard !results.products.isEmpty else {
      return results.skipped.isEmpty ? "No products match “\(query)”.\n" : skipped
    }
    let sent = results.products.count + results.skipped.count
    let shown = sent < results.total ? "first \(sent) of " : ""
    return await ProductFormatting.table(results.products, favorites: favorites).render(
      width: console.width, style: style)
      + style.dim("Matches for “\(query)”: \(shown)\(results.total).") + "\n" + skipped
  }

  /// `product ID`: the detail view model.
  func product(_ id: Product.ID, json: Bool) async throws -> String {
    let detail = try await loadedDetail(id)
    guard let product = detail.state.value else { throw CommandFailure("No product has the id \(id).") }
    if json {
      return await JSONOutput.encode(JSONOutput.ProductDetail(product: product, isFavorite: detail.isFavorite))
    }
    return await ProductFormatting.detailText(
      product, isFavorite: detail.isFavorite, style: style, width: console.width)
  }

  /// `categories`.
  func categories(json: Bool) async throws -> String {
    let model = CategoriesViewModel(environment: environment)
    await model.load()
    guard let categories = model.state.value else {
      throw listingFailure(model.state.failure, message: model.message)
    }
    if json { return await JSONOutput.encode(categories) }
    let table = TextTable(
      columns: [.init("SLUG"), .init("NAME", flexible: true)], rows: categories.map { [$0.slug, $0.name] })
    return await table.render(width: console.width, style: style)
  }

  /// `favorites`: each favourite through a detail view model, loaded together.
  func favorites(json: Bool) async throws -> String {
    let ids = environment.favorites.ids.sorted()
    let details = ids.map { ProductDetailViewModel(productID: $0, environment: environment) }
    await withDiscardingTaskGroup { group in
      for detail in details { group.addTask { await detail.load() } }
    }
    if let failed = details.first(where: { $0.state.failure != nil && $0.state.failure != .notFound }) {
      throw failure(failed.state.failure, message: failed.message)
    }
    let products = details.compactMap(\.state.value)
    // custody-audit:ignore CA002 — reads the favourites' screens, which live on the main actor; a user's favourites are few
    let missing = details.filter { $0.state.failure == .notFound }.map(\.productID)
    if !missing.isEmpty { try await checkServerHasTheAPI() }
    if json {
      return await JSONOutput.encode(
        JSONOutput.Favorites(products: products.map { .init($0, isFavorite: true) }, missing: missing))
    }
    guard !products.isEmpty || !missing.isEmpty else {
      return "No favourites yet. Add one with `storefront favorite ID`.\n"
    }
    var text = await ProductFormatting.table(products, favorites: Set(ids)).render(width: console.width, style: style)
    if !missing.isEmpty {
      text += style.warning("No longer on the server: \(missing.map(String.init).joined(separator: ", ")).") + "\n"
    }
    return text
  }

  /// `favorite ID...` / `unfavorite ID...`: each product in turn, a line for each. One that
  /// fails does not stop the others: its failure is printed, named by its id, and the command
  /// exits 1 once all were tried. One id fails as any command does.
  ///
  /// - Returns: The exit status.
  func setFavorites(_ wanted: Bool, _ ids: [Product.ID]) async throws -> Int32 {
    guard ids.count > 1 else {
      for id in ids { console.write(try await setFavorite(wanted, id)) }
      return 0
    }
    var status: Int32 = 0
    for id in ids {
      do {
        console.write(try await setFavorite(wanted, id))
      } catch let failure as CommandFailure {
        console.writeError("storefront: \(id): \(TerminalText.inert(failure.message))\n")
        status = 1
      }
    }
    return status
  }

  /// `favorite ID` / `unfavorite ID` for one product. Marking checks that the product exists; unmarking does
  /// not, so a product the server dropped, or a server that cannot be reached, does not keep a
  /// favourite: it is then named by its id alone.
  func setFavorite(_ wanted: Bool, _ id: Product.ID) async throws -> String {
    let detail: ProductDetailViewModel
    if wanted {
      detail = try await loadedDetail(id)
    } else {
      detail = ProductDetailViewModel(productID: id, environment: environment)
      await detail.load()
    }
    let name = detail.state.value.map { "\(id) “\(TerminalText.inert($0.title))”" } ?? String(id)
    guard detail.isFavorite != wanted else {
      return wanted ? "\(name) is already a favourite.\n" : "\(name) is not a favourite.\n"
    }
    await detail.toggleFavorite()
    // Favourites live in the data folder only, so a change that did not stick failed to save there.
    guard detail.isFavorite == wanted else {
      throw detail.message == nil ? CommandFailure("The change was not saved.") : storageFailure("your favourites")
    }
    return wanted ? "Added \(name) to your favourites.\n" : "Removed \(name) from your favourites.\n"
  }

  /// `edit ID`: the detail view model's editor, checked and saved.
  func edit(_ id: Product.ID, title: String?, price: String?) async throws -> String {
    let detail = try await loadedDetail(id)
    guard let editor = detail.makeEditor() else { throw CommandFailure("No product has the id \(id).") }
    if let title { editor.title = title }
    if let price { editor.priceText = price }
    if let problem = editor.validationMessage { throw UsageError(problem, command: "edit") }
    let changes = editor.changes() ?? ProductChanges()
    guard await detail.save(editor), let saved = detail.state.value else {
      throw failure(detail.actions.failure, message: detail.message)
    }
    let words = "\(saved.id) “\(TerminalText.inert(saved.title))” at \(ProductFormatting.price(saved.price))"
    if backend.embedded != nil {
      console.writeError(style.dim("Note: the embedded backend keeps edits only while one process runs.") + "\n")
    } else if let server = options.server, !changes.isEmpty,
      (try? await environment.repository.keeps(changes, id: id)) == false
    {
      throw CommandFailure(
        "\(server.absoluteString) answered with \(words) but did not keep the edit: reading the product again "
          + "gives its old values. This server does not save edits.")
    }
    return "Saved \(words).\n"
  }

  /// A detail view model that has loaded product `id`.
  ///
  /// - Throws: ``CommandFailure`` naming the id when it does not exist, or the load's failure.
  func loadedDetail(_ id: Product.ID) async throws -> ProductDetailViewModel {
    let detail = ProductDetailViewModel(productID: id, environment: environment)
    await detail.load()
    switch detail.state.failure {
    case nil: return detail
    case .notFound:
      try await checkServerHasTheAPI()
      throw CommandFailure("No product has the id \(id).")
    case let category: throw failure(category, message: detail.message)
    }
  }
}
