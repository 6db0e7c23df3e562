import Foundation

/// A JSON value from a request body, read strictly (a string is never a number).
enum JSONValue: Sendable, Equatable, Decodable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  var string: String? {
    if case .string(let value) = self { value } else { nil }
  }

  var number: Double? {
    if case .number(let value) = self, value.isFinite { value } else { nil }
  }

  /// A number with no fraction that fits an `Int`.
  var integer: Int? { number.flatMap { Int(exactly: $0) } }

  /// Whether JavaScript would treat the value as false: missing, null, `false`, `0` or `""`.
  var isFalsy: Bool {
    switch self {
    case .null: true
    case .bool(let value): !value
    case .number(let value): value == 0
    case .string(let value): value.isEmpty
    case .array, .object: false
    }
  }

  /// The fields of a request body, read as the public service reads one: an empty body is
  /// `{}`; an array has no fields; anything else that is not an object or an array, and any
  /// malformed text, is 400 with the JavaScript engine's message.
  static func object(fromBody body: Data?) throws(RouteFailure) -> [String: JSONValue] {
    guard let body, !body.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return [:] }
    if let problem = JSONSyntax.firstError(in: Array(body), containersOnly: true) { throw .badRequest(problem) }
    let value = try? JSONDecoder().decode(JSONValue.self, from: body)
    guard case .object(let fields) = value else { return [:] }
    return fields
  }
}
