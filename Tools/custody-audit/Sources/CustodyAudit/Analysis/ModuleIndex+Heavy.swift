/// Why a synchronous function counts as heavy: what it does, and through which calls.
struct HeavyReason: Sendable {
  let operation: HeavyOperation
  /// The functions between the one called and the one that does the work, in call order.
  let through: [String]
}

extension ModuleIndex {
  /// The heavy synchronous function a call reaches, with why it is heavy, or `nil`.
  ///
  /// - Parameters:
  ///   - call: The call.
  ///   - owner: The type the call is written in, for calls on `self` or with no receiver.
  ///   - module: The module the call is written in.
  func heavyCallee(of call: CallReference, owner: String?, in module: Module) -> (name: String, reason: HeavyReason)? {
    heavyFunction(of: call, owner: owner, in: module).map { (functions[$0.id].name, $0.reason) }
  }

  /// The id of the heavy synchronous function a call reaches, with why it is heavy, or `nil`.
  func heavyFunction(of call: CallReference, owner: String?, in module: Module) -> (id: Int, reason: HeavyReason)? {
    let candidates = self.candidates(for: call, owner: owner, in: module)
    guard !candidates.isEmpty else { return nil }
    let reasons = candidates.map { heavy[$0] }
    // A call on a value of unknown type is heavy only when every function it could be is.
    if case .value = call.receiver, reasons.contains(where: { $0 == nil }) { return nil }
    guard let index = reasons.firstIndex(where: { $0 != nil }), let reason = reasons[index] else { return nil }
    return (candidates[index], reason)
  }

  /// Whether the function `id` runs on the main actor itself: stated, or by its type or module.
  func runsOnMainActor(_ id: Int) -> Bool {
    let function = functions[id]
    let module = functionModules[id]
    switch function.isolation {
    case .mainActor: return true
    case .nonisolated, .elsewhere: return false
    case .unstated: break
    }
    guard let owner = function.owner else { return module.defaultIsolation == .mainActor }
    return isMainActor(type: owner, in: module) ?? (module.defaultIsolation == .mainActor)
  }

  /// The synchronous functions `call` may reach, declared anywhere audited, that run on their
  /// caller's executor: no async functions, no members of actors or of other global actors.
  func candidates(for call: CallReference, owner: String?, in module: Module) -> [Int] {
    func lookUp(_ key: String, byName: Bool = false) -> [Int] {
      let local = byName ? tables[module]?.membersByName[key] : tables[module]?.membersByOwner[key]
      return local ?? (byName ? everywhere.membersByName[key] : everywhere.membersByOwner[key]) ?? []
    }
    var ids: [Int]
    switch call.receiver {
    case .implicit:
      ids = owner.map { lookUp("\($0).\(call.name)") } ?? []
      if ids.isEmpty { ids = lookUp(".\(call.name)") }
    case .selfValue:
      ids = owner.map { lookUp("\($0).\(call.name)") } ?? []
    case .type(let type):
      // `Array(…)`, `String(…)`: the standard library's initializers, not an app's extension
      // of the same type (an `init?(rawValue:)` on `Array` is no JSON decoding at every `Array(x)`).
      if ModuleIndex.standardTypes.contains(type) { return [] }
      ids = lookUp("\(type).\(call.name)")
    case .value:
      ids = lookUp(call.name, byName: true)
    }
    let fitting = ids.filter { id in
      let function = functions[id]
      return !function.isAsync && call.fits(function.labels) && runsOnCaller(function, in: module)
    }
    // `pick(x)` means `pick(_:)` rather than `pick(_:of:)` with a default, where both exist.
    let exact = fitting.filter { functions[$0].labels.count == call.labels.count }
    // On a value of unknown type the name may as well be the standard library's (`ids.sorted()`
    // is not `sorted(by:)` of some type here): only a declaration with exactly these labels counts.
    if case .value = call.receiver { return exact.filter { functions[$0].labels == call.labels } }
    return exact.isEmpty ? fitting : exact
  }

  /// Types of the standard library and Foundation whose own initializers and members a call
  /// most likely means.
  static let standardTypes: Set<String> = [
    "Array", "Dictionary", "Set", "String", "Substring", "Int", "Double", "Float", "Bool", "Character",
    "Data", "Date", "URL", "UUID", "Optional", "Result", "ContiguousArray", "ArraySlice", "Range",
  ]

  private func runsOnCaller(_ function: FunctionRecord, in module: Module) -> Bool {
    if case .elsewhere = function.isolation { return false }
    guard let owner = function.owner, let type = type(named: owner, in: module) else { return true }
    if type.kind == .actor { return false }
    if case .elsewhere = type.isolation { return false }
    return true
  }

  /// A function is heavy when it does heavy work itself, or calls one that does: one level of
  /// helpers, so a finding stays near the work instead of following every path of a call graph
  /// (a UI's `draw → frame → lines → detail` would otherwise make every caller of `draw` heavy).
  mutating func resolveHeavyFunctions() {
    for (id, function) in functions.enumerated() where !function.isAsync {
      if let operation = function.operations.first { heavy[id] = HeavyReason(operation: operation, through: []) }
    }
    var indirect: [Int: HeavyReason] = [:]
    for (id, function) in functions.enumerated() where heavy[id] == nil && !function.isAsync {
      let module = functionModules[id]
      for call in function.calls {
        guard let (name, reason) = heavyCallee(of: call, owner: function.owner, in: module) else { continue }
        indirect[id] = HeavyReason(operation: reason.operation, through: [name])
        break
      }
    }
    heavy.merge(indirect) { direct, _ in direct }
  }
}
