/// Builds products from a seed.
///
/// Each product has its own generator, derived from the seed and its id, so product 7 is the
/// same whether the catalog holds 200 products or 100,000, and generation order never matters.
struct CatalogGenerator: Sendable {
  /// 2024-05-23T08:56:21.618Z, when the public catalog was created.
  static let epochMilliseconds: Int64 = 1_716_454_581_618
  private static let alphanumerics = Array("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789")

  let seed: UInt64
  /// Where image and QR code addresses point, without a trailing slash.
  let assetBase: String

  func products(count: Int) -> [Product] {
    (0..<count).map { product(id: $0 + 1) }
  }

  func product(id: Int) -> Product {
    var random = SplitMix64(seed: seed, stream: UInt64(id))
    let words = random.pick(CategoryVocabulary.all)
    let brand = random.chance(words.unbrandedPercent) ? nil : random.pick(words.brands)
    let title = [brand, random.pick(words.adjectives), random.pick(words.nouns)].compactMap(\.self)
      .joined(separator: " ")
    let stock = random.chance(8) ? 0 : random.int(in: 1...150)
    let created = Self.epochMilliseconds + Int64(random.int(in: 0...(90 * 86_400_000)))
    let createdText = ISO8601Milliseconds.string(fromMilliseconds: created)
    let slug = Self.slug(title) + "-\(id)"
    let images = (1...random.int(in: 1...4)).map { "\(assetBase)/product-images/\(words.slug)/\(slug)/\($0).webp" }
    return Product(
      id: id, title: title,
      description: "The \(title) \(random.pick(words.features)). \(random.pick(CommonVocabulary.closings))",
      category: words.slug,
      price: Double(random.int(in: words.priceCents)) / 100,
      discountPercentage: Double(random.int(in: 0...2_000)) / 100,
      rating: Double(random.int(in: 100...500)) / 100,
      stock: stock, tags: random.pick(2, of: words.tags), brand: brand,
      sku: String((0..<8).map { _ in random.pick(Self.alphanumerics) }),
      weight: random.int(in: words.weight),
      dimensions: .init(
        width: Double(random.int(in: 500...3_000)) / 100, height: Double(random.int(in: 500...3_000)) / 100,
        depth: Double(random.int(in: 500...3_000)) / 100),
      warrantyInformation: random.pick(CommonVocabulary.warranties),
      shippingInformation: random.pick(CommonVocabulary.shipping),
      availabilityStatus: Product.availability(forStock: stock),
      reviews: (0..<3).map { _ in review(after: created, using: &random) },
      returnPolicy: random.pick(CommonVocabulary.returnPolicies),
      minimumOrderQuantity: random.int(in: 1...48),
      meta: .init(
        createdAt: createdText, updatedAt: createdText,
        barcode: String((0..<13).map { _ in Character(String(random.int(in: 0...9))) }),
        qrCode: "\(assetBase)/public/qr-code.png"),
      images: images,
      thumbnail: "\(assetBase)/product-images/\(words.slug)/\(slug)/thumbnail.webp")
  }

  private func review(after created: Int64, using random: inout SplitMix64) -> Product.Review {
    let comment = random.pick(CommonVocabulary.reviewComments)
    let first = random.pick(CommonVocabulary.firstNames)
    let last = random.pick(CommonVocabulary.lastNames)
    let date = created + Int64(random.int(in: 0...(30 * 86_400_000)))
    return Product.Review(
      rating: random.int(in: comment.rating), comment: comment.text,
      date: ISO8601Milliseconds.string(fromMilliseconds: date), reviewerName: "\(first) \(last)",
      reviewerEmail: "\(first.lowercased()).\(last.lowercased())@x.dummyjson.com")
  }

  /// `Essence Mascara Lash Princess` → `essence-mascara-lash-princess`.
  static func slug(_ title: String) -> String {
    var slug = ""
    var pendingDash = false
    for character in title.lowercased() {
      if character.isLetter || character.isNumber {
        if pendingDash && !slug.isEmpty { slug.append("-") }
        slug.append(character)
        pendingDash = false
      } else {
        pendingDash = true
      }
    }
    return slug
  }
}
