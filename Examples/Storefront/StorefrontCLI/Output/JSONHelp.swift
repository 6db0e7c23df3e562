/// `storefront help json`: the documented shapes of `--json`.
enum JSONHelp {
  static let text = """
    JSON output (--json): pretty-printed, keys sorted, a missing value is null (never an
    absent key). Fields may be added in later versions; none is removed or renamed.

    A product in a list (ProductSummary):
      {"category": "beauty", "id": 1, "isFavorite": false, "price": 9.99,
       "rating": 4.5 | null, "title": "…"}

    products:
      {"category": "beauty" | null, "count": 30, "products": [ProductSummary…],
       "savedAt": "2025-01-01T12:00:00Z" | null, "skip": 0,
       "sort": {"field": "price" | "rating" | "title", "order": "asc" | "desc"} | null,
       "source": "live" | "offline", "total": 200}

    search QUERY:
      {"products": [ProductSummary…], "query": "phone", "total": 12}

    product ID:
      {"availabilityStatus", "brand", "category", "description", "discountPercentage", "id",
       "isFavorite", "price", "rating", "returnPolicy", "reviewCount", "shippingInformation",
       "sku", "stock", "tags": […], "title", "warrantyInformation"}  (optional ones null)

    categories:
      [{"name": "Beauty", "slug": "beauty"}, …]

    whoami:
      {"displayName": "Emily Johnson", "email": "…" | null, "firstName": "…" | null,
       "id": 1, "lastName": "…" | null, "username": "emilys"}

    favorites:
      {"missing": [ids the server no longer has], "products": [ProductSummary…]}

    Failures are never JSON: a message on standard error and exit status 1 or 2.

    """
}
