/// The header fields of a request or a response, looked up without regard to case.
///
/// Order and repeated fields are kept. The description and the reflection of a header list
/// hide the values of fields that carry secrets (`Authorization`, cookies, tokens), so printing
/// a request never prints a credential.
///
/// ```swift
/// var headers: HTTPHeaders = ["Accept": "application/json"]
/// headers["authorization"] = "Bearer \(token)"
/// headers["Authorization"]  // the same field
/// ```
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
  /// One header field.
  public struct Field: Sendable, Hashable {
    /// The field name, as it was given.
    public var name: String
    /// The field value.
    public var value: String

    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  private var fields: [Field]

  /// Creates a header list from fields, in order.
  public init(_ fields: [Field] = []) { self.fields = fields }

  public init(dictionaryLiteral elements: (String, String)...) {
    self.fields = elements.map { Field(name: $0.0, value: $0.1) }
  }

  /// The first value of the field `name`; setting replaces every field of that name, and `nil`
  /// removes them.
  public subscript(name: String) -> String? {
    get { fields.first { $0.name.caseInsensitiveEquals(name) }?.value }
    set {
      fields.removeAll { $0.name.caseInsensitiveEquals(name) }
      if let newValue { fields.append(Field(name: name, value: newValue)) }
    }
  }

  /// Every value of the field `name`, in order.
  public func values(for name: String) -> [String] {
    fields.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
  }

  /// Appends a field, keeping fields of the same name.
  public mutating func add(name: String, value: String) { fields.append(Field(name: name, value: value)) }

  /// Whether there is no field.
  public var isEmpty: Bool { fields.isEmpty }

  public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

  /// A copy whose secret-bearing values are replaced by `<redacted>`.
  public var redacted: HTTPHeaders {
    HTTPHeaders(fields.map { Redaction.isSensitiveHeader($0.name) ? Field(name: $0.name, value: Redaction.mask) : $0 })
  }
}

extension HTTPHeaders: CustomStringConvertible, CustomReflectable {
  public var description: String {
    "[" + redacted.fields.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + "]"
  }

  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: redacted.fields.map { "\($0.name): \($0.value)" }, displayStyle: .collection)
  }
}
