#if os(Linux)
  import Foundation
  import Glibc

  /// A child process started with `posix_spawn`, its standard output and error read line by line
  /// through a pipe, killed and reaped by the test. Tests read its lines as it runs, which
  /// `Foundation.Process` does not make easy without a run loop.
  final class ChildProcess {
    /// How the process ended.
    struct Status: CustomStringConvertible {
      var exitCode: Int32?
      var signal: Int32?

      var description: String { signal.map { "signal \($0)" } ?? "exit status \(exitCode ?? -1)" }
    }

    struct SpawnError: Error, CustomStringConvertible {
      let description: String
    }

    private let pid: pid_t
    private let output: Int32
    private var buffer: [UInt8] = []

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
      output = ends[0]
    }

    deinit { close(output) }

    /// The next line the process wrote, or `nil` once it has closed its output (a last line
    /// without a newline is dropped).
    func readLine() -> String? {
      while true {
        if let newline = buffer.firstIndex(of: 0x0A) {
          defer { buffer.removeSubrange(...newline) }
          return String(decoding: buffer[..<newline], as: UTF8.self)
        }
        var chunk = [UInt8](repeating: 0, count: 4_096)
        let count = read(output, &chunk, chunk.count)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return nil }
        buffer += chunk[..<count]
      }
    }

    func kill() {
      _ = Glibc.kill(pid, SIGKILL)
    }

    /// Waits for the process to end and reaps it.
    func wait() -> Status {
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
      // WIFEXITED / WTERMSIG are macros Swift does not import.
      let signal = status & 0x7f
      return signal == 0 ? Status(exitCode: (status >> 8) & 0xff) : Status(signal: signal)
    }
  }
#endif
