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
    /// `"owner":…,"ownerName":…,"ownerKind":…`, written once for all of its events.
    let fields: [UInt8]
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

  /// The event as one server-sent event: `data: {…}` and a blank line, as bytes.
  mutating func frame(_ recorded: EventHub.Recorded) -> [UInt8] {
    let event = recorded.event
    let owner = register(event.owner)
    sequence += 1
    var json = JSONObject(prefix: "data: ")
    json.add("seq", sequence)
    json.add("t", milliseconds: origin.duration(to: recorded.at))
    json.add(fields: owner.fields)
    json.add("kind", event.kind.rawValue)
    json.add("ownerTime", milliseconds: event.time)
    if let key = event.key { json.add("key", describe(key, owner: event.owner)) }
    if let flight = event.flight { json.add("flight", Int(clamping: flight)) }
    if let waiters = event.waiters { json.add("waiters", waiters) }
    if let duration = event.duration { json.add("duration", milliseconds: duration) }
    if let outcome = event.outcome { json.add("outcome", outcome.description) }
    if let reason = event.reason {
      json.add("reason", reason.rawValue)
      json.add("reasonText", reason.description)
    }
    if let size = event.size {
      json.add("entries", size.entries)
      json.add("cost", size.cost)
    }
    if let items = event.items { json.add("items", items) }
    return json.finished(suffix: "\n\n")
  }

  /// Every owner seen so far, in order, as a JSON array.
  var ownersJSON: String {
    "["
      + ownerOrder.compactMap { owners[$0] }.map { owner in
        var json = JSONObject()
        json.add("id", owner.id)
        json.add("name", owner.owner.name)
        json.add("kind", owner.owner.kind.rawValue)
        return json.text
      }.joined(separator: ",") + "]"
  }

  private mutating func register(_ owner: InspectedOwner) -> Owner {
    let identifier = ObjectIdentifier(owner)
    if let known = owners[identifier] { return known }
    let id = ownerOrder.count + 1
    var fields = JSONObject()
    fields.add("owner", id)
    fields.add("ownerName", owner.name)
    fields.add("ownerKind", owner.kind.rawValue)
    let registered = Owner(id: id, owner: owner, fields: Array(fields.bytes.dropFirst()))
    owners[identifier] = registered
    ownerOrder.append(identifier)
    return registered
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

/// A JSON object written field by field, in order, straight into bytes: the server encodes
/// every event an app records, so this runs as often as the owners do.
struct JSONObject {
  private(set) var bytes: [UInt8] = []
  private var isEmpty = true

  /// Starts an object after `prefix` (such as `data: `).
  init(prefix: StaticString = "") {
    bytes.reserveCapacity(192)
    append(prefix)
    bytes.append(UInt8(ascii: "{"))
  }

  mutating func add(_ name: StaticString, _ number: Int) {
    open(name)
    Self.write(number, to: &bytes)
  }

  mutating func add(_ name: StaticString, _ string: String) {
    open(name)
    Self.write(quoted: string, to: &bytes)
  }

  /// A duration in milliseconds, to the microsecond.
  mutating func add(_ name: StaticString, milliseconds duration: Duration) {
    open(name)
    let (seconds, attoseconds) = duration.components
    // Whole microseconds, rounded half away from zero; beyond 292,000 years, saturated.
    let fraction = (attoseconds + (attoseconds < 0 ? -500_000_000_000 : 500_000_000_000)) / 1_000_000_000_000
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000)
    let micros = overflow ? (seconds < 0 ? Int64.min : Int64.max) : whole.addingReportingOverflow(fraction).partialValue
    if micros < 0 { bytes.append(UInt8(ascii: "-")) }
    let magnitude = micros.magnitude
    Self.write(Int(clamping: magnitude / 1_000), to: &bytes)
    let rest = Int(magnitude % 1_000)
    guard rest != 0 else { return }
    bytes.append(UInt8(ascii: "."))
    var (digits, width) = (rest, 3)  // without trailing zeros: .5, .05, .125
    while digits % 10 == 0 { (digits, width) = (digits / 10, width - 1) }
    for place in stride(from: width - 1, through: 0, by: -1) {
      var power = 1
      for _ in 0..<place { power *= 10 }
      bytes.append(UInt8(ascii: "0") + UInt8(digits / power % 10))
    }
  }

  /// Fields written before by another object (its bytes after the `{`).
  mutating func add(fields: [UInt8]) {
    guard !fields.isEmpty else { return }
    if !isEmpty { bytes.append(UInt8(ascii: ",")) }
    isEmpty = false
    bytes.append(contentsOf: fields)
  }

  /// The object, closed, followed by `suffix`.
  consuming func finished(suffix: StaticString = "") -> [UInt8] {
    bytes.append(UInt8(ascii: "}"))
    append(suffix)
    return bytes
  }

  /// The object as text.
  var text: String { String(decoding: bytes + [UInt8(ascii: "}")], as: UTF8.self) }

  private mutating func open(_ name: StaticString) {
    if !isEmpty { bytes.append(UInt8(ascii: ",")) }
    isEmpty = false
    bytes.append(UInt8(ascii: "\""))
    append(name)  // the names are plain ASCII, written here
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: ":"))
  }

  private mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  static func write(_ number: Int, to bytes: inout [UInt8]) {
    bytes.append(contentsOf: String(number).utf8)  // up to 15 digits, the string is not allocated
  }

  /// `text` as a JSON string; every character below U+0020, DEL, and the line and paragraph
  /// separators (which end a line in some readers) escaped.
  static func write(quoted text: String, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    let utf8 = text.utf8
    if utf8.withContiguousStorageIfAvailable(Self.isPlain) ?? Self.isPlain(utf8) {
      bytes.append(contentsOf: utf8)
    } else {
      for scalar in text.unicodeScalars { write(scalar, to: &bytes) }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// Whether `utf8` needs no escape: no control character, quote, backslash, DEL, or the lead
  /// byte of U+2028 or U+2029.
  private static func isPlain(_ utf8: some Collection<UInt8>) -> Bool {
    !utf8.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xE2 }
  }

  private static func write(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
    switch scalar {
    case "\"": bytes += [0x5C, 0x22]
    case "\\": bytes += [0x5C, 0x5C]
    case "\n": bytes += [0x5C, UInt8(ascii: "n")]
    case "\r": bytes += [0x5C, UInt8(ascii: "r")]
    case "\t": bytes += [0x5C, UInt8(ascii: "t")]
    case "\u{2028}", "\u{2029}", "\u{00}"..."\u{1F}", "\u{7F}":
      let hex = Array(String(scalar.value, radix: 16).utf8)
      bytes += [0x5C, UInt8(ascii: "u")] + Array(repeating: UInt8(ascii: "0"), count: 4 - hex.count) + hex
    default: bytes.append(contentsOf: String(scalar).utf8)
    }
  }
}
