#if os(Linux)
  import Foundation
  import Glibc
  import TestSupport

  /// A child process started with `posix_spawn`, its standard output and error read line by line
  /// through a pipe, killed and reaped by the test. Tests read its lines as it runs, which
  /// `Foundation.Process` does not make easy without a run loop.
  ///
  /// Nothing here blocks the caller: the pipe is read on a dispatch source (`DescriptorReader`)
  /// and the process is reaped by `waitpid` on a thread of its own (`DedicatedThread`).
  final class ChildProcess {
    /// How the process ended.
    struct Status: Sendable, CustomStringConvertible {
      var exitCode: Int32?
      var signal: Int32?

      var description: String { signal.map { "signal \($0)" } ?? "exit status \(exitCode ?? -1)" }
    }

    struct SpawnError: Error, CustomStringConvertible {
      let description: String
    }

    let pid: pid_t
    private let output: DescriptorReader
    /// Bytes of the output already returned as lines.
    private var consumed = 0
    /// Set once `waitpid` runs for the process: after that its pid may belong to another.
    private var isReaping = false
    private var status: Status?

    init(_ executable: URL, arguments: [String]) throws {
      var ends: [Int32] = [0, 0]
      guard pipe(&ends) == 0 else { throw SpawnError(description: "pipe failed: errno \(errno)") }
      // Close-on-exec, so processes other tests start meanwhile do not hold the write end open
      // (`pipe2` is not imported). The child gets the write end through dup2, which clears it.
      for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
      posix_spawn_file_actions_adddup2(&actions, ends[1], 2)
      // Nothing else reaches the child: a descriptor this process watches with a dispatch source
      // (a socket, a pipe another test opened and has not yet marked close-on-exec) must not stay
      // open in a child, where it would keep the kernel's epoll registration alive after this
      // process closes its copy, and libdispatch would be handed events for a note it freed.
      guard Self.closeFrom(&actions, 3) == 0 else { throw SpawnError(description: "closefrom failed") }
      let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
      defer { argv.forEach { free($0) } }
      var pid = pid_t()
      let result = posix_spawn(&pid, executable.path, &actions, nil, argv, environ)
      close(ends[1])
      guard result == 0 else {
        close(ends[0])
        throw SpawnError(description: "cannot start \(executable.path): \(String(cString: strerror(result)))")
      }
      self.pid = pid
      output = DescriptorReader(descriptor: ends[0], label: "output of \(executable.lastPathComponent)")
    }

    /// A process the test gave up on is killed and reaped all the same, so none is left behind.
    deinit {
      guard !isReaping else { return }
      _ = Glibc.kill(pid, SIGKILL)
      let pid = pid
      Thread { _ = Self.reap(pid) }.start()
    }

    /// The next line the process wrote, or `nil` once it has closed its output (a last line
    /// without a newline is dropped).
    ///
    /// - Throws: `WaitFailure` when no line came within `timeout` or the task was cancelled.
    func readLine(timeout: Duration = .seconds(30)) async throws -> String? {
      let start = consumed
      let seen = try await output.wait(for: "a line from the child process", timeout: timeout) {
        $0.bytes[start...].contains(0x0A) || $0.isFinished
      }
      guard let newline = seen.bytes[start...].firstIndex(of: 0x0A) else { return nil }
      consumed = newline + 1
      return String(decoding: seen.bytes[start..<newline], as: UTF8.self)
    }

    func kill() {
      guard !isReaping else { return }
      _ = Glibc.kill(pid, SIGKILL)
    }

    /// Waits for the process to end and reaps it.
    ///
    /// - Throws: `WaitFailure` when it did not end within `timeout` or the task was cancelled;
    ///   the process is then killed, and reaped when it ends.
    func wait(timeout: Duration = .seconds(30)) async throws -> Status {
      if let status { return status }
      let pid = pid
      isReaping = true
      do {
        let ended = try await DedicatedThread.run("child process \(pid) to end", timeout: timeout) { Self.reap(pid) }
        status = ended
        return ended
      } catch {
        // The reaping thread still waits: the kill ends the process and the thread with it.
        _ = Glibc.kill(pid, SIGKILL)
        throw error
      }
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift does
    /// not import from `spawn.h`: every descriptor from `first` on is closed in the child.
    private static func closeFrom(_ actions: inout posix_spawn_file_actions_t, _ first: Int32) -> Int32 {
      typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
      else { return -1 }
      return unsafeBitCast(symbol, to: CloseFrom.self)(&actions, first)
    }

    /// Blocks in `waitpid` until `pid` ends: call it on a thread of its own.
    private static func reap(_ pid: pid_t) -> Status {
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
      // WIFEXITED / WTERMSIG are macros Swift does not import.
      let signal = status & 0x7f
      return signal == 0 ? Status(exitCode: (status >> 8) & 0xff) : Status(signal: signal)
    }
  }
#endif
