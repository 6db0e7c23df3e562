import TestSupport

extension PseudoTerminal {
  /// A wait that ended without what it waited for: what that was, why it stopped, and the last
  /// screen the program drew (or the end of its output, before a first whole frame).
  struct WaitError: Error, CustomStringConvertible {
    let waitingFor: String
    let reason: WaitFailureReason
    let screen: String

    init(waitingFor: String, reason: WaitFailureReason, output: [UInt8]) {
      self.waitingFor = waitingFor
      self.reason = reason
      let text = String(decoding: output, as: UTF8.self)
      let frame = PseudoTerminal.lastFrame(in: text)
      screen =
        frame.isEmpty
        ? "(no whole frame; the output ends with) " + PseudoTerminal.plain(String(text.suffix(1_000))).debugDescription
        : frame.joined(separator: "\n")
    }

    var description: String { "gave up waiting for \(waitingFor): \(reason). The last screen:\n\(screen)" }
  }
}
