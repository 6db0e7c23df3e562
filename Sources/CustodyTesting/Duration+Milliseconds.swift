extension Duration {
  /// The duration in milliseconds, with fractions, for reports.
  package var inMilliseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
  }
}
