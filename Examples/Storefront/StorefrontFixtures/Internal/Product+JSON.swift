extension Product {
  /// Writes the product as a JSON object with `fields`, in that order; absent fields (an
  /// unbranded product's brand) are left out.
  func write(to writer: inout JSONWriter, fields: [ProductField] = ProductField.allCases) {
    writer.raw("{")
    var first = true
    for field in fields where write(field, to: &writer, first: first) { first = false }
    writer.raw("}")
  }

  /// The product's JSON object with every field.
  var jsonBytes: [UInt8] {
    var writer = JSONWriter(capacity: 1_024)
    write(to: &writer)
    return writer.bytes
  }

  private func write(_ field: ProductField, to writer: inout JSONWriter, first: Bool) -> Bool {
    if field == .brand && brand == nil { return false }
    writer.key(field.rawValue, first: first)
    writeValue(of: field, to: &writer)
    return true
  }

  /// Writes the value of `field` alone, without its key.
  func writeValue(of field: ProductField, to writer: inout JSONWriter) {
    switch field {
    case .id: writer.int(id)
    case .title: writer.string(title)
    case .description: writer.string(description)
    case .category: writer.string(category)
    case .price: writer.double(price)
    case .discountPercentage: writer.double(discountPercentage)
    case .rating: writer.double(rating)
    case .stock: writer.int(stock)
    case .tags: writer.strings(tags)
    case .brand: writer.string(brand ?? "")
    case .sku: writer.string(sku)
    case .weight: writer.int(weight)
    case .dimensions: writeDimensions(to: &writer)
    case .warrantyInformation: writer.string(warrantyInformation)
    case .shippingInformation: writer.string(shippingInformation)
    case .availabilityStatus: writer.string(availabilityStatus)
    case .reviews: writeReviews(to: &writer)
    case .returnPolicy: writer.string(returnPolicy)
    case .minimumOrderQuantity: writer.int(minimumOrderQuantity)
    case .meta: writeMeta(to: &writer)
    case .images: writer.strings(images)
    case .thumbnail: writer.string(thumbnail)
    }
  }

  private func writeDimensions(to writer: inout JSONWriter) {
    writer.raw("{\"width\":")
    writer.double(dimensions.width)
    writer.raw(",\"height\":")
    writer.double(dimensions.height)
    writer.raw(",\"depth\":")
    writer.double(dimensions.depth)
    writer.raw("}")
  }

  private func writeReviews(to writer: inout JSONWriter) {
    writer.raw("[")
    for (index, review) in reviews.enumerated() {
      writer.raw(index == 0 ? "{\"rating\":" : ",{\"rating\":")
      writer.int(review.rating)
      writer.raw(",\"comment\":")
      writer.string(review.comment)
      writer.raw(",\"date\":")
      writer.string(review.date)
      writer.raw(",\"reviewerName\":")
      writer.string(review.reviewerName)
      writer.raw(",\"reviewerEmail\":")
      writer.string(review.reviewerEmail)
      writer.raw("}")
    }
    writer.raw("]")
  }

  private func writeMeta(to writer: inout JSONWriter) {
    writer.raw("{\"createdAt\":")
    writer.string(meta.createdAt)
    writer.raw(",\"updatedAt\":")
    writer.string(meta.updatedAt)
    writer.raw(",\"barcode\":")
    writer.string(meta.barcode)
    writer.raw(",\"qrCode\":")
    writer.string(meta.qrCode)
    writer.raw("}")
  }
}
