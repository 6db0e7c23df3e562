import SwiftSyntax

/// A stored property of a type, wherever it is written in the member block (`#if` included).
struct StoredProperty {
  let name: String
  let isVariable: Bool
  let isStatic: Bool
  let type: TypeSyntax?
  let initializer: ExprSyntax?
  let declaration: VariableDeclSyntax
  let binding: PatternBindingSyntax

  /// The stored properties of `members`, nested types left out.
  static func all(in members: MemberBlockItemListSyntax) -> [StoredProperty] {
    var properties: [StoredProperty] = []
    for item in members {
      if let variable = item.decl.as(VariableDeclSyntax.self) {
        properties += of(variable)
      } else if let conditional = item.decl.as(IfConfigDeclSyntax.self) {
        for clause in conditional.clauses {
          if case .decls(let nested) = clause.elements { properties += all(in: nested) }
        }
      }
    }
    return properties
  }

  private static func of(_ variable: VariableDeclSyntax) -> [StoredProperty] {
    let isVariable = variable.bindingSpecifier.tokenKind == .keyword(.var)
    var typeAnnotation: TypeSyntax?
    // In `var a, b: Int` the type is written once, on the last binding.
    var found: [StoredProperty] = []
    for binding in variable.bindings.reversed() {
      if let annotation = binding.typeAnnotation { typeAnnotation = annotation.type }
      guard binding.isStored, let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
      found.append(
        StoredProperty(
          name: pattern.identifier.text, isVariable: isVariable, isStatic: variable.modifiers.isStatic,
          type: typeAnnotation, initializer: binding.initializer?.value, declaration: variable, binding: binding))
    }
    return found.reversed()
  }

  /// The text the property's kind is told from: its type and its initial value.
  var typeAndValue: String {
    [type?.trimmedDescription, initializer?.trimmedDescription].compactMap { $0 }.joined(separator: " = ")
  }

  /// Whether the property holds a lock, a queue used as one, a semaphore or an atomic.
  var holdsLock: Bool {
    let names = [name] + identifiers(in: type) + identifiers(in: initializer)
    return names.contains { name in
      name.contains("Lock") || name.hasPrefix("lock") || name.contains("_lock") || name.lowercased().contains("mutex")
        || name.contains("Atomic") || name == "DispatchQueue" || name == "DispatchSemaphore" || name == "NSCondition"
    }
  }

  private func identifiers(in node: (some SyntaxProtocol)?) -> [String] {
    guard let node else { return [] }
    return node.tokens(viewMode: .sourceAccurate).compactMap { token in
      if case .identifier(let name) = token.tokenKind { return name }
      return nil
    }
  }
}

extension PatternBindingSyntax {
  /// Whether the binding stores a value: no accessors, or only `willSet`/`didSet` observers.
  var isStored: Bool {
    guard let accessors = accessorBlock?.accessors else { return true }
    switch accessors {
    case .getter: return false
    case .accessors(let list):
      return list.allSatisfy {
        $0.accessorSpecifier.tokenKind == .keyword(.willSet) || $0.accessorSpecifier.tokenKind == .keyword(.didSet)
      }
    @unknown default: return false
    }
  }
}
