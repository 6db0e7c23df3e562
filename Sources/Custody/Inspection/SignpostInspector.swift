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
  /// owner describes keys); an interval ends with the flight's outcome. Available where the
  /// `os` module is (Apple platforms).
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

    /// Creates an inspector that signposts under `subsystem`, in Points of Interest.
    public init(subsystem: String) {
      intervals = LockedState(Intervals(signposter: OSSignposter(subsystem: subsystem, category: .pointsOfInterest)))
    }

    public func record(_ event: OwnerEvent) {
      let owner = event.owner.name
      let key = event.key?.description ?? ""
      let what = event.kind.description
      intervals.withLock { intervals in
        let signposter = intervals.signposter
        switch event.kind {
        case .started(let id, _):
          let state = signposter.beginInterval(
            "Flight", id: signposter.makeSignpostID(),
            "\(owner, privacy: .public) \(what, privacy: .public) \(key, privacy: .public)")
          intervals.open[FlightKey(owner: ObjectIdentifier(event.owner), flight: id)] = state
        case .finished(let id, _, _), .abandoned(let id):
          guard
            let state = intervals.open.removeValue(forKey: FlightKey(owner: ObjectIdentifier(event.owner), flight: id))
          else { return }
          signposter.endInterval("Flight", state, "\(what, privacy: .public)")
        case .hit:
          return  // far too frequent to draw; Statistics counts them
        default:
          signposter.emitEvent("Event", "\(owner, privacy: .public) \(what, privacy: .public) \(key, privacy: .public)")
        }
      }
    }
  }
#endif
