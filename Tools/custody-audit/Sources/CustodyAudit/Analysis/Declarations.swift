/// What the first pass learns from one file: the declarations that name resolution needs.
struct FileDeclarations: Sendable {
  var types: [TypeRecord] = []
  var extensions: [ExtensionRecord] = []
  var functions: [FunctionRecord] = []
}

/// A class, struct, enum, actor or protocol.
struct TypeRecord: Sendable {
  enum Kind: Sendable {
    case `class`, `struct`, `enum`, actor, `protocol`
  }

  let name: String
  let kind: Kind
  let isolation: DeclaredIsolation
  /// Inherited names, from the primary declaration only.
  let inherited: [String]
  /// Instance `var`s that store a value (observers allowed, computed properties left out).
  let storedVariables: [String]
  /// Whether a stored property holds a lock, a serial queue or an atomic.
  let holdsLock: Bool
}

/// An extension of a type, with what it states.
struct ExtensionRecord: Sendable {
  let name: String
  let isolation: DeclaredIsolation
  let inherited: [String]
}

/// A function, initializer or computed property, as a candidate helper.
struct FunctionRecord: Sendable {
  /// The base name; `init` for initializers.
  let name: String
  /// The argument labels; `nil` for `_`.
  let labels: [String?]
  /// The type (or extended type) the function is a member of; `nil` at the top level.
  let owner: String?
  let isAsync: Bool
  let isolation: DeclaredIsolation
  /// The CPU-heavy operations the function does itself, inline.
  let operations: [HeavyOperation]
  /// The calls it makes inline.
  let calls: [CallReference]
  /// The stored handles it cancels (`task?.cancel()`) and the ones it starts (`task = Task {`).
  let handles: HandleUse
}

/// How a function uses stored task handles, told from its tokens.
struct HandleUse: Sendable {
  var cancels: Set<String> = []
  var starts: Set<String> = []
}

/// A call, by what the first pass can tell without types.
struct CallReference: Hashable, Sendable {
  enum Receiver: Hashable, Sendable {
    /// `helper()`: a member of the enclosing type, or a free function.
    case implicit
    /// `self.helper()`.
    case selfValue
    /// `Formatter.helper()` or `Row(…)`: a type named in the call.
    case type(String)
    /// `rows.helper()`: a value of unknown type.
    case value
  }

  let receiver: Receiver
  let name: String
  let labels: [String?]
}
