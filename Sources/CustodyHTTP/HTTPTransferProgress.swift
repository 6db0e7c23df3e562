/// How far a download has come.
public struct HTTPTransferProgress: Sendable, Hashable {
  /// The bytes received and written so far.
  public var bytesReceived: Int64
  /// The body's length as the server announced it, or `nil` when it did not (a chunked or
  /// compressed body).
  public var bytesExpected: Int64?

  /// Creates a progress report.
  public init(bytesReceived: Int64, bytesExpected: Int64?) {
    self.bytesReceived = bytesReceived
    self.bytesExpected = bytesExpected
  }

  /// The part done, from 0 to 1, or `nil` when the length is unknown.
  public var fractionCompleted: Double? {
    guard let bytesExpected, bytesExpected > 0 else { return bytesExpected == 0 ? 1 : nil }
    return min(1, Double(bytesReceived) / Double(bytesExpected))
  }
}
