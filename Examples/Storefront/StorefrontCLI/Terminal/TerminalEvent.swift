/// What the interactive browser reacts to.
enum TerminalEvent: Sendable, Hashable {
  /// The keys of one read, in order: a burst (a paste, a held key, a script) comes as one
  /// event, so the screen is drawn once for it.
  case keys([Key])
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
