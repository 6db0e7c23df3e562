import Foundation

/// The state of every request in flight on one `URLSession`, keyed by task identifier.
///
/// A plain state machine: the session delegate holds it behind a lock, calls one method per
/// event and acts on the answer after releasing the lock. `Waiter` is the continuation of the
/// caller, generic so the machine can be tested without concurrency.
struct TransferTable<Waiter> {
  /// How a finished transfer ends for its caller.
  enum Outcome {
    case response(body: Data)
    case tooLarge
    case failed(any Error)
  }

  /// What to do once the caller has started waiting.
  enum StartAction {
    /// Resume the network task.
    case resume
    /// The caller was cancelled before the task started: fail it at once, never start.
    case failCancelled
  }

  private struct Transfer {
    var waiter: Waiter?
    var cancelled = false
    var body = Data()
    var tooLarge = false
    var declinedChallenge = false
    var refusal: URLError.Code?
  }

  /// The largest body accepted, in bytes.
  let limit: Int
  private var transfers: [Int: Transfer] = [:]

  init(limit: Int) { self.limit = limit }

  /// The number of transfers not yet finished or abandoned.
  var count: Int { transfers.count }

  /// Registers a task before its caller waits, so that a cancellation arriving first is kept.
  mutating func create(_ id: Int) { transfers[id] = Transfer() }

  /// The caller now waits with `waiter`.
  mutating func start(_ id: Int, waiter: Waiter) -> StartAction {
    guard let transfer = transfers[id], !transfer.cancelled else {
      transfers[id] = nil
      return .failCancelled
    }
    transfers[id]?.waiter = waiter
    return .resume
  }

  /// The caller's task was cancelled: forgets the transfer and returns the waiter to fail.
  /// Events that arrive for it later are ignored.
  mutating func cancel(_ id: Int) -> Waiter? {
    guard let transfer = transfers[id] else { return nil }
    if transfer.waiter == nil {
      transfers[id]?.cancelled = true
      return nil
    }
    transfers[id] = nil
    return transfer.waiter
  }

  /// The request ran over its total deadline: forgets the transfer and returns the waiter to
  /// fail, or `nil` when nobody waits any more. Events that arrive for it later are ignored.
  mutating func expire(_ id: Int) -> Waiter? {
    guard let waiter = transfers[id]?.waiter else { return nil }
    transfers[id] = nil
    return waiter
  }

  /// The response head arrived. Returns whether to keep reading: `false` when the announced
  /// length is already over the limit.
  mutating func receiveResponse(_ id: Int, expectedLength: Int64) -> Bool {
    guard transfers[id] != nil else { return false }
    guard expectedLength <= Int64(limit) else {
      transfers[id]?.tooLarge = true
      return false
    }
    return true
  }

  /// Body bytes arrived. Returns whether to keep reading: `false` once the body passes the
  /// limit, whose bytes are then dropped.
  mutating func receive(_ id: Int, data: Data) -> Bool {
    guard let transfer = transfers[id], !transfer.tooLarge else { return false }
    guard transfer.body.count + data.count <= limit else {
      transfers[id]?.tooLarge = true
      transfers[id]?.body = Data()
      return false
    }
    transfers[id]?.body.append(data)
    return true
  }

  /// The server answered 401 with a challenge that the transport declines to answer, so that
  /// the 401 reaches the caller. FoundationNetworking then ends the task as cancelled; the
  /// response is delivered anyway.
  mutating func declineChallenge(_ id: Int) {
    transfers[id]?.declinedChallenge = true
  }

  /// A challenge handler gave a credential: the request is sent again, and what arrived so far
  /// (on Linux, the body of the 401 that raised the challenge) is not the answer.
  mutating func answerChallenge(_ id: Int) {
    transfers[id]?.body = Data()
  }

  /// A challenge handler cancelled a challenge: the caller gets `code`, whatever error the task
  /// ends with (on Darwin a cancellation, which would read as the caller's own).
  mutating func refuseChallenge(_ id: Int, code: URLError.Code) {
    transfers[id]?.refusal = code
  }

  /// The task finished, with `error` if it failed. Returns the waiter to resume and how, or
  /// `nil` when nobody waits any more.
  mutating func complete(_ id: Int, error: (any Error)?) -> (Waiter, Outcome)? {
    guard let transfer = transfers.removeValue(forKey: id), let waiter = transfer.waiter else { return nil }
    // Stopping for size cancels the task, and a body that completed before the cancel took
    // effect ends without an error: either way the caller learns the body was too large.
    if transfer.tooLarge { return (waiter, .tooLarge) }
    if let refusal = transfer.refusal { return (waiter, .failed(URLError(refusal))) }
    if let error, !transfer.declinedChallenge { return (waiter, .failed(error)) }
    return (waiter, .response(body: transfer.body))
  }
}
