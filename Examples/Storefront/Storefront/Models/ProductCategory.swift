/// A category of the catalog.
public struct ProductCategory: Sendable, Hashable, Codable, Identifiable {
  /// The slug used in URLs, such as `home-decoration`.
  public var slug: String
  /// The name to show, such as `Home Decoration`.
  public var name: String

  public var id: String { slug }

  public init(slug: String, name: String) {
    self.slug = slug
    self.name = name
  }
}
