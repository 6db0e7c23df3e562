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
       "savedAt": "2025-01-01T12:00:00Z" | null, "skip": 0, "skipped": [Skipped…],
       "sort": {"field": "price" | "rating" | "title", "order": "asc" | "desc"} | null,
       "source": "live" | "offline", "total": 200}

    search QUERY:
      {"products": [ProductSummary…], "query": "phone", "skipped": [Skipped…], "total": 12}

    An entry the server sent that could not be read, left out of "products" (Skipped):
      {"id": 2 | null, "position": 2, "reason": "title is not text"}

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

    stats:
      {"owners": [{"counters": {"abandoned", "cancelled", "coalescedSaves", "committed",
         "detached", "dropped", "evicted", "failed", "hits", "joins", "misses", "movedAside",
         "pagesAppended", "refreshesRefused", "rejected", "removed", "signOuts", "staleHits",
         "started", "succeeded", "writeFailures", "writes"} (every one, a count),
         "entries": 12 | null, "hitRatio": 0.5 | null,
         "inFlight": [{"detached": false, "waiting": 2, "what": "load /products/7"}],
         "instances": 1, "kind": "Cache" | "FileStore" | "LatestTask" | "Pager" |
         "SingleFlight" | "TokenStore", "name": "products"}, …],
       "steps": ["the catalog's first page", …]}
      Owners of one name (each screen's LatestTask, each sort's feed) are added up.

    Failures are never JSON: a message on standard error and exit status 1 or 2.

    """
}
