#if canImport(os)
  import os

  /// An inspector that makes every flight of an owner (a load, an operation, a page fetch, a
  /// token refresh, a ``LatestTask`` run) an interval in Instruments, and every other event a
  /// point, in the Points of Interest track.
  ///
  /// ```swift
  /// #if DEBUG
  /// let inspector: (any OwnerInspector)? = SignpostInspector(subsystem: "com.example.shop")
  /// #else
  /// let inspector: (any OwnerInspector)? = nil
  /// #endif
  /// let products = Cache<Product.ID, Product>(name: "products", inspector: inspector)
  /// ```
  ///
  /// Intervals are named "Flight" and say the owner, its kind of work and the key (as the
  /// owner describes keys); an interval ends with the flight's outcome. Keys are logged as
  /// private data, because a key may be what a user typed or an account's id: the system
  /// redacts them unless the app passes `publicKeys: true`. Available where the `os` module
  /// is (Apple platforms).
  public final class SignpostInspector: OwnerInspector {
    private struct Intervals {
      let signposter: OSSignposter
      var open: [FlightKey: OSSignpostIntervalState] = [:]
    }

    private struct FlightKey: Hashable {
      let owner: ObjectIdentifier
      let flight: UInt64
    }

    private let intervals: LockedState<Intervals>
    private let publicKeys: Bool

    /// Creates an inspector that signposts under `subsystem`, in Points of Interest.
    ///
    /// - Parameters:
    ///   - subsystem: The subsystem signposts are filed under, such as "com.example.shop".
    ///   - publicKeys: Whether keys are logged as public data. Pass `true` only when no key of
    ///     an inspected owner can hold what a user typed or who they are.
    public init(subsystem: String, publicKeys: Bool = false) {
      self.publicKeys = publicKeys
      intervals = LockedState(Intervals(signposter: OSSignposter(subsystem: subsystem, category: .pointsOfInterest)))
    }

    public func record(_ event: OwnerEvent) {
      let owner = event.owner.name
      let key = event.key?.description ?? ""
      let what = event.summary
      let publicKeys = self.publicKeys
      intervals.withLock { intervals in
        let signposter = intervals.signposter
        switch event.kind {
        case .started:
          guard let id = event.flight else { return }
          let signpostID = signposter.makeSignpostID()
          let state =
            publicKeys
            ? signposter.beginInterval(
              "Flight", id: signpostID,
              "\(owner, privacy: .public) \(what, privacy: .public) \(key, privacy: .public)")
            : signposter.beginInterval(
              "Flight", id: signpostID,
              "\(owner, privacy: .public) \(what, privacy: .public) \(key, privacy: .private)")
          intervals.open[FlightKey(owner: ObjectIdentifier(event.owner), flight: id)] = state
        case .finished, .abandoned:
          guard let id = event.flight,
            let state = intervals.open.removeValue(forKey: FlightKey(owner: ObjectIdentifier(event.owner), flight: id))
          else { return }
          signposter.endInterval("Flight", state, "\(what, privacy: .public)")
        case .hit:
          return  // far too frequent to draw; Statistics counts them
        default:
          if publicKeys {
            signposter.emitEvent(
              "Event", "\(owner, privacy: .public) \(what, privacy: .public) \(key, privacy: .public)")
          } else {
            signposter.emitEvent(
              "Event", "\(owner, privacy: .public) \(what, privacy: .public) \(key, privacy: .private)")
          }
        }
      }
    }
  }
#endif
