/// A category as the Storefront API sends it: `{slug, name, url}`.
public struct CategoryDTO: Sendable, Hashable, Codable {
  public var slug: String
  public var name: String
  public var url: String?

  public func model() -> ProductCategory { ProductCategory(slug: slug, name: name) }
}
