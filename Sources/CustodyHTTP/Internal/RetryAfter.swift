import Foundation

/// Reads the `Retry-After` header (RFC 9110 §10.2.3): a number of seconds, or an HTTP date.
enum RetryAfter {
  /// The delay the header asks for, measured from `now`; `nil` when absent or unreadable.
  /// A date in the past asks for no delay.
  static func delay(in headers: HTTPHeaders, now: Date) -> Duration? {
    guard let value = headers["Retry-After"]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
    if let seconds = Int(value) { return seconds >= 0 ? .seconds(seconds) : nil }
    guard let date = httpDate(value) else { return nil }
    let interval = max(0, date.timeIntervalSince(now))
    return .milliseconds(Int64((interval * 1000).rounded(.up)))
  }

  /// Parses the three date formats RFC 9110 §5.6.7 tells recipients to accept.
  static func httpDate(_ value: String) -> Date? {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
      formatter.dateFormat = format
      if let date = formatter.date(from: value) { return date }
    }
    return nil
  }
}
