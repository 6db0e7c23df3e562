import Foundation

/// Builds products from a seed.
///
/// Each product has its own generator, derived from the seed and its id, so product 7 is the
/// same whether the catalog holds 200 products or 100,000, and generation order never matters.
struct CatalogGenerator: Sendable {
  /// 2024-05-23T08:56:21.618Z, when the public catalog was created.
  static let epochMilliseconds: Int64 = 1_716_454_581_618
  private static let alphanumerics = Array("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789".utf8)
  private static let digits = Array("0123456789".utf8)

  let seed: UInt64
  /// Where image and QR code addresses point, without a trailing slash.
  let assetBase: String
  /// One string shared by every product.
  private let qrCode: String

  init(seed: UInt64, assetBase: String) {
    self.seed = seed
    self.assetBase = assetBase
    qrCode = "\(assetBase)/public/qr-code.png"
  }

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
      sku: Self.code(length: 8, from: Self.alphanumerics, using: &random),
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
        barcode: Self.code(length: 13, from: Self.digits, using: &random), qrCode: qrCode),
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

  private static func code(length: Int, from alphabet: [UInt8], using random: inout SplitMix64) -> String {
    String(decoding: (0..<length).map { _ in random.pick(alphabet) }, as: UTF8.self)
  }

  /// `Essence Mascara Lash Princess` → `essence-mascara-lash-princess`, `Crème` → `creme`:
  /// accents are dropped, and anything else that is not a letter or a digit separates words.
  static func slug(_ title: String) -> String {
    let ascii = title.utf8.allSatisfy { $0 < 0x80 } ? title : title.folding(options: .diacriticInsensitive, locale: nil)
    var slug: [UInt8] = []
    var pendingDash = false
    for byte in ascii.utf8 {
      let lower = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
      if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lower)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(lower)
      {
        if pendingDash && !slug.isEmpty { slug.append(UInt8(ascii: "-")) }
        slug.append(lower)
        pendingDash = false
      } else {
        pendingDash = true
      }
    }
    return String(decoding: slug, as: UTF8.self)
  }
}
