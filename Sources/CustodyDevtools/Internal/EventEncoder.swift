import Custody

/// Turns events into the JSON the page reads, on the server's thread only.
///
/// Owners are numbered in the order they first report. A key is shown as the owner describes
/// it only when the app allowed it; otherwise as `key 1`, `key 2`, … numbered per owner in
/// the order the keys appear, so the page can still group by key and a reader learns nothing
/// of what the key holds.
struct EventEncoder {
  struct Owner {
    let id: Int
    let owner: InspectedOwner
    var keyCount = 0
  }

  let publicKeys: Bool
  let origin: ContinuousClock.Instant
  /// How many keys are numbered at most; later keys all read `key …`.
  let keyLimit: Int
  private(set) var owners: [ObjectIdentifier: Owner] = [:]
  private(set) var ownerOrder: [ObjectIdentifier] = []
  private var keyNumbers: [InspectedKey: Int] = [:]
  private var sequence = 0

  init(publicKeys: Bool, origin: ContinuousClock.Instant, keyLimit: Int = 50_000) {
    self.publicKeys = publicKeys
    self.origin = origin
    self.keyLimit = keyLimit
  }

  /// The event as one JSON object.
  mutating func encode(_ recorded: EventHub.Recorded) -> String {
    let event = recorded.event
    let owner = register(event.owner)
    sequence += 1
    var json = JSONObject()
    json["seq"] = .int(sequence)
    json["t"] = .milliseconds(origin.duration(to: recorded.at))
    json["owner"] = .int(owner)
    json["ownerName"] = .string(event.owner.name)
    json["ownerKind"] = .string(event.owner.kind.rawValue)
    json["kind"] = .string(event.kind.rawValue)
    json["ownerTime"] = .milliseconds(event.time)
    if let key = event.key { json["key"] = .string(describe(key, owner: event.owner)) }
    if let flight = event.flight { json["flight"] = .int(Int(clamping: flight)) }
    if let waiters = event.waiters { json["waiters"] = .int(waiters) }
    if let duration = event.duration { json["duration"] = .milliseconds(duration) }
    if let outcome = event.outcome { json["outcome"] = .string(outcome.description) }
    if let reason = event.reason {
      json["reason"] = .string(reason.rawValue)
      json["reasonText"] = .string(reason.description)
    }
    if let size = event.size {
      json["entries"] = .int(size.entries)
      json["cost"] = .int(size.cost)
    }
    if let items = event.items { json["items"] = .int(items) }
    return json.text
  }

  /// Every owner seen so far, in order, as a JSON array.
  var ownersJSON: String {
    "["
      + ownerOrder.compactMap { owners[$0] }.map { owner in
        var json = JSONObject()
        json["id"] = .int(owner.id)
        json["name"] = .string(owner.owner.name)
        json["kind"] = .string(owner.owner.kind.rawValue)
        return json.text
      }.joined(separator: ",") + "]"
  }

  private mutating func register(_ owner: InspectedOwner) -> Int {
    let identifier = ObjectIdentifier(owner)
    if let known = owners[identifier] { return known.id }
    let id = ownerOrder.count + 1
    owners[identifier] = Owner(id: id, owner: owner)
    ownerOrder.append(identifier)
    return id
  }

  private mutating func describe(_ key: InspectedKey, owner: InspectedOwner) -> String {
    if publicKeys { return String(key.description.prefix(200)) }
    if let number = keyNumbers[key] { return "key \(number)" }
    guard keyNumbers.count < keyLimit, var entry = owners[ObjectIdentifier(owner)] else { return "key …" }
    entry.keyCount += 1
    owners[ObjectIdentifier(owner)] = entry
    keyNumbers[key] = entry.keyCount
    return "key \(entry.keyCount)"
  }
}

/// A JSON object built field by field, in order.
struct JSONObject {
  enum Value {
    case int(Int)
    case string(String)
    case milliseconds(Duration)
    case raw(String)
  }

  private var fields: [(String, Value)] = []

  subscript(name: String) -> Value? {
    get { fields.first { $0.0 == name }?.1 }
    set { if let newValue { fields.append((name, newValue)) } }
  }

  var text: String {
    "{" + fields.map { "\(Self.quoted($0.0)):\(Self.text(of: $0.1))" }.joined(separator: ",") + "}"
  }

  private static func text(of value: Value) -> String {
    switch value {
    case .int(let number): String(number)
    case .string(let string): quoted(string)
    case .raw(let text): text
    case .milliseconds(let duration):
      String(
        (Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15)
          .rounded(toPlaces: 3))
    }
  }

  /// `text` as a JSON string; every character below U+0020, and the line and paragraph
  /// separators, escaped.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{2028}", "\u{2029}", "\u{00}"..."\u{1F}", "\u{7F}":
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}

extension Double {
  fileprivate func rounded(toPlaces places: Int) -> Double {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    return (self * scale).rounded() / scale
  }
}
