import CustodyHTTP
import Foundation

extension CatalogState {
  /// `GET /products`, `/products/search` and `/products/category/{slug}`: one page of the
  /// products that match, in `{products, total, skip, limit}`.
  func page(matching isIncluded: ((Product) -> Bool)?, options: QueryOptions) -> HTTPResponse {
    var ids =
      isIncluded.map { isIncluded in products.filter(isIncluded).map(\.id) } ?? Array(products.indices.map { $0 + 1 })
    if let sortBy = options.sortBy, let field = ProductField(rawValue: sortBy) {
      ids = sorted(ids, by: field, order: options.order)
    }
    let page = ids[options.window(count: ids.count)]
    var writer = JSONWriter(capacity: 64 + page.count * (options.select == nil ? 600 : 64))
    writer.raw("{\"products\":[")
    if let fields = options.productFields {
      for (index, id) in page.enumerated() {
        if index > 0 { writer.raw(",") }
        products[id - 1].write(to: &writer, fields: fields)
      }
    } else {
      encoded.append(ids: page, to: &writer)
    }
    writer.raw("],\"total\":")
    writer.int(ids.count)
    writer.raw(",\"skip\":")
    writer.optionalInt(options.skip)
    writer.raw(",\"limit\":")
    writer.int(page.count)
    writer.raw("}")
    return .jsonBytes(writer.bytes)
  }

  /// `GET /products/{id}`, with `select` honoured as DummyJSON does.
  func productResponse(id text: String, options: QueryOptions) throws(RouteFailure) -> HTTPResponse {
    let product = try existingProduct(id: text)
    guard let fields = options.productFields else { return .jsonBytes(encoded.json(id: product.id)) }
    var writer = JSONWriter()
    product.write(to: &writer, fields: fields)
    return .jsonBytes(writer.bytes)
  }

  func existingProduct(id text: String) throws(RouteFailure) -> Product {
    guard let id = Int(text), String(id) == text, let product = product(id: id) else {
      throw .notFound("Product with id '\(text)' not found")
    }
    return product
  }

  /// `GET /products/categories`: `[{slug, name, url}]`.
  func categoriesResponse(baseURL: String) -> HTTPResponse {
    var writer = JSONWriter()
    writer.raw("[")
    for (index, slug) in categories.enumerated() {
      writer.raw(index == 0 ? "{" : ",{")
      writer.key("slug", first: true)
      writer.string(slug)
      writer.key("name")
      writer.string(
        slug.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " "))
      writer.key("url")
      writer.string("\(baseURL)/products/category/\(slug)")
      writer.raw("}")
    }
    writer.raw("]")
    return .jsonBytes(writer.bytes)
  }

  /// `GET /products/category-list`: the slugs alone.
  var categoryListResponse: HTTPResponse {
    var writer = JSONWriter()
    writer.strings(categories)
    return .jsonBytes(writer.bytes)
  }

  /// Ids in the order of `field`; ties keep id order in both directions, like a stable sort.
  private func sorted(_ ids: [Int], by field: ProductField, order: QueryOptions.Order) -> [Int] {
    let keyed = ids.compactMap { id in
      (field == .title ? .text(folded[id - 1].titleKey) : products[id - 1].sortKey(field)).map { (key: $0, id: id) }
    }
    guard keyed.count == ids.count else { return ids }
    return keyed.sorted { lhs, rhs in
      if lhs.key == rhs.key { return lhs.id < rhs.id }
      return order == .asc ? lhs.key < rhs.key : rhs.key < lhs.key
    }.map(\.id)
  }
}

extension HTTPResponse {
  static func jsonBytes(_ bytes: [UInt8], status: Int = 200) -> HTTPResponse {
    HTTPResponse(status: status, headers: ["Content-Type": "application/json; charset=utf-8"], body: Data(bytes))
  }
}
