import SwiftSyntax

/// CA007: a main-actor repository, service, client or API type, or a protocol so named.
///
/// Protocols whose names speak of UI (`View`, `Screen`, `Delegate`, `DataSource`, `Presenter`,
/// `Coordinator`, `Router`, `Controller`, `Scene`, `Display`, `Navigat…`, `Representable`,
/// `Cell`, `UI`) are left alone: a screen's protocol may well be main-actor. A type is a service
/// when its name ends in `Repository`, `Service`, `Client`, `API`, `Api`, `Gateway`, `Fetcher`,
/// `Loader`, `Downloader` or `Uploader`. `Store` and `Manager` are not on the list: in many apps
/// a store is the UI's state container, and "manager" names anything.
enum IsolatedServiceRule {
  static let serviceSuffixes = [
    "Repository", "Service", "Client", "API", "Api", "Gateway", "Fetcher", "Loader", "Downloader", "Uploader",
  ]
  static let interfaceWords = [
    "View", "Screen", "Delegate", "DataSource", "Presenter", "Coordinator", "Router", "Controller", "Scene",
    "Display", "Navigat", "Representable", "Cell", "UI", "Handler", "Lifecycle", "Window", "Link",
  ]

  static func check(_ protocolDecl: ProtocolDeclSyntax, in file: FileContext) -> [Finding] {
    let name = protocolDecl.name.text
    guard !interfaceWords.contains(where: name.contains) else { return [] }
    // A main-actor protocol of the model or the UI (`Container`, `UndoableCommand`,
    // `SidebarItem`) is often right: only one named like a service is a finding.
    if isService(name), let attribute = protocolDecl.attributes.mainActorAttribute {
      return [
        file.finding(
          .isolatedService, at: attribute,
          "@MainActor on the protocol '\(name)' puts every conformer, fakes included, on the main actor; make it "
            + "nonisolated and Sendable")
      ]
    }
    guard isService(name), file.module.defaultIsolation == .mainActor,
      DeclaredIsolation(attributes: protocolDecl.attributes, modifiers: protocolDecl.modifiers).runsWithType
    else { return [] }
    return [
      file.finding(
        .isolatedService, at: protocolDecl.name,
        "the protocol '\(name)' is main-actor by the module's default isolation; mark it nonisolated and Sendable")
    ]
  }

  static func check(_ type: some DeclGroupSyntax & NamedDeclSyntax, in file: FileContext) -> [Finding] {
    let name = type.name.text
    guard isService(name), !type.is(ActorDeclSyntax.self), file.typeIsolation(of: Syntax(type)) == true else {
      return []
    }
    // An observable model is the UI's state, whatever its name (`TimelineFetcher`): the main
    // actor is its place.
    let inherited = type.inheritanceClause?.names ?? []
    if type.attributes.contains("Observable") || inherited.contains("ObservableObject") { return [] }
    let fix = "make it a nonisolated Sendable type and give its state to an owner"
    if let attribute = type.attributes.mainActorAttribute {
      return [
        file.finding(.isolatedService, at: attribute, "@MainActor on '\(name)' runs its work on the main actor; \(fix)")
      ]
    }
    let why =
      file.module.defaultIsolation == .mainActor
      ? "by the module's default isolation" : "through what it inherits"
    return [file.finding(.isolatedService, at: type.name, "'\(name)' is main-actor \(why); \(fix)")]
  }

  private static func isService(_ name: String) -> Bool { serviceSuffixes.contains(where: name.hasSuffix) }
}

extension AttributeListSyntax {
  /// The `@MainActor` attribute, if written.
  var mainActorAttribute: AttributeSyntax? {
    for element in self {
      if case .attribute(let attribute) = element,
        attribute.attributeName.trimmedDescription.lastNameComponent == "MainActor"
      {
        return attribute
      }
    }
    return nil
  }
}
