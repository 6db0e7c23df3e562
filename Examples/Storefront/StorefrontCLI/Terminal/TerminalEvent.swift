/// What the interactive browser reacts to.
enum TerminalEvent: Sendable, Hashable {
  /// The keys of one read, in order: a burst (a paste, a held key, a script) comes as one
  /// event, so the screen is drawn once for it.
  case keys([Key])
  /// The terminal's window gained (`true`) or lost focus: the browser's app events.
  case focus(Bool)
  /// The terminal changed size (SIGWINCH).
  case resized
  /// SIGINT or SIGTERM arrived; the number is the signal's.
  case signal(Int32)
  /// A view model the screen shows changed.
  case stateChanged
  /// The spinner's clock ticked.
  case tick
  /// Standard input ended.
  case inputClosed
}

extension TerminalEvent {
  /// The events of the keys of one read, in order: each run of keys as one ``keys(_:)`` event,
  /// each focus report as a ``focus(_:)`` event, so a report never reaches a text field.
  static func events(of keys: [Key]) -> [TerminalEvent] {
    var events: [TerminalEvent] = []
    var run: [Key] = []
    for key in keys {
      guard case .focus(let gained) = key else {
        run.append(key)
        continue
      }
      if !run.isEmpty { events.append(.keys(run)) }
      run = []
      events.append(.focus(gained))
    }
    if !run.isEmpty { events.append(.keys(run)) }
    return events
  }
}
