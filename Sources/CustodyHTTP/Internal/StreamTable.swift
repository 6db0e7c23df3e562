import Foundation

/// The state of every streamed transfer on one `URLSession`, keyed by task identifier: the
/// caller waiting for the response head, and the body stream the bytes go to after it.
///
/// A plain state machine like ``TransferTable``: the session delegate calls one method per event
/// under its lock and acts on the answer after releasing it. `Waiter` is the caller waiting for
/// the head, `Sink` what feeds the body, both generic so the machine can be tested without
/// concurrency or a network.
struct StreamTable<Waiter, Sink> {
  private struct Transfer {
    var sink: Sink
    var waiter: Waiter?
    var cancelled = false
    var headDelivered = false
    /// The body of a 401 or 407 whose head is held back, or `nil` when none is.
    var held: Data?
    var declinedChallenge = false
    var refusal: URLError.Code?
  }

  /// Where the bytes of a response go.
  enum Delivery {
    /// Not a streamed transfer anyone wants.
    case ignored
    /// Kept with a held head; nothing to do now.
    case held
    /// Answer `waiter` (once) with the head, and feed the body to `sink`.
    case deliver(waiter: Waiter?, sink: Sink)
  }

  /// How a finished transfer ends.
  struct Completion {
    /// The caller still waiting for the head: answer it with the response head, or the error.
    var waiter: Waiter?
    /// The body to finish, with the error, if any.
    var sink: Sink
    /// The body of a held head, to feed before finishing.
    var heldBody: Data?
    /// Why the transfer failed, or `nil` when the body ended normally.
    var failure: HTTPError?
  }

  /// The most bytes kept of a held response's body.
  let heldLimit: Int
  private var transfers: [Int: Transfer] = [:]

  init(heldLimit: Int = 1024 * 1024) { self.heldLimit = heldLimit }

  /// The number of transfers not yet finished or abandoned.
  var count: Int { transfers.count }

  /// Registers a task and its body before its caller waits, so a cancellation arriving first
  /// is kept.
  mutating func create(_ id: Int, sink: Sink) { transfers[id] = Transfer(sink: sink) }

  /// The caller now waits for the head with `waiter`.
  mutating func start(_ id: Int, waiter: Waiter) -> TransferTable<Waiter>.StartAction {
    guard let transfer = transfers[id], !transfer.cancelled else {
      transfers[id] = nil
      return .failCancelled
    }
    transfers[id]?.waiter = waiter
    return .resume
  }

  /// The caller gave up (cancelled while waiting for the head, or its body's reader stopped).
  /// Forgets the transfer and returns the caller still waiting for the head, if any; events
  /// that arrive for the transfer later are ignored.
  mutating func cancel(_ id: Int) -> Waiter? {
    guard let transfer = transfers[id] else { return nil }
    guard transfer.waiter != nil || transfer.headDelivered else {
      transfers[id]?.cancelled = true
      return nil
    }
    transfers[id] = nil
    return transfer.waiter
  }

  /// The request ran over its total deadline: forgets the transfer and returns the caller still
  /// waiting for the head, if any, and the body to fail; `nil` when nobody wants the transfer.
  mutating func expire(_ id: Int) -> (waiter: Waiter?, sink: Sink)? {
    guard let transfer = transfers[id], !transfer.cancelled, transfer.waiter != nil || transfer.headDelivered else {
      return nil
    }
    transfers[id] = nil
    return (transfer.waiter, transfer.sink)
  }

  /// A response head with `status` arrived.
  ///
  /// The head of a 401 or 407 is held back until the task ends: FoundationNetworking reports it
  /// before it asks for credentials, and when a challenge handler supplies them the request is
  /// sent again and the next head is the answer (Darwin asks first and never reports it).
  mutating func receiveHead(_ id: Int, status: Int) -> Delivery {
    guard let transfer = transfers[id], !transfer.cancelled else { return .ignored }
    if !transfer.headDelivered, status == 401 || status == 407 {
      transfers[id]?.held = Data()
      return .held
    }
    transfers[id]?.held = nil
    return receive(id, count: 0)
  }

  /// Body bytes arrived (which imply a head, if none was reported).
  mutating func receive(_ id: Int, data: Data) -> Delivery { receive(id, count: data.count, data) }

  private mutating func receive(_ id: Int, count: Int, _ data: Data? = nil) -> Delivery {
    guard let transfer = transfers[id], !transfer.cancelled else { return .ignored }
    if let held = transfer.held {
      if let data { transfers[id]?.held = held + data.prefix(max(0, heldLimit - held.count)) }
      return .held
    }
    transfers[id]?.waiter = nil
    transfers[id]?.headDelivered = true
    return .deliver(waiter: transfer.waiter, sink: transfer.sink)
  }

  /// A challenge handler gave a credential for a held 401 or 407: the request is sent again, and
  /// the body held so far is not the answer.
  mutating func answerChallenge(_ id: Int) {
    transfers[id]?.held = nil
  }

  /// The transport declined an HTTP authentication challenge so that the 401 reaches the
  /// caller; FoundationNetworking then ends the task as cancelled, which is not a failure here.
  mutating func declineChallenge(_ id: Int) {
    transfers[id]?.declinedChallenge = true
  }

  /// A challenge handler cancelled a challenge: the transfer fails with `code`, whatever error
  /// the task ends with.
  mutating func refuseChallenge(_ id: Int, code: URLError.Code) {
    transfers[id]?.refusal = code
  }

  /// The task finished, with `error` if it failed. `nil` when nobody wants the transfer.
  ///
  /// The failure is sorted as ``HTTPError/init(transportError:)`` sorts it; a refused
  /// challenge fails with its code, a declined one does not fail.
  mutating func complete(_ id: Int, error: (any Error)?) -> Completion? {
    guard let transfer = transfers.removeValue(forKey: id), !transfer.cancelled,
      transfer.waiter != nil || transfer.headDelivered
    else { return nil }
    let failure: HTTPError? =
      if let refusal = transfer.refusal {
        HTTPError(urlErrorCode: refusal.rawValue)
      } else if transfer.declinedChallenge {
        nil
      } else {
        error.map { HTTPError(transportError: $0) }
      }
    return Completion(waiter: transfer.waiter, sink: transfer.sink, heldBody: transfer.held, failure: failure)
  }
}

extension StreamTable.Completion: Sendable where Waiter: Sendable, Sink: Sendable {}
extension StreamTable.Delivery: Sendable where Waiter: Sendable, Sink: Sendable {}
