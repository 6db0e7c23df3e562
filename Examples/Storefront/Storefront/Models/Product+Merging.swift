extension Product {
  /// This product with the fields `answer` carries: what a server's partial answer says, over
  /// what was known.
  ///
  /// The public service answers an edit with 11 of a product's fields; taken as the whole
  /// product, that answer would lose tags, availability, shipping, warranty and reviews. The
  /// identity, title and price always come from `answer`; any other field only when `answer`
  /// has it (not `nil`, not empty).
  public func merging(_ answer: Product) -> Product {
    var merged = answer
    merged.description = answer.description.isEmpty ? description : answer.description
    merged.category = answer.category.isEmpty ? category : answer.category
    merged.discountPercentage = answer.discountPercentage ?? discountPercentage
    merged.rating = answer.rating ?? rating
    merged.stock = answer.stock ?? stock
    merged.tags = answer.tags.isEmpty ? tags : answer.tags
    merged.brand = answer.brand ?? brand
    merged.sku = answer.sku ?? sku
    merged.weight = answer.weight ?? weight
    merged.dimensions = answer.dimensions ?? dimensions
    merged.warrantyInformation = answer.warrantyInformation ?? warrantyInformation
    merged.shippingInformation = answer.shippingInformation ?? shippingInformation
    merged.availabilityStatus = answer.availabilityStatus ?? availabilityStatus
    merged.reviews = answer.reviews.isEmpty ? reviews : answer.reviews
    merged.returnPolicy = answer.returnPolicy ?? returnPolicy
    merged.minimumOrderQuantity = answer.minimumOrderQuantity ?? minimumOrderQuantity
    merged.thumbnail = answer.thumbnail ?? thumbnail
    merged.images = answer.images.isEmpty ? images : answer.images
    return merged
  }
}
