import Foundation

/// One value of a persisted cache as it is saved: its committed value, how old it was and how
/// long it had gone unused when it was saved, on the cache's clock.
struct PersistedEntry<Key: Sendable, Value: Sendable>: Sendable {
  var key: Key
  var value: Value
  var age: Duration
  var idle: Duration
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
