import Foundation

/// One value of a persisted cache as it is saved: its committed value, how old it was and how
/// long it had gone unused when it was saved, on the cache's clock.
struct PersistedEntry<Key: Sendable, Value: Sendable>: Sendable {
  var key: Key
  var value: Value
  var age: Duration
  var idle: Duration
}

/// What a persisted cache hands to its file in one save: its values, and which keys it changed
/// since the save before.
struct CacheSnapshot<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  /// The values, from the least to the most recently used.
  var entries: [PersistedEntry<Key, Value>]
  /// The keys committed, removed, evicted or marked stale since the save before.
  var changedKeys: Set<Key>
  /// Whether the values replace the file's whole (after `removeAll()`, or a file of another
  /// schema).
  var replacesFile: Bool
}

/// What a persisted cache's file holds: the schema version it was written for, the wall-clock
/// time it was saved at, and the values from the least to the most recently used.
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

  init(version: Int, savedAt: Double = 0, entries: [PersistedEntry<Key, Value>] = []) {
    self.version = version
    self.savedAt = savedAt
    self.entries = entries
  }

  private enum CodingKeys: String, CodingKey { case version, savedAt, entries }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    version = try container.decode(Int.self, forKey: .version)
    savedAt = try container.decode(Double.self, forKey: .savedAt)
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
  /// Merges a snapshot of this process's cache into the file as it is on disk.
  ///
  /// When the file is the one this process last read or wrote (`merging` false), the snapshot
  /// replaces it whole, as it holds every value the file should. When another process sharing the
  /// file wrote it since, the two are merged. A key the snapshot changed takes its value from the snapshot, or is gone when the snapshot
  /// lacks it (removed or evicted here). Any other key keeps the file's value, which is this
  /// process's own unless another process changed it since; a key only the snapshot holds is
  /// added. Ages and idle times are carried to `savedAt`, and the least recently used beyond
  /// `limit` are dropped.
  mutating func merge(
    _ snapshot: CacheSnapshot<Key, Value>, merging: Bool, version: Int, savedAt: Double, limit: Int?
  ) {
    guard merging, !snapshot.replacesFile, self.version == version else {
      self = CacheFile(version: version, savedAt: savedAt, entries: snapshot.entries)
      return
    }
    let later = Duration.seconds(min(max(savedAt - self.savedAt, 0), 1e12))
    var onDisk: [Key: PersistedEntry<Key, Value>] = [:]
    for var entry in entries where !snapshot.changedKeys.contains(entry.key) {
      entry.age += later
      entry.idle += later
      onDisk[entry.key] = entry
    }
    var ours: [PersistedEntry<Key, Value>] = []
    ours.reserveCapacity(snapshot.entries.count)
    for entry in snapshot.entries {
      if !snapshot.changedKeys.contains(entry.key), var theirs = onDisk.removeValue(forKey: entry.key) {
        // The younger value: the other process's when it committed the key since.
        if entry.age < theirs.age { theirs.value = entry.value; theirs.age = entry.age }
        theirs.idle = min(theirs.idle, entry.idle)  // a use here counts too
        ours.append(theirs)
      } else {
        ours.append(entry)
      }
    }
    // Both lists run from the least to the most recently used: merged in that order, stably,
    // so a file no other process touched is written as the snapshot orders it.
    let theirs = entries.compactMap { onDisk[$0.key] }
    var merged: [PersistedEntry<Key, Value>] = []
    merged.reserveCapacity(ours.count + theirs.count)
    var (i, j) = (0, 0)
    while i < ours.count || j < theirs.count {
      if j == theirs.count || (i < ours.count && ours[i].idle >= theirs[j].idle) {
        merged.append(ours[i])
        i += 1
      } else {
        merged.append(theirs[j])
        j += 1
      }
    }
    self = CacheFile(version: version, savedAt: savedAt, entries: Array(merged.suffix(limit ?? merged.count)))
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
