import Custody
import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal while the browser owns it: raw mode, the alternate screen, keys, resizes and
/// signals as one stream of events, and the way back on every exit path.
///
/// Keys are read by a dispatch read source on a private queue and decoded there; SIGWINCH,
/// SIGINT and SIGTERM arrive through dispatch signal sources (their default actions are
/// turned off while the session lasts), so the main actor only ever sees ``TerminalEvent``s.
final class TerminalSession: Sendable {
  let events: AsyncStream<TerminalEvent>
  private let continuation: AsyncStream<TerminalEvent>.Continuation
  private let mode: TerminalMode
  private let queue = DispatchQueue(label: "storefront.terminal")
  private let sources: LockedState<[any DispatchSourceProtocol]>
  private let decoder = LockedState(KeyDecoder())
  private let isOpen = LockedState(false)

  static let handledSignals: [Int32] = [SIGWINCH, SIGINT, SIGTERM]

  /// Takes over the terminal on standard input and output; `nil` when standard input is not a terminal.
  init?() {
    guard let mode = TerminalMode(descriptor: STDIN_FILENO) else { return nil }
    self.mode = mode
    (events, continuation) = AsyncStream.makeStream(of: TerminalEvent.self, bufferingPolicy: .unbounded)
    sources = LockedState([])
  }

  /// Raw mode, alternate screen, and the sources that feed ``events``.
  func open() {
    isOpen.withLock { $0 = true }
    FatalSignals.install(mode: mode)
    mode.enterRaw()
    write(ANSI.enter)
    var made: [any DispatchSourceProtocol] = []
    let input = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: queue)
    input.setEventHandler { [weak self] in self?.readInput() }
    made.append(input)
    for number in Self.handledSignals {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler { [continuation] in
        continuation.yield(number == SIGWINCH ? .resized : .signal(number))
      }
      made.append(source)
    }
    sources.withLock { $0 = made }
    for source in made { source.resume() }
  }

  /// Writes `text` in one `write(2)` (looping only on a short write).
  func write(_ text: String) {
    FileDescriptor.writeAll(text, to: STDOUT_FILENO)
  }

  /// Hands the terminal back: leaves the alternate screen, shows the cursor, restores the
  /// settings and the signals' default actions. Safe to call more than once.
  func close() {
    let wasOpen = isOpen.withLock { open in
      defer { open = false }
      return open
    }
    guard wasOpen else { return }
    sources.withLock { sources in
      for source in sources { source.cancel() }
      sources.removeAll()
    }
    write(ANSI.leave)
    mode.restore()
    for number in Self.handledSignals { signal(number, SIG_DFL) }
    FatalSignals.uninstall()
    continuation.finish()
  }

  /// Gives the terminal back and stops the process, as the shell's job control expects of
  /// Ctrl-Z; returns once the process is continued, with the terminal taken over again.
  ///
  /// Raw mode turns off the terminal's own Ctrl-Z, so the browser sends itself `SIGTSTP`, with
  /// its default action. The signal goes to this thread, which it unblocks for the moment:
  /// dispatch's threads block signals. In a process group no shell controls (an orphaned one)
  /// the kernel discards the stop, and the browser goes on at once.
  func suspend() {
    guard isOpen.withLock({ $0 }) else { return }
    write(ANSI.leave)
    mode.restore()
    var stop = sigset_t()
    var previous = sigset_t()
    sigemptyset(&stop)
    sigaddset(&stop, SIGTSTP)
    pthread_sigmask(SIG_UNBLOCK, &stop, &previous)
    raise(SIGTSTP)
    pthread_sigmask(SIG_SETMASK, &previous, nil)
    mode.enterRaw()
    write(ANSI.enter)
  }

  /// The ticks of the spinner's clock, as events.
  func tick() {
    continuation.yield(.tick)
  }

  /// Feeds an event from elsewhere (a view model changed).
  func post(_ event: TerminalEvent) {
    continuation.yield(event)
  }

  private func readInput() {
    // A paste arrives in as few reads as the terminal allows: each read is one event, one frame.
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
    guard count > 0 else {
      if count == 0 || (errno != EAGAIN && errno != EINTR) {
        sources.withLock { $0.first?.cancel() }
        continuation.yield(.inputClosed)
      }
      return
    }
    let (keys, waiting, received) = decoder.withLock { decoder in
      (decoder.decode(buffer.prefix(count)), decoder.hasPending, decoder.received)
    }
    for event in TerminalEvent.events(of: keys) { continuation.yield(event) }
    if waiting {
      // A lone Esc: if nothing follows soon, it is the Escape key, not a sequence. A flush
      // planned before more bytes came must not cut the newer key short.
      queue.asyncAfter(deadline: .now() + .milliseconds(40)) { [weak self] in
        guard let self else { return }
        let keys = self.decoder.withLock { $0.flush(ifNothingSince: received) }
        if !keys.isEmpty { self.continuation.yield(.keys(keys)) }
      }
    }
  }
}
