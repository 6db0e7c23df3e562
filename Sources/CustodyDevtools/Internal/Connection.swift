/// One client connection, as the server's loop sees it.
struct Connection {
  enum Phase: Equatable {
    /// Reading the request head, until ``Connection/deadline``.
    case reading
    /// Sending one answer; the connection closes once it is sent.
    case answering
    /// Sending events for as long as the client stays.
    case streaming
    /// The answer was sent and writing shut down; what the client still sends is read and
    /// discarded until it closes or ``Connection/deadline`` passes, so the answer is not lost
    /// to a reset.
    case lingering
  }

  let descriptor: Int32
  var phase = Phase.reading
  var input: [UInt8] = []
  var output: OutputQueue
  /// When a reading or lingering connection is closed, whatever it does.
  var deadline: ContinuousClock.Instant?
  /// Bytes discarded while lingering.
  var discarded = 0
  /// Whether the client's socket took no more bytes at the last write: the server writes
  /// again once `poll` says it can, not for every event (a stalled client would otherwise cost
  /// a system call per event).
  var isBlocked = false

  init(descriptor: Int32, queueLimit: Int, deadline: ContinuousClock.Instant) {
    self.descriptor = descriptor
    self.output = OutputQueue(limit: queueLimit)
    self.deadline = deadline
  }

  /// Whether the loop waits for bytes from the client.
  var wantsInput: Bool { phase != .answering }
  /// Whether the loop waits until the client can take bytes.
  var wantsOutput: Bool { !output.isEmpty && phase != .lingering }
}
