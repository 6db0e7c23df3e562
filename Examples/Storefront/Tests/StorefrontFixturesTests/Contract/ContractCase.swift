import CustodyHTTP
import Foundation
import Testing

/// One request whose answer from the public service is known, and the facts of that answer
/// the embedded backend must repeat: status, body kind, envelope and field names, message.
/// Values are not compared: the data is generated.
struct ContractCase: Sendable, CustomTestStringConvertible {
  enum Kind: String, Sendable { case json, html, text }

  /// How many items a page holds, against its `total`.
  enum Count: Sendable, Equatable {
    case exactly(Int)
    case allButLast
    case all
  }

  var method: HTTPMethod
  var path: String
  var body: String?
  var status: Int
  var kind: Kind = .json
  /// The keys of the JSON object, or of the first element of a JSON array.
  var keys: Set<String>?
  /// The keys of the items of a page (`products` or `users`).
  var itemKeys: Set<String>?
  var message: String?
  var count: Count?
  var skip: Int?
  var location: String?

  var testDescription: String { "\(method.rawValue) \(path)" + (body.map { " \($0)" } ?? "") }

  static func get(_ path: String, _ status: Int = 200, kind: Kind = .json) -> ContractCase {
    ContractCase(method: .get, path: path, status: status, kind: kind)
  }

  static func send(_ method: HTTPMethod, _ path: String, _ body: String?, _ status: Int) -> ContractCase {
    ContractCase(method: method, path: path, body: body, status: status)
  }

  func keys(_ keys: Set<String>) -> ContractCase { with { $0.keys = keys } }
  func items(_ keys: Set<String>) -> ContractCase { with { $0.itemKeys = keys } }
  func message(_ text: String) -> ContractCase { with { $0.message = text } }
  func count(_ count: Count) -> ContractCase { with { $0.count = count } }
  func skip(_ skip: Int) -> ContractCase { with { $0.skip = skip } }
  func location(_ location: String) -> ContractCase { with { $0.location = location } }

  private func with(_ change: (inout ContractCase) -> Void) -> ContractCase {
    var copy = self
    change(&copy)
    return copy
  }

  /// Checks `response` against every fact this case states.
  func verify(_ response: HTTPResponse, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(response.status == status, sourceLocation: sourceLocation)
    let contentType = response.headers["Content-Type"] ?? ""
    let expectedType = ["json": "application/json", "html": "text/html", "text": "text/plain"][kind.rawValue]!
    #expect(contentType.hasPrefix(expectedType), "Content-Type \(contentType)", sourceLocation: sourceLocation)
    if let location { #expect(response.headers["Location"] == location, sourceLocation: sourceLocation) }
    guard kind == .json else { return }
    let json = try? JSONSerialization.jsonObject(with: response.body)
    let object = json as? [String: Any] ?? (json as? [[String: Any]])?.first ?? [:]
    if let keys { #expect(Set(object.keys) == keys, sourceLocation: sourceLocation) }
    if let message { #expect(object["message"] as? String == message, sourceLocation: sourceLocation) }
    let items = (object["products"] ?? object["users"]) as? [[String: Any]]
    if let itemKeys {
      #expect(items?.isEmpty == false, sourceLocation: sourceLocation)
      #expect(items?.allSatisfy { Set($0.keys) == itemKeys } == true, sourceLocation: sourceLocation)
    }
    if let count {
      let total = object["total"] as? Int ?? -1
      let expected =
        switch count {
        case .exactly(let number): number
        case .allButLast: total - 1
        case .all: total
        }
      #expect(items?.count == expected && object["limit"] as? Int == expected, sourceLocation: sourceLocation)
    }
    if let skip { #expect(object["skip"] as? Int == skip, sourceLocation: sourceLocation) }
  }
}

/// Field names of the public service's answers.
enum ContractKeys {
  static let page: Set = ["products", "total", "skip", "limit"]
  static let users: Set = ["users", "total", "skip", "limit"]
  static let message: Set = ["message"]
  static let product: Set = [
    "id", "title", "description", "category", "price", "discountPercentage", "rating", "stock", "tags", "brand",
    "sku", "weight", "dimensions", "warrantyInformation", "shippingInformation", "availabilityStatus", "reviews",
    "returnPolicy", "minimumOrderQuantity", "meta", "images", "thumbnail",
  ]
  /// What `PUT` / `PATCH /products/{id}` answer.
  static let update: Set = [
    "id", "title", "price", "discountPercentage", "stock", "rating", "images", "thumbnail", "description", "brand",
    "category",
  ]
  static let login: Set = [
    "accessToken", "refreshToken", "id", "username", "email", "firstName", "lastName", "gender", "image",
  ]
  static let tokens: Set = ["accessToken", "refreshToken"]
  /// `/users/{id}` and `/auth/me`.
  static let user: Set = [
    "id", "firstName", "lastName", "maidenName", "age", "gender", "email", "phone", "username", "password",
    "birthDate", "image", "bloodGroup", "height", "weight", "eyeColor", "hair", "ip", "address", "macAddress",
    "university", "bank", "company", "ein", "ssn", "userAgent", "crypto", "role",
  ]
}
