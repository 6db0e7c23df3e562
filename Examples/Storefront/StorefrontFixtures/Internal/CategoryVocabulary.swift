/// The words the generator draws from for one category.
struct CategoryVocabulary: Sendable {
  /// The category's slug, as DummyJSON spells it (`home-decoration`).
  let slug: String
  let brands: [String]
  /// The share of products, in percent, that have no brand.
  let unbrandedPercent: Int
  let adjectives: [String]
  let nouns: [String]
  /// Verb phrases that follow "The <title>" in a description.
  let features: [String]
  let tags: [String]
  let priceCents: ClosedRange<Int>
  let weight: ClosedRange<Int>
}

/// Words shared by every category.
enum CommonVocabulary {
  static let closings = [
    "A reliable choice for everyday use.", "Customers love its quality and value.",
    "Designed to last and easy to care for.", "A thoughtful gift for friends and family.",
    "Backed by our friendly support team.", "Made with carefully selected materials.",
    "Perfect for home, travel or the office.", "A bestseller in its category this season.",
  ]
  static let reviewComments: [(rating: ClosedRange<Int>, text: String)] = [
    (4...5, "Great product!"), (4...5, "Highly recommended!"), (4...5, "Very satisfied!"),
    (4...5, "Excellent quality!"), (4...5, "Would buy again!"), (3...4, "Fast shipping!"),
    (3...4, "Good value for the price."), (2...3, "It's okay, nothing special."),
    (1...2, "Would not recommend!"), (1...2, "Disappointing product!"), (1...2, "Poor quality!"),
  ]
  static let firstNames = [
    "Emily", "Michael", "Sophia", "James", "Emma", "Olivia", "Alexander", "Ava", "Ethan", "Isabella", "Liam",
    "Mia", "Noah", "Charlotte", "Lucas", "Amelia", "Mason", "Harper", "Logan", "Evelyn", "Aria", "Owen", "Chloe",
    "Leo", "Nora", "Caleb", "Zoe", "Henry", "Lily", "Jack",
  ]
  static let lastNames = [
    "Johnson", "Williams", "Brown", "Davis", "Miller", "Wilson", "Moore", "Taylor", "Anderson", "Thomas",
    "Jackson", "White", "Harris", "Martin", "Thompson", "Garcia", "Martinez", "Robinson", "Clark", "Lewis", "Lee",
    "Walker", "Hall", "Allen", "Young", "King", "Wright", "Scott", "Green", "Baker",
  ]
  static let warranties = [
    "1 week warranty", "1 month warranty", "3 months warranty", "6 months warranty", "1 year warranty",
    "2 year warranty", "3 year warranty", "5 year warranty", "Lifetime warranty", "No warranty",
  ]
  static let shipping = [
    "Ships overnight", "Ships in 1-2 business days", "Ships in 3-5 business days", "Ships in 1 week",
    "Ships in 2 weeks", "Ships in 1 month",
  ]
  static let returnPolicies = [
    "No return policy", "7 days return policy", "14 days return policy", "30 days return policy",
    "60 days return policy", "90 days return policy",
  ]
}
