/// Formats instants as DummyJSON does (`2024-05-23T08:56:21.618Z`) without a date formatter,
/// so encoding is fast and the text is identical on every platform.
enum ISO8601Milliseconds {
  /// The text for `milliseconds` since 1970-01-01T00:00:00Z (years 0 through 9999).
  static func string(fromMilliseconds milliseconds: Int64) -> String {
    let millisecondsPerDay: Int64 = 86_400_000
    var days = milliseconds / millisecondsPerDay
    var rest = milliseconds % millisecondsPerDay
    if rest < 0 {
      rest += millisecondsPerDay
      days -= 1
    }
    let (year, month, day) = civilDate(daysSinceEpoch: days)
    let seconds = rest / 1_000
    var bytes: [UInt8] = []
    bytes.reserveCapacity(24)
    append(year, width: 4, to: &bytes, then: "-")
    append(month, width: 2, to: &bytes, then: "-")
    append(day, width: 2, to: &bytes, then: "T")
    append(seconds / 3_600, width: 2, to: &bytes, then: ":")
    append(seconds / 60 % 60, width: 2, to: &bytes, then: ":")
    append(seconds % 60, width: 2, to: &bytes, then: ".")
    append(rest % 1_000, width: 3, to: &bytes, then: "Z")
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Howard Hinnant's `civil_from_days`: the proleptic Gregorian date of a day number.
  private static func civilDate(daysSinceEpoch: Int64) -> (Int64, Int64, Int64) {
    let z = daysSinceEpoch + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// Appends the last `width` decimal digits of `value`, zero-padded, then `separator`.
  private static func append(_ value: Int64, width: Int, to bytes: inout [UInt8], then separator: Unicode.Scalar) {
    var divisor: Int64 = 1
    for _ in 1..<width { divisor *= 10 }
    var value = value
    while divisor > 0 {
      bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
      value %= divisor
      divisor /= 10
    }
    bytes.append(UInt8(ascii: separator))
  }
}
