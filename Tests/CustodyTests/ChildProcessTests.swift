#if os(Linux)
  import Foundation
  import Glibc
  import TestSupport
  import Testing

  /// The child processes of the crash-safety test: lines read and processes reaped without
  /// blocking the cooperative pool.
  @Suite(.timeLimit(.minutes(1)))
  struct ChildProcessTests {
    static let shell = URL(fileURLWithPath: "/bin/sh")

    @Test func readsEachLineThenNilAtTheEnd() async throws {
      let child = try ChildProcess(Self.shell, arguments: ["-c", "printf 'one\\ntwo\\n'; printf 'no newline' >&2"])
      #expect(try await child.readLine() == "one")
      #expect(try await child.readLine() == "two")
      #expect(try await child.readLine() == nil, "a last line without a newline is dropped")
      let status = try await child.wait()
      #expect(status.exitCode == 0 && status.signal == nil)
    }

    // More children than the cooperative pool has threads, each awaited until it is killed:
    // had one wait blocked a pool thread, this test would never have run to kill them.
    @Test func manyWaitsForChildrenLeaveThePoolFree() async throws {
      let pids = AwaitableState<[pid_t]>([])
      let statuses = try await withThrowingTaskGroup { group in
        for _ in 0..<8 {
          group.addTask {
            let child = try ChildProcess(URL(fileURLWithPath: "/bin/sleep"), arguments: ["30"])
            pids.update { $0.append(child.pid) }
            return try await child.wait().signal
          }
        }
        let started = try await pids.wait(for: "eight children") { $0.count == 8 }
        for pid in started { kill(pid, SIGKILL) }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(statuses == Array(repeating: SIGKILL, count: 8))
    }

    @Test func aCancelledWaitEndsAtOnceAndTheChildIsKilled() async throws {
      let child = try ChildProcess(URL(fileURLWithPath: "/bin/sleep"), arguments: ["30"])
      withUnsafeCurrentTask { $0?.cancel() }
      let failure = await #expect(throws: WaitFailure<ChildProcess.Status?>.self) { try await child.wait() }
      #expect(failure?.reason == .cancelled)
      #expect(kill(child.pid, 0) == 0 || errno == ESRCH, "killed, and reaped by its thread")
    }
  }
#endif
