/// What the server still has to send one client, bounded: frames beyond ``limit`` are dropped
/// and counted, and a notice of how many goes out as soon as there is room again.
///
/// A plain value, used on the server's thread only; tested without sockets.
struct OutputQueue {
  /// How many frames may wait at most.
  let limit: Int
  private var frames: [[UInt8]] = []
  private var head = 0
  /// How much of the first frame was sent.
  private(set) var offset = 0
  /// Frames dropped since the last notice was queued.
  private(set) var pendingDrops = 0
  /// Frames dropped in all.
  private(set) var droppedCount = 0

  init(limit: Int) { self.limit = limit }

  var count: Int { frames.count - head }
  var isEmpty: Bool { count == 0 }
  /// Whether the next event would be dropped.
  var isFull: Bool { count >= limit }

  /// The frame being sent, if any.
  var first: [UInt8]? { isEmpty ? nil : frames[head] }

  /// Queues a frame that must go out whatever the limit (a response head, the greeting).
  mutating func appendAlways(_ frame: [UInt8]) { frames.append(frame) }

  /// Queues an event's frame, or drops it when the queue is full.
  ///
  /// - Returns: Whether it was queued.
  @discardableResult
  mutating func append(_ frame: [UInt8]) -> Bool {
    guard count < limit else {
      pendingDrops += 1
      droppedCount += 1
      return false
    }
    queueDropNotice()
    guard count < limit else {
      pendingDrops += 1
      droppedCount += 1
      return false
    }
    frames.append(frame)
    return true
  }

  /// Counts frames dropped before they reached the queue (the server fell behind).
  mutating func noteDropped(_ count: Int) {
    pendingDrops += count
    droppedCount += count
    queueDropNotice()
  }

  /// Marks `sent` more bytes of the first frames as sent.
  mutating func consume(_ sent: Int) {
    var sent = sent
    while sent > 0, let frame = first {
      let left = frame.count - offset
      if sent < left {
        offset += sent
        return
      }
      sent -= left
      offset = 0
      head += 1
    }
    if head > 256 && head * 2 > frames.count {
      frames.removeFirst(head)
      head = 0
    }
    queueDropNotice()
  }

  /// Queues the notice of the frames dropped, once there is room for it.
  private mutating func queueDropNotice() {
    guard pendingDrops > 0, count < limit else { return }
    frames.append(Array("event: dropped\ndata: {\"count\":\(pendingDrops),\"total\":\(droppedCount)}\n\n".utf8))
    pendingDrops = 0
  }
}
