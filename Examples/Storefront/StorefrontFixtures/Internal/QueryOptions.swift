import CustodyHTTP
import Foundation

/// The query parameters DummyJSON reads on every route, validated the way it validates them.
struct QueryOptions: Sendable, Equatable {
  enum Order: String, Sendable { case asc, desc }

  var limit = 30
  var skip = 0
  /// `id` followed by the requested fields, or `nil` for every field.
  var select: [ProductField]?
  var sortBy: String?
  var order = Order.asc
  /// Lower-cased and trimmed, with dashes read as spaces.
  var search = ""
  var delay = Duration.zero

  static let maximumDelayMilliseconds = 5_000

  init() {}

  init(_ request: HTTPRequest) throws(RouteFailure) {
    let items = request.queryItems
    func value(_ name: String) -> String? { items.first { $0.name == name }?.value }

    if let sortBy = value("sortBy"), !sortBy.isEmpty {
      self.sortBy = sortBy
      if let order = value("order"), !order.isEmpty {
        guard let parsed = Order(rawValue: order.lowercased()) else {
          throw .badRequest("Invalid 'order' - should be either 'asc' or 'desc'")
        }
        self.order = parsed
      }
    }
    if let text = value("limit"), !text.isEmpty {
      guard let number = Self.nonNegativeInteger(text) else {
        throw .badRequest("Invalid 'limit' - should be a positive number")
      }
      limit = number
    }
    if let text = value("skip"), !text.isEmpty {
      guard let number = Self.nonNegativeInteger(text) else {
        throw .badRequest("Invalid 'skip' - should be a positive number")
      }
      skip = number
    }
    if let select = value("select"), !select.isEmpty {
      var fields: [ProductField] = [.id]
      for name in select.split(separator: ",") {
        if let field = ProductField(rawValue: String(name)), !fields.contains(field) { fields.append(field) }
      }
      self.select = fields
    }
    search = (value("q") ?? "").trimmingCharacters(in: .whitespaces).lowercased()
      .replacingOccurrences(of: "-", with: " ")
    if let text = value("delay"), !text.isEmpty {
      guard let milliseconds = Self.nonNegativeInteger(text) else {
        throw .badRequest("Delay should be a positive number in milliseconds")
      }
      guard milliseconds <= Self.maximumDelayMilliseconds else {
        throw .badRequest("Delay should be less than 5 seconds (5000 milliseconds)")
      }
      delay = .milliseconds(milliseconds)
    }
  }

  /// `12` and `12.7` (read as 12, as `parseInt` does); not `-1`, `abc` or `1e400`.
  private static func nonNegativeInteger(_ text: String) -> Int? {
    if let integer = Int(text) { return integer >= 0 ? integer : nil }
    guard let number = Double(text), number.isFinite, number >= 0, number < 1e15 else { return nil }
    return Int(number)
  }
}
