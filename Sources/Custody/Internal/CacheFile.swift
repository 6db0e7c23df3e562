import Foundation

/// One value of a persisted cache as it is saved: its committed value, how old it was and how
/// long it had gone unused when it was saved, on the cache's clock.
struct PersistedEntry<Key: Sendable, Value: Sendable>: Sendable {
  var key: Key
  var value: Value
  var age: Duration
  var idle: Duration
}

/// What a persisted cache's snapshot file holds: the schema version it was written for, the
/// wall-clock time it was saved at, the values from the least to the most recently used, and
/// the generation that ties the journal beside it (``JournalFormat``) to it.
///
/// A file written before the journal existed has no generation: it reads as generation 0, and
/// no journal is taken for it but one written for generation 0, so such a file opens as it is.
///
/// The version is read before the values, and the values are decoded only when the version is
/// the one the decoder expects (``decoder(expecting:)``): a file of another schema is not corrupt,
/// it is dropped, even when its values no longer decode as the new type.
struct CacheFile<Key: Codable & Sendable, Value: Codable & Sendable>: Codable, Sendable {
  var version: Int
  /// When it was saved, in seconds since 1970, on the wall clock: the cache's clock does not
  /// run while the app does not.
  var savedAt: Double
  var entries: [PersistedEntry<Key, Value>]
  /// Changes at each compaction; 0 for a file written before the journal.
  var generation: UInt64

  init(version: Int, savedAt: Double = 0, entries: [PersistedEntry<Key, Value>] = [], generation: UInt64 = 0) {
    self.version = version
    self.savedAt = savedAt
    self.entries = entries
    self.generation = generation
  }

  private enum CodingKeys: String, CodingKey { case version, savedAt, generation, entries }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    version = try container.decode(Int.self, forKey: .version)
    savedAt = try container.decode(Double.self, forKey: .savedAt)
    generation = try container.decodeIfPresent(UInt64.self, forKey: .generation) ?? 0
    if let expected = decoder.userInfo[CacheFileVersion.key] as? Int, expected != version {
      entries = []
    } else {
      entries = try container.decode([PersistedEntry<Key, Value>].self, forKey: .entries)
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(version, forKey: .version)
    try container.encode(savedAt, forKey: .savedAt)
    try container.encode(generation, forKey: .generation)
    try container.encode(entries, forKey: .entries)
  }

  /// Decodes a file, skipping its values unless it was written for `version`.
  static func decoder(expecting version: Int) -> @Sendable (Data) throws -> CacheFile {
    { data in
      let decoder = JSONDecoder()
      decoder.userInfo[CacheFileVersion.key] = version
      return try decoder.decode(CacheFile.self, from: data)
    }
  }
}

extension CacheFile where Key: Hashable {
  /// The file with `records` of its journal applied in order: a set puts its value last (the
  /// most recently used), a removal drops the key, a use moves the key last, a record that
  /// clears drops every value before it. Ages and idle times are carried to the newest save,
  /// which becomes ``savedAt``, to the millisecond; the least recently used beyond `limit`, or
  /// the last record's limit, are dropped.
  ///
  /// One pass, in the order of the values: a value moved or removed leaves a hole, and the
  /// holes are dropped at the end, so a file opens in time linear in its values and records.
  func applying(_ records: [JournalRecord<Key, Value>], limit: Int? = nil) -> CacheFile {
    guard let last = records.last else {
      guard let limit, entries.count > limit else { return self }
      return CacheFile(
        version: version, savedAt: savedAt, entries: Array(entries.suffix(limit)), generation: generation)
    }
    let latest = records.reduce(savedAt) { max($0, $1.savedAt) }
    func carried(_ duration: Duration, by seconds: Double) -> Duration {
      .milliseconds(Int64((min(max(duration.timeInterval + seconds, 0), 1e11) * 1000).rounded()))
    }
    var folded: [PersistedEntry<Key, Value>?] = []
    folded.reserveCapacity(entries.count + records.reduce(0) { $0 + $1.ops.count })
    var positions: [Key: Int] = [:]
    positions.reserveCapacity(entries.count)
    func put(_ entry: PersistedEntry<Key, Value>) {
      if let old = positions.updateValue(folded.count, forKey: entry.key) { folded[old] = nil }
      folded.append(entry)
    }
    let snapshotLater = latest - savedAt
    for entry in entries {
      put(
        PersistedEntry(
          key: entry.key, value: entry.value, age: carried(entry.age, by: snapshotLater),
          idle: carried(entry.idle, by: snapshotLater)))
    }
    for record in records {
      let later = latest - record.savedAt
      if record.clears {
        folded.removeAll(keepingCapacity: true)
        positions.removeAll(keepingCapacity: true)
      }
      for op in record.ops {
        switch op.kind {
        case .set(let value, let age):
          put(
            PersistedEntry(key: op.key, value: value, age: carried(age, by: later), idle: carried(op.idle, by: later)))
        case .remove:
          if let old = positions.removeValue(forKey: op.key) { folded[old] = nil }
        case .touch:
          guard let old = positions[op.key], var entry = folded[old] else { continue }
          entry.idle = min(entry.idle, carried(op.idle, by: later))
          put(entry)
        }
      }
    }
    let live = folded.compactMap { $0 }
    let kept = min(limit ?? .max, last.limit ?? .max, live.count)
    return CacheFile(version: version, savedAt: latest, entries: Array(live.suffix(kept)), generation: generation)
  }
}

/// Where the decoder of a ``CacheFile`` keeps the version it expects.
enum CacheFileVersion {
  static var key: CodingUserInfoKey { CodingUserInfoKey(rawValue: "custody.cacheFile.expectedVersion")! }
}

extension PersistedEntry: Codable where Key: Codable, Value: Codable {
  private enum CodingKeys: String, CodingKey { case key, value, age, idle }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    key = try container.decode(Key.self, forKey: .key)
    value = try container.decode(Value.self, forKey: .value)
    age = try Self.duration(container, .age)
    idle = try Self.duration(container, .idle)
  }

  /// A duration in seconds, refused unless it is one a cache could have saved: a number too
  /// large for `Duration` would trap.
  private static func duration(
    _ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys
  ) throws -> Duration {
    let seconds = try container.decode(Double.self, forKey: key)
    guard seconds.isFinite, seconds >= 0, seconds < 1e12 else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: container, debugDescription: "\(seconds) s is not the age of a cached value")
    }
    return .seconds(seconds)
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(key, forKey: .key)
    try container.encode(value, forKey: .value)
    try container.encode(age.timeInterval, forKey: .age)
    try container.encode(idle.timeInterval, forKey: .idle)
  }
}
