import CustodyHTTP
import Foundation

/// The query parameters DummyJSON reads on every route, validated the way it validates them.
struct QueryOptions: Sendable, Equatable {
  enum Order: String, Sendable { case asc, desc }

  /// `nil` when the text was a number to `Number()` but not to `parseInt` (an empty `limit=`).
  var limit: Int? = 30
  /// `nil` as for `limit`; echoed in the page as `null`.
  var skip: Int? = 0
  /// `id` followed by the requested names, or `nil` for every field. Unknown names are kept:
  /// they select nothing, as on the public service.
  var select: [String]?
  var sortBy: String?
  var order = Order.asc
  /// Lower-cased and trimmed, with dashes read as spaces.
  var search = ""
  var delay = Duration.zero

  static let maximumDelayMilliseconds = 5_000

  init() {}

  /// The known product fields `select` names, `id` first, each once.
  var productFields: [ProductField]? {
    select.map { names in
      var fields: [ProductField] = []
      for name in names {
        if let field = ProductField(rawValue: name), !fields.contains(field) { fields.append(field) }
      }
      return fields
    }
  }

  init(_ request: HTTPRequest) throws(RouteFailure) {
    let items = request.queryItems
    func value(_ name: String) -> String? { items.first { $0.name == name }?.value }

    if let sortBy = value("sortBy"), !sortBy.isEmpty {
      self.sortBy = sortBy
      if let order = value("order"), !order.isEmpty {
        guard let parsed = Order(rawValue: order.lowercased()) else {
          throw .badRequest("Order can be: 'asc' or 'desc'")
        }
        self.order = parsed
      }
    }
    if let text = value("limit") {
      guard JavaScriptNumber.isNumber(text) else { throw .badRequest("Invalid 'limit' - must be a number") }
      limit = JavaScriptNumber.parseInt(text)
    }
    if let text = value("skip") {
      guard JavaScriptNumber.isNumber(text) else { throw .badRequest("Invalid 'skip' - must be a number") }
      skip = JavaScriptNumber.parseInt(text)
    }
    if let select = value("select"), !select.isEmpty {
      self.select = ["id"] + select.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
    search = (value("q") ?? "").trimmingCharacters(in: .whitespaces).lowercased()
      .replacingOccurrences(of: "-", with: " ")
    if let text = value("delay"), !text.isEmpty {
      guard JavaScriptNumber.isNumber(text) else { throw .badRequest("Delay must be a number in milliseconds") }
      let milliseconds = JavaScriptNumber.parseInt(text) ?? 0
      guard milliseconds <= Self.maximumDelayMilliseconds else {
        throw .badRequest("Delay cannot be greater than 5 seconds")
      }
      delay = .milliseconds(max(0, milliseconds))
    }
  }

  /// The positions of a list of `count` items that a page shows, sliced as the public service
  /// slices: a positive `skip` drops items from the front; `limit` 0, or more than what is
  /// left, keeps the rest; a negative `limit` drops that many from the end; a `limit` that is
  /// not a number keeps nothing.
  func window(count: Int) -> Range<Int> {
    let start = min(count, max(0, skip ?? 0))
    guard let limit else { return start..<start }
    let rest = count - start
    if limit == 0 || limit > rest { return start..<count }
    if limit > 0 { return start..<(start + limit) }
    return start..<(start + max(0, rest + limit))
  }
}
