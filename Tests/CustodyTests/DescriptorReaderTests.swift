import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading a pipe the way the process and terminal helpers do: on a dispatch source, awaited.
@Suite(.timeLimit(.minutes(1)))
struct DescriptorReaderTests {
  /// A pipe whose read end a reader owns; the test holds the write end.
  struct Pipe: Sendable {
    let reader: DescriptorReader
    let input: Int32

    init(reader: DescriptorReader, input: Int32) {
      self.reader = reader
      self.input = input
    }

    init() throws {
      var ends: [Int32] = [0, 0]
      guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
      // Close-on-exec: a process another test starts meanwhile must not hold either end.
      for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
      reader = DescriptorReader(descriptor: ends[0], label: "test pipe")
      input = ends[1]
    }

    func write(_ text: String) {
      _ = Array(text.utf8).withUnsafeBytes { systemWrite(input, $0.baseAddress, $0.count) }
    }
  }

  // More waits than the cooperative pool has threads: had any of them blocked a thread, the
  // others and this test would never have run to write the lines.
  @Test func manyWaitsAtOnceLeaveThePoolFree() async throws {
    let pipes = try (0..<8).map { _ in try Pipe() }
    defer { pipes.forEach { close($0.input) } }
    let started = AwaitableState(0)
    try await withThrowingTaskGroup { group in
      for pipe in pipes {
        group.addTask {
          started.update { $0 += 1 }
          try await pipe.reader.wait(for: "a line", timeout: .seconds(600)) { $0.bytes.contains(0x0A) }
        }
      }
      try await started.wait(for: "every wait to start") { $0 == pipes.count }
      for (index, pipe) in pipes.enumerated() { pipe.write("line \(index)\n") }
      try await group.waitForAll()
    }
    #expect(pipes.enumerated().allSatisfy { $1.reader.current.text == "line \($0)\n" })
  }

  // Each step looks only at what came after the step before was written: the "Age? " that
  // arrived before the name was asked for does not count.
  @Test func eachReplyIsWrittenOnceItsTextFollowsTheOneBefore() async throws {
    var ends: [Int32] = [0, 0]
    try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
    let near = DescriptorReader(descriptor: ends[0], label: "near end")
    let far = Pipe(reader: DescriptorReader(descriptor: ends[1], label: "far end"), input: ends[1])
    far.write("Age? Name? ")
    let answered = Task {
      try await near.reply(
        [
          DescriptorReader.Reply(Array("Ada\n".utf8)) { String(decoding: $0, as: UTF8.self).contains("Name? ") },
          DescriptorReader.Reply(Array("36\n".utf8)) { String(decoding: $0, as: UTF8.self).contains("Age? ") },
        ], for: "the questions")
    }
    try await far.reader.wait(for: "the first answer") { $0.text.contains("Ada\n") }
    #expect(far.reader.current.text == "Ada\n", "the second waits for a question after the first answer")
    far.write("Age? ")
    #expect(try await answered.value == [11, 16], "each written when its question had been read")
    try await far.reader.wait(for: "both answers") { $0.text == "Ada\n36\n" }
  }

  @Test func theEndOfTheInputEndsAWaitThatCanNoLongerBeMet() async throws {
    let pipe = try Pipe()
    pipe.write("partial")
    close(pipe.input)
    let failure = await #expect(throws: WaitFailure<DescriptorReader.Output>.self) {
      try await pipe.reader.wait(for: "a newline", timeout: .seconds(600)) { $0.bytes.contains(0x0A) }
    }
    #expect(failure?.reason == .ended)
    #expect(failure?.last.text == "partial")
    #expect(failure?.description.contains("a newline") == true)
  }

  @Test func everyByteArrivesInOrderAcrossManyReads() async throws {
    let pipe = try Pipe()
    let text = (0..<20_000).map { "\($0)\n" }.joined()
    // A pipe holds 64 KiB: the writer blocks until the reader catches up, so it runs on a
    // thread of its own.
    let written = try await DedicatedThread.run("the writer") {
      pipe.write(text)
      return close(pipe.input)
    }
    #expect(written == 0)
    let output = try await pipe.reader.wait(for: "the end of the input") { $0.isFinished }
    #expect(output.text == text)
  }
}

/// `write(2)`, named apart from `Pipe.write`.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
