import SwiftSyntax

/// The isolation a declaration states in its attributes and modifiers.
enum DeclaredIsolation: Sendable {
  /// `@MainActor`.
  case mainActor
  /// Another global actor (`@DatabaseActor`), or `@concurrent`, which runs on the pool.
  case elsewhere
  /// `nonisolated`, in any of its forms.
  case nonisolated
  /// Nothing stated: the declaration takes what surrounds it.
  case unstated

  init(attributes: AttributeListSyntax?, modifiers: DeclModifierListSyntax?) {
    if let modifiers, modifiers.contains(where: { $0.name.tokenKind == .keyword(.nonisolated) }) {
      self = .nonisolated
      return
    }
    for name in attributes?.names ?? [] {
      if name == "MainActor" {
        self = .mainActor
        return
      }
      if name == "concurrent" || name.hasSuffix("Actor") {
        self = .elsewhere
        return
      }
    }
    self = .unstated
  }
}

extension AttributeListSyntax {
  /// The names of the attributes, without `@` or arguments, module qualification dropped.
  var names: [String] {
    compactMap { element in
      guard case .attribute(let attribute) = element else { return nil }
      return attribute.attributeName.trimmedDescription.lastNameComponent
    }
  }

  func contains(_ name: String) -> Bool { names.contains(name) }
}

extension String {
  /// `SwiftUI.View<T>` → `View`: the last component of a dotted name, generic arguments dropped.
  var lastNameComponent: String {
    let base = self.split(separator: "<", maxSplits: 1).first.map(String.init) ?? self
    return base.split(separator: ".").last.map(String.init) ?? base
  }
}

extension InheritanceClauseSyntax {
  /// The inherited names, attributes (`@unchecked`, `@preconcurrency`, `@MainActor`) and module
  /// qualification dropped.
  var names: [String] { inheritedTypes.map { $0.type.plainName } }

  /// Whether `@unchecked Sendable` is among the inherited types.
  var uncheckedSendable: InheritedTypeSyntax? {
    inheritedTypes.first { inherited in
      guard let attributed = inherited.type.as(AttributedTypeSyntax.self) else { return false }
      return attributed.attributes.contains("unchecked") && attributed.baseType.plainName == "Sendable"
    }
  }
}

extension TypeSyntax {
  /// The type's name without attributes, module qualification or generic arguments.
  var plainName: String {
    if let attributed = self.as(AttributedTypeSyntax.self) { return attributed.baseType.plainName }
    if let identifier = self.as(IdentifierTypeSyntax.self) { return identifier.name.text }
    if let member = self.as(MemberTypeSyntax.self) { return member.name.text }
    return trimmedDescription.lastNameComponent
  }
}

extension DeclModifierListSyntax {
  var isStatic: Bool {
    contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
  }
}
