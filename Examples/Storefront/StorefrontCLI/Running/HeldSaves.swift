import Custody
import CustodyHTTP
import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--hold-saves`: holds every product save (`PUT`) on its way to the embedded backend until the
/// process gets SIGUSR1, then answers it 422 `Simulated failure`, so an edit's optimistic layer can
/// be watched while its save is pending, and taken out when it fails.
///
/// A script decides when a save fails (`kill -USR1 PID`), so nothing waits for a time to pass.
/// A 422 is not retried, so one signal ends each save held when it arrives. A held save whose
/// caller is cancelled stops waiting.
final class HeldSaves: HTTPTransport {
  let base: any HTTPTransport
  /// Called once a save is held, before it waits.
  private let onHold: @Sendable () -> Void
  private let held = LockedState(Held())
  private let source: LockedState<any DispatchSourceSignal>

  private struct Held {
    var next = 0
    var waiting: [Int: CheckedContinuation<Void, any Error>] = [:]
  }

  /// The answer a held save gets.
  static let failure = HTTPResponse(status: 422, body: Data(#"{"message":"Simulated failure"}"#.utf8))

  init(over base: any HTTPTransport, onHold: @escaping @Sendable () -> Void = {}) {
    self.base = base
    self.onHold = onHold
    // The signal's default action ends the process; its source sees it instead.
    signal(SIGUSR1, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: SIGUSR1, queue: DispatchQueue(label: "storefront.held-saves"))
    source.setEventHandler { [held] in Self.failAll(held) }
    source.resume()
    self.source = LockedState(source)
  }

  deinit {
    source.withLock { $0.cancel() }
  }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard request.method == .put else { return try await base.send(request) }
    let number = held.withLock { held in
      defer { held.next += 1 }
      return held.next
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (save: CheckedContinuation<Void, any Error>) in
        let cancelled = held.withLock { held in
          guard !Task.isCancelled else { return true }  // cancelled before the handler could see it
          held.waiting[number] = save
          return false
        }
        if cancelled { save.resume(throwing: CancellationError()) } else { onHold() }
      }
    } onCancel: {
      held.withLock { $0.waiting.removeValue(forKey: number) }?.resume(throwing: CancellationError())
    }
    return Self.failure
  }

  /// Ends every save held now with ``failure``, as SIGUSR1 does.
  func failHeldSaves() {
    Self.failAll(held)
  }

  /// Ends every save held now with ``failure``.
  private static func failAll(_ held: LockedState<Held>) {
    let saves = held.withLock { held in
      defer { held.waiting.removeAll() }
      return Array(held.waiting.values)
    }
    for save in saves { save.resume() }
  }
}
