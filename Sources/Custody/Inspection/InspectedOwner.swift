/// An owner as inspectors see it: its name and kind, and how its keys are described.
///
/// Every owner made with an inspector has one; events carry it, so one inspector can watch any
/// number of owners and tell them apart.
public final class InspectedOwner: Sendable, Hashable, CustomStringConvertible {
  /// What kind of owner this is, named by a stable identifier: the owner's type name
  /// (`"Cache"`). An app's own owner makes a kind of its own, such as
  /// `InspectedOwner.Kind(rawValue: "UploadQueue")`.
  public struct Kind: Sendable, Hashable, RawRepresentable, CustomStringConvertible {
    /// The stable identifier.
    public let rawValue: String
    /// A kind named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    /// A ``SingleFlight``.
    public static let singleFlight = Kind(rawValue: "SingleFlight")
    /// A ``Cache``.
    public static let cache = Kind(rawValue: "Cache")
    /// A ``Pager``.
    public static let pager = Kind(rawValue: "Pager")
    /// A ``TokenStore``.
    public static let tokenStore = Kind(rawValue: "TokenStore")
    /// A ``FileStore``.
    public static let fileStore = Kind(rawValue: "FileStore")
    /// A ``LatestTask``.
    public static let latestTask = Kind(rawValue: "LatestTask")
  }

  /// The name the app gave the owner, or its kind when it gave none.
  public let name: String
  /// What kind of owner this is.
  public let kind: Kind
  private let describeKey: @Sendable (any Hashable & Sendable) -> String
  /// Reads the lookups the owner counted itself, for owners that count them (a cache).
  private let lookupSource = LockedState<(@Sendable () -> Lookups?)?>(nil)

  /// Fresh hits, stale hits and misses, as a cache counts them under its own lock.
  public struct Lookups: Sendable, Hashable {
    public var hits = 0
    public var staleHits = 0
    public var misses = 0

    public init(hits: Int = 0, staleHits: Int = 0, misses: Int = 0) {
      self.hits = hits
      self.staleHits = staleHits
      self.misses = misses
    }
  }

  /// The lookups the owner has counted, or `nil` for an owner that does not count them (or no
  /// longer exists).
  ///
  /// A cache counts its own hits while it holds its lock anyway, so an inspector that only
  /// needs the numbers, like ``Statistics``, can ignore ``OwnerEvent/Kind/hit`` events and make
  /// a hit cost it nothing.
  public var lookups: Lookups? { lookupSource.withLock { $0 }?() }

  /// Lets the owner say where its lookup counts are read.
  func provideLookups(_ source: @escaping @Sendable () -> Lookups?) {
    lookupSource.withLock { $0 = source }
  }

  /// Creates an identity for an owner.
  ///
  /// - Parameters:
  ///   - name: A name to show, such as "products".
  ///   - kind: The kind of owner.
  ///   - describeKey: How a key of this owner is shown. It receives the owner's own key type.
  public init(
    name: String, kind: Kind,
    describeKey: @escaping @Sendable (any Hashable & Sendable) -> String = { String(describing: $0) }
  ) {
    self.name = name
    self.kind = kind
    self.describeKey = describeKey
  }

  /// An identity whose keys are of type `Key`, described by `describe`.
  static func keyed<Key: Hashable & Sendable>(
    name: String?, kind: Kind, describe: (@Sendable (Key) -> String)?
  ) -> InspectedOwner {
    let describe = describe ?? { String(describing: $0) }
    return InspectedOwner(name: name ?? kind.rawValue, kind: kind) { key in
      (key as? Key).map(describe) ?? "?"
    }
  }

  /// How `key` is shown.
  func describe(_ key: any Hashable & Sendable) -> String { describeKey(key) }

  public var description: String { "\(kind.rawValue) \(name)" }

  public static func == (lhs: InspectedOwner, rhs: InspectedOwner) -> Bool { lhs === rhs }
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A key of an inspected owner, shown the way the app chose when it made the owner.
///
/// The description is built only when something reads it, so recording an event costs no
/// formatting.
public struct InspectedKey: Sendable, Hashable, CustomStringConvertible {
  /// The key itself, of the owner's key type.
  public let base: any Hashable & Sendable
  private let owner: InspectedOwner

  @usableFromInline
  init(_ base: any Hashable & Sendable, of owner: InspectedOwner) {
    self.base = base
    self.owner = owner
  }

  /// How the owner's app chose to show this key (a product id may be shown; a secret never).
  public var description: String { owner.describe(base) }

  /// Whether this is `key`.
  public func isEqual<Key: Hashable & Sendable>(to key: Key) -> Bool { (base as? Key) == key }

  // The keys of one owner are of one type, so they compare as that type: without the boxes
  // `AnyHashable` would allocate, since an inspector may look keys up for every event.
  public static func == (lhs: InspectedKey, rhs: InspectedKey) -> Bool {
    lhs.owner === rhs.owner && isEqual(lhs.base, rhs.base)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(owner))
    hasher.combine(base)
  }

  private static func isEqual<Base: Hashable>(_ base: Base, _ other: any Hashable & Sendable) -> Bool {
    (other as? Base) == base
  }
}
