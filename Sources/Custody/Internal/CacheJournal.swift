import Foundation

/// One change of a persisted cache's file, as the journal keeps it: a value set, a key removed,
/// or a key used (which orders the values, for the persisted limit).
struct JournalOp<Key: Sendable, Value: Sendable>: Sendable {
  enum Kind: Sendable {
    /// The value and its age when the record was saved.
    case set(Value, age: Duration)
    case remove
    case touch
  }

  var key: Key
  var kind: Kind
  /// How long the key had gone unused when the record was saved.
  var idle: Duration = .zero
}

/// What one save appends to the journal: the keys it changed and the keys used since the save
/// before, from the least to the most recently used, saved at a wall-clock time.
struct JournalRecord<Key: Sendable, Value: Sendable>: Sendable {
  /// When it was saved, in seconds since 1970.
  var savedAt: Double
  /// Whether every value before it is gone (after `removeAll()`).
  var clears = false
  var ops: [JournalOp<Key, Value>] = []
  /// The most values its cache saves (`persistedLimit`): the file keeps the most recently used
  /// that many after it.
  var limit: Int?
}

extension JournalRecord: Codable where Key: Codable, Value: Codable {
  private enum CodingKeys: String, CodingKey { case savedAt, clears, ops, limit }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    savedAt = try container.decode(Double.self, forKey: .savedAt)
    clears = try container.decodeIfPresent(Bool.self, forKey: .clears) ?? false
    ops = try container.decode([JournalOp<Key, Value>].self, forKey: .ops)
    limit = try container.decodeIfPresent(Int.self, forKey: .limit).map { max($0, 0) }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(savedAt, forKey: .savedAt)
    if clears { try container.encode(true, forKey: .clears) }
    try container.encode(ops, forKey: .ops)
    try container.encodeIfPresent(limit, forKey: .limit)
  }
}

extension JournalOp: Codable where Key: Codable, Value: Codable {
  private enum CodingKeys: String, CodingKey { case key, value, age, idle, removed }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    key = try container.decode(Key.self, forKey: .key)
    idle = .seconds(try container.decodeIfPresent(Double.self, forKey: .idle).map(Self.checked) ?? 0)
    if try container.decodeIfPresent(Bool.self, forKey: .removed) == true {
      kind = .remove
    } else if container.contains(.value) {
      let age = try Self.checked(container.decode(Double.self, forKey: .age))
      kind = .set(try container.decode(Value.self, forKey: .value), age: .seconds(age))
    } else {
      kind = .touch
    }
  }

  /// Seconds a cache could have saved: a number too large for `Duration` would trap.
  private static func checked(_ seconds: Double) throws -> Double {
    guard seconds.isFinite, seconds >= 0, seconds < 1e12 else {
      throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "\(seconds) s is not an age"))
    }
    return seconds
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(key, forKey: .key)
    switch kind {
    case .set(let value, let age):
      try container.encode(value, forKey: .value)
      try container.encode(age.timeInterval, forKey: .age)
      try container.encode(idle.timeInterval, forKey: .idle)
    case .remove:
      try container.encode(true, forKey: .removed)
    case .touch:
      try container.encode(idle.timeInterval, forKey: .idle)
    }
  }
}

/// The journal beside a persisted cache's snapshot file, as bytes: a header that names the
/// snapshot it follows, then one frame per record.
///
/// Header (24 bytes): `CSTJ`, the format (1), the schema version of the values, and the
/// snapshot's generation. A journal whose generation is not the snapshot's belongs to a snapshot
/// that was replaced (a compaction that ended before the new journal was in place), and is
/// ignored: the snapshot holds its records already.
///
/// Frame: the payload's length and its CRC-32, 4 bytes each, little-endian, then the payload
/// (the record as JSON). A frame cut short or whose checksum does not match is the tail of a
/// write that never finished (the process was killed): reading stops there, and the next append
/// cuts it off. Every record before it stands.
enum JournalFormat {
  static let headerSize = 24
  static let frameHeaderSize = 8
  private static let magic: [UInt8] = Array("CSTJ".utf8)
  private static let format: UInt32 = 1

  /// The header of a journal for a snapshot of `generation`, with values of `version`.
  static func header(version: Int, generation: UInt64) -> Data {
    var data = Data(magic)
    append(format, to: &data)
    append(UInt64(bitPattern: Int64(version)), to: &data)
    append(generation, to: &data)
    return data
  }

  /// The schema version and generation a header names; `nil` when it is not a journal's header.
  static func readHeader(_ data: Data) -> (version: Int, generation: UInt64)? {
    guard data.count >= headerSize else { return nil }
    let bytes = [UInt8](data.prefix(headerSize))
    guard Array(bytes[0..<4]) == magic, read32(bytes, at: 4) == format else { return nil }
    return (Int(Int64(bitPattern: read64(bytes, at: 8))), read64(bytes, at: 16))
  }

  /// `payload` in a frame.
  static func frame(_ payload: Data) -> Data {
    var data = Data(capacity: payload.count + frameHeaderSize)
    append(UInt32(payload.count), to: &data)
    append(CRC32.checksum(payload), to: &data)
    data.append(payload)
    return data
  }

  /// The payloads of the whole frames in `data` from `offset`, and where the last whole one
  /// ends: a torn or damaged frame ends the reading.
  static func payloads(in data: Data, from offset: Int) -> (payloads: [Data], end: Int) {
    var payloads: [Data] = []
    var cursor = offset
    let base = data.startIndex
    while data.count - cursor >= frameHeaderSize {
      let head = [UInt8](data[(base + cursor)..<(base + cursor + frameHeaderSize)])
      let length = Int(read32(head, at: 0))
      let start = cursor + frameHeaderSize
      guard length <= data.count - start else { break }
      let payload = data[(base + start)..<(base + start + length)]
      guard CRC32.checksum(payload) == read32(head, at: 4) else { break }
      payloads.append(Data(payload))
      cursor = start + length
    }
    return (payloads, cursor)
  }

  private static func append<T: FixedWidthInteger>(_ value: T, to data: inout Data) {
    withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
  }

  private static func read32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
  }

  private static func read64(_ bytes: [UInt8], at offset: Int) -> UInt64 {
    (0..<8).reduce(0) { $0 | UInt64(bytes[offset + $1]) << (8 * $1) }
  }
}

/// CRC-32 (IEEE 802.3, the one zlib computes): tells a whole record from a torn one.
enum CRC32 {
  private static let table: [UInt32] = (0..<256).map { byte in
    (0..<8).reduce(UInt32(byte)) { crc, _ in crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
  }

  static func checksum(_ data: some DataProtocol) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    table.withUnsafeBufferPointer { table in
      for region in data.regions {
        region.withUnsafeBytes { bytes in
          for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        }
      }
    }
    return crc ^ 0xFFFF_FFFF
  }
}
