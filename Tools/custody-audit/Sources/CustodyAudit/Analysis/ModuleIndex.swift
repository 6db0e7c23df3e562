/// What the first pass learned about every module, resolved: which types and protocols are
/// main-actor, and which synchronous functions do heavy work, directly or through others.
///
/// Names resolve within their module first, then among all audited files, so a view in one
/// target sees the view model of another.
struct ModuleIndex: Sendable {
  struct Table: Sendable {
    var types: [String: TypeRecord] = [:]
    var extensions: [String: [ExtensionRecord]] = [:]
    /// Function ids by `owner.name` (`.name` for free functions) and by bare name.
    var membersByOwner: [String: [Int]] = [:]
    var membersByName: [String: [Int]] = [:]
    var mainActorTypes: Set<String> = []
    /// Function ids by the type they are members of.
    var functionsByOwner: [String: [Int]] = [:]
  }

  let defaultIsolation: [Module: DefaultIsolation]
  private(set) var tables: [Module: Table] = [:]
  private(set) var everywhere = Table()
  let functions: [FunctionRecord]
  /// The module each function is declared in, by id.
  let functionModules: [Module]
  /// Why each heavy function is heavy, by id.
  var heavy: [Int: HeavyReason] = [:]

  init(_ files: [(module: Module, declarations: FileDeclarations)]) {
    var functions: [FunctionRecord] = []
    var functionModules: [Module] = []
    var defaults: [Module: DefaultIsolation] = [:]
    for (module, declarations) in files {
      defaults[module] = module.defaultIsolation
      var table = tables[module] ?? Table()
      for type in declarations.types {
        table.types[type.name] = type
        everywhere.types[type.name] = everywhere.types[type.name] ?? type
      }
      for record in declarations.extensions {
        table.extensions[record.name, default: []].append(record)
        everywhere.extensions[record.name, default: []].append(record)
      }
      for function in declarations.functions {
        let id = functions.count
        functions.append(function)
        functionModules.append(module)
        let key = "\(function.owner ?? "").\(function.name)"
        table.membersByOwner[key, default: []].append(id)
        everywhere.membersByOwner[key, default: []].append(id)
        if let owner = function.owner { table.functionsByOwner[owner, default: []].append(id) }
        if function.owner != nil {
          table.membersByName[function.name, default: []].append(id)
          everywhere.membersByName[function.name, default: []].append(id)
        }
      }
      tables[module] = table
    }
    self.functions = functions
    self.functionModules = functionModules
    self.defaultIsolation = defaults
    resolveMainActorTypes()
    resolveHeavyFunctions()
  }

  // MARK: Task handles

  /// Whether a member of `owner` cancels the stored handle `name`; with `outsideStart`, one
  /// that does not also start it, as `deinit`, `stop()` or `viewDidDisappear` do.
  func cancels(_ name: String, owner: String, in module: Module, outsideStart: Bool) -> Bool {
    (tables[module]?.functionsByOwner[owner] ?? []).contains { id in
      let handles = functions[id].handles
      return handles.cancels.contains(name) && !(outsideStart && handles.starts.contains(name))
    }
  }

  // MARK: Types

  /// Whether the type or protocol `name`, seen from `module`, is main-actor. A name declared
  /// nowhere audited is main-actor when it is a known UI framework type.
  func isMainActor(type name: String, in module: Module) -> Bool? {
    if tables[module]?.types[name] != nil { return tables[module]?.mainActorTypes.contains(name) }
    if everywhere.types[name] != nil { return everywhere.mainActorTypes.contains(name) }
    if KnownFrameworks.mainActorProtocols.contains(name) || KnownFrameworks.mainActorClasses.contains(name) {
      return true
    }
    return nil
  }

  func type(named name: String, in module: Module) -> TypeRecord? {
    tables[module]?.types[name] ?? everywhere.types[name]
  }

  /// Main-actor types reach a fixed point: a subclass of a main-actor class, or a type that
  /// conforms to a main-actor protocol in its declaration, is main-actor too.
  private mutating func resolveMainActorTypes() {
    var changed = true
    while changed {
      changed = false
      for (module, table) in tables {
        for (name, type) in table.types where !table.mainActorTypes.contains(name) {
          guard isMainActor(type, in: module) else { continue }
          tables[module]!.mainActorTypes.insert(name)
          everywhere.mainActorTypes.insert(name)
          changed = true
        }
      }
    }
  }

  private func isMainActor(_ type: TypeRecord, in module: Module) -> Bool {
    switch type.isolation {
    case .mainActor: return true
    case .nonisolated, .elsewhere: return false
    case .unstated: break
    }
    if type.kind == .actor { return false }
    if type.inherited.contains(where: { isMainActor(type: $0, in: module) == true }) { return true }
    return module.defaultIsolation == .mainActor
  }
}
