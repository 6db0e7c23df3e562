/// How short of memory the system says it is.
enum MemoryPressure: Sendable, Equatable {
  /// Memory is getting short: give back what is cheap to rebuild.
  case warning
  /// Memory is nearly gone: give back everything that can be rebuilt.
  case critical
}
