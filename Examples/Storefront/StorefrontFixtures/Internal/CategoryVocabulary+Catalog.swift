extension CategoryVocabulary {
  /// The ten categories of the generated catalog, in the order products first use them.
  ///
  /// Some words are not ASCII (`Crème`, `Jalapeño`) and some brands start in lower case
  /// (`eChef`, `iLumi`), as titles like `iPhone X` do on the public service, so search and the
  /// case-sensitive title sort meet them offline too.
  static let all: [CategoryVocabulary] = [
    CategoryVocabulary(
      slug: "beauty", brands: ["Essence", "Glamour Beauty", "Velvet Touch", "Éclat", "Nail Couture"],
      unbrandedPercent: 20, adjectives: ["Velvet", "Matte", "Glossy", "Radiant", "Crème", "Lash Princess", "Nude"],
      nouns: ["Mascara", "Eyeshadow Palette", "Powder Canister", "Lipstick", "Nail Polish", "Blush", "Foundation"],
      features: [
        "delivers long-lasting color without smudging", "blends smoothly for a natural finish",
        "is gentle on sensitive skin", "stays vibrant from morning to night",
      ], tags: ["beauty", "mascara", "eyeshadow", "face powder", "lipstick", "nail polish"],
      priceCents: 499...3_999, weight: 1...4),
    CategoryVocabulary(
      slug: "fragrances", brands: ["Calvin Klein", "Chanel", "Dior", "Dolce & Gabbana", "Gucci"],
      unbrandedPercent: 5, adjectives: ["Classic", "Midnight", "Bloom", "Noir", "Fresh", "Amber", "Eau Fraîche"],
      nouns: ["Eau de Parfum", "Eau de Toilette", "Cologne", "Perfume Oil", "Body Mist"],
      features: [
        "opens with citrus notes over a warm base", "leaves a subtle, elegant trail",
        "balances floral and woody accords", "lasts all day with a single spray",
      ], tags: ["fragrances", "perfumes", "luxury", "unisex"], priceCents: 2_999...15_999, weight: 2...6),
    CategoryVocabulary(
      slug: "furniture", brands: ["Annibale Colombo", "Furniture Co.", "Knoll", "Bath Trends", "Oak Haven"],
      unbrandedPercent: 35, adjectives: ["Oak", "Walnut", "Modern", "Rustic", "Art Déco", "Minimalist", "Ergonomic"],
      nouns: ["Bed", "Sofa", "Bedside Table", "Office Chair", "Bookshelf", "Dining Table", "Bathtub"],
      features: [
        "is crafted from solid hardwood", "adds warmth to any room", "assembles in minutes with no tools",
        "combines comfort with a clean silhouette",
      ], tags: ["furniture", "beds", "sofas", "office chairs", "bathroom"], priceCents: 4_999...499_999,
      weight: 5...40),
    CategoryVocabulary(
      slug: "groceries", brands: ["Farm Fresh", "Green Valley", "Golden Harvest"], unbrandedPercent: 80,
      adjectives: ["Organic", "Fresh", "Free-Range", "Wholegrain", "Ripe", "Frozen", "Fair-Trade"],
      nouns: [
        "Apple", "Beef Steak", "Cat Food", "Chicken Meat", "Cooking Oil", "Jalapeño Peppers", "Eggs", "Honey Jar",
      ],
      features: [
        "is sourced from local farms", "arrives fresh and carefully packed", "is rich in flavor and nutrients",
        "keeps well in a cool, dry place",
      ], tags: ["groceries", "fruits", "vegetables", "meat", "dairy", "pet supplies"], priceCents: 99...2_999,
      weight: 1...9),
    CategoryVocabulary(
      slug: "home-decoration", brands: ["Décor Studio", "Casa Bella", "iLumi"], unbrandedPercent: 60,
      adjectives: ["Decorative", "Ceramic", "Hanging", "Family", "Rose", "Woven", "Brass"],
      nouns: ["Swing", "Tree Photo Frame", "House Showpiece", "Table Lamp", "Wall Mirror", "Vase", "Candle Set"],
      features: [
        "brings a cozy touch to your living space", "is handcrafted by skilled artisans",
        "catches the light beautifully", "pairs well with any interior style",
      ], tags: ["home decor", "showpieces", "lamps", "mirrors", "vases"], priceCents: 999...9_999, weight: 1...12),
    CategoryVocabulary(
      slug: "kitchen-accessories", brands: ["ChefMate", "eChef", "Culinary Co."], unbrandedPercent: 55,
      adjectives: ["Stainless", "Nonstick", "Bamboo", "Silicone", "Cast Iron", "Electric", "Glass"],
      nouns: ["Chopping Board", "Frying Pan", "Knife Set", "Blender", "Spatula", "Kettle", "Mixing Bowl"],
      features: [
        "makes everyday cooking effortless", "is dishwasher safe and easy to clean",
        "heats evenly for perfect results", "stores neatly in any cupboard",
      ], tags: ["kitchen", "cookware", "utensils", "appliances"], priceCents: 399...14_999, weight: 1...8),
    CategoryVocabulary(
      slug: "laptops", brands: ["Apple", "Asus", "Huawei", "Lenovo", "Dell"], unbrandedPercent: 0,
      adjectives: ["Pro 14", "Air 13", "Zenbook", "Matebook X", "Yoga", "XPS 15", "ThinkPad"],
      nouns: ["Laptop", "Ultrabook", "Notebook", "Gaming Laptop", "Convertible"],
      features: [
        "runs for a full day on one charge", "has a bright, color-accurate display",
        "handles demanding work without a sound", "weighs little and travels well",
      ], tags: ["laptops", "computers", "electronics"], priceCents: 49_999...299_999, weight: 1...4),
    CategoryVocabulary(
      slug: "smartphones", brands: ["Apple", "Samsung", "Oppo", "Realme", "Vivo"], unbrandedPercent: 0,
      adjectives: ["Galaxy S10", "iPhone 13", "Reno", "Narzo", "X21", "Find X", "Pixel-Style"],
      nouns: ["Smartphone", "Phone", "Mini", "Pro Max", "Lite"],
      features: [
        "takes sharp photos even at night", "charges from empty to full in under an hour",
        "has a smooth, high-refresh display", "keeps your data private and secure",
      ], tags: ["smartphones", "mobiles", "electronics"], priceCents: 14_999...149_999, weight: 1...3),
    CategoryVocabulary(
      slug: "mens-shirts", brands: ["Fashion Trends", "Urban Threads", "Classic Tailor"], unbrandedPercent: 40,
      adjectives: ["Blue & Black", "Gigabyte Aorus", "Man Plaid", "Slim Fit", "Linen", "Oxford", "Denim"],
      nouns: ["Check Shirt", "Men Tshirt", "Short Sleeve Shirt", "Polo", "Casual Shirt"],
      features: [
        "is cut from breathable cotton", "keeps its shape wash after wash", "works for the office and weekends",
        "has a relaxed, comfortable fit",
      ], tags: ["clothing", "men's shirts", "casual", "formal"], priceCents: 1_499...7_999, weight: 1...2),
    CategoryVocabulary(
      slug: "womens-dresses", brands: ["Dress Me Up", "Elegance", "Summer Muse"], unbrandedPercent: 40,
      adjectives: ["Black Women's", "Corset Leather", "Dress Pea", "Marni Red & Black", "Floral", "Soirée", "Silk"],
      nouns: ["Gown", "Dress", "Sundress", "Evening Dress", "Wrap Dress"],
      features: [
        "drapes beautifully for any occasion", "is made from soft, flowing fabric",
        "flatters every silhouette", "transitions easily from day to evening",
      ], tags: ["clothing", "women's dresses", "gowns", "summer"], priceCents: 2_999...24_999, weight: 1...3),
  ]
}
