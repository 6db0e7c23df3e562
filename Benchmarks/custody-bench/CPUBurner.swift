import Custody
import Foundation

/// Kernel threads doing pure arithmetic (no allocation, no Swift runtime calls in the loop)
/// until a deadline: the load a refresh puts on the cores, without anything a library could
/// do better. The heartbeat measured meanwhile is the loaded floor.
enum CPUBurner {
  /// Runs `threads` threads of arithmetic for `duration`, returning when all have stopped.
  static func burn(threads: Int, for duration: Duration) async {
    let deadline = ContinuousClock.now.advanced(by: duration)
    let remaining = LockedState(threads)
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      for _ in 0..<threads {
        let thread = Thread {
          blackHole(spin(until: deadline))
          let isLast = remaining.withLock { count -> Bool in
            count -= 1
            return count == 0
          }
          if isLast { done.resume() }
        }
        thread.start()
      }
    }
  }

  /// A xorshift generator stepped until `deadline`, looking at the clock every 4,096 steps.
  static func spin(until deadline: ContinuousClock.Instant) -> UInt64 {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    while ContinuousClock.now < deadline {
      for _ in 0..<4_096 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
      }
    }
    return state
  }
}

/// CPU time this process has used, summed over its threads.
enum ProcessCPU {
  /// Waits until the process uses less than a tenth of a core over 100 ms, or 5 s have passed:
  /// background work of an earlier step (freeing a large list, saving a file) has ended.
  static func waitUntilQuiet() async {
    let deadline = ContinuousClock.now.advanced(by: .seconds(5))
    while ContinuousClock.now < deadline {
      let before = now
      try? await Task.sleep(for: .milliseconds(100))
      if now - before < .milliseconds(10) { return }
    }
  }

  static var now: Duration {
    var spec = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
    return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
  }
}
