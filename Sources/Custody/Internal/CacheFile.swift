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
  /// Every key the cache holds, those beyond the persisted limit included.
  var heldKeys: Set<Key>
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
  /// Merges a snapshot of this process's cache into the file as it is on disk, which another
  /// process sharing the file may have written since this one did; `own` is then the file as
  /// this process wrote it (`nil` when no other process wrote since).
  ///
  /// Per key: a key the snapshot changed takes the snapshot's value, or is gone when the
  /// snapshot lacks it (removed or evicted here). A key it did not change keeps the snapshot's
  /// value while the file still holds what this process wrote for it; when another process
  /// changed or removed it since, the file's value (or its absence) stands. A key this cache does
  /// not hold at all (another process's) keeps the file's value. Ages and idle times are carried
  /// to `savedAt`, and the least recently used beyond `limit` are dropped.
  ///
  /// Without another process the result is the snapshot, as it was before files were shared.
  mutating func merge(
    _ snapshot: CacheSnapshot<Key, Value>, own: CacheFile?, version: Int, savedAt: Double, limit: Int?
  ) {
    guard !snapshot.replacesFile, self.version == version else {
      self = CacheFile(version: version, savedAt: savedAt, entries: snapshot.entries)
      return
    }
    let file = own == nil ? [:] : stored(self)
    let written = own.flatMap { $0.version == version ? stored($0) : nil } ?? [:]
    let later = Duration.seconds(min(max(savedAt - self.savedAt, 0), 1e12))
    func carried(_ entry: PersistedEntry<Key, Value>) -> PersistedEntry<Key, Value> {
      var entry = entry
      entry.age += later
      entry.idle += later
      return entry
    }
    var ours: [PersistedEntry<Key, Value>] = []
    for entry in snapshot.entries {
      let onDisk = file[entry.key]
      if own == nil || snapshot.changedKeys.contains(entry.key)
        || onDisk?.same(as: written[entry.key]) ?? (written[entry.key] == nil)
      {
        ours.append(entry)
      } else if let onDisk {
        var theirs = carried(onDisk.entry)
        theirs.idle = min(theirs.idle, entry.idle)  // a use here counts too
        ours.append(theirs)
      }
    }
    let theirs = entries.filter { !snapshot.heldKeys.contains($0.key) && !snapshot.changedKeys.contains($0.key) }
      .map(carried)
    // Both run from the least to the most recently used: merged in that order.
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

  /// Each entry of `file` by key, with what tells one version of a value from another.
  private func stored(_ file: CacheFile) -> [Key: StoredVersion] {
    var stored: [Key: StoredVersion] = [:]
    for entry in file.entries { stored[entry.key] = StoredVersion(entry, savedAt: file.savedAt) }
    return stored
  }

  /// One version of a value in a file: the value as encoded, and when it was stored on the wall
  /// clock (to the millisecond, as a process that carries it over recomputes it).
  private struct StoredVersion {
    var entry: PersistedEntry<Key, Value>
    var storedAt: Int64

    init(_ entry: PersistedEntry<Key, Value>, savedAt: Double) {
      self.entry = entry
      storedAt = Int64(((savedAt - entry.age.timeInterval) * 1000).rounded())
    }

    /// Whether it is `other`: stored at the same time, with the same encoded value (encoded only
    /// when the times agree, and only when another process wrote the file).
    func same(as other: StoredVersion?) -> Bool {
      guard let other, storedAt == other.storedAt else { return false }
      let encoder = JSONEncoder()
      encoder.outputFormatting = .sortedKeys
      guard let mine = try? encoder.encode(entry.value), let theirs = try? encoder.encode(other.entry.value) else {
        return false
      }
      return mine == theirs
    }
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
