// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "Custody",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "Custody", targets: ["Custody"]),
    .library(name: "CustodyHTTP", targets: ["CustodyHTTP"]),
    .library(name: "CustodyTesting", targets: ["CustodyTesting"]),
    .library(name: "StorefrontFixtures", targets: ["StorefrontFixtures"]),
    .library(name: "Storefront", targets: ["Storefront"]),
    .library(name: "StorefrontUI", targets: ["StorefrontUI"]),
    .executable(name: "storefront", targets: ["storefront"]),
  ],
  targets: [
    .target(name: "Custody"),
    .target(name: "CustodyHTTP", dependencies: ["Custody"]),
    .target(name: "CustodyTesting", dependencies: ["Custody"]),
    .target(name: "StorefrontFixtures", dependencies: ["Custody", "CustodyHTTP"]),
    .target(name: "Storefront", dependencies: ["Custody", "CustodyHTTP"]),
    .target(name: "StorefrontUI", dependencies: ["Storefront"], resources: [.copy("PrivacyInfo.xcprivacy")]),
    .target(
      name: "StorefrontCLI", dependencies: ["Storefront", "StorefrontFixtures", "Custody", "CustodyHTTP"]),
    .executableTarget(name: "storefront", dependencies: ["StorefrontCLI"]),
    .executableTarget(
      name: "custody-bench",
      dependencies: ["Custody", "CustodyHTTP", "CustodyTesting", "Storefront", "StorefrontFixtures"]),
    // The child process FileStore's crash-safety test kills while it saves.
    .executableTarget(name: "custody-filestore-writer", dependencies: ["Custody"]),
    // Helpers several test targets share; not a product.
    .target(name: "TestSupport", path: "Tests/Support"),
    .testTarget(name: "CustodyTests", dependencies: ["Custody", "CustodyTesting", "custody-filestore-writer"]),
    .testTarget(name: "CustodyTestingTests", dependencies: ["CustodyTesting", "Custody"]),
    .testTarget(name: "CustodyHTTPTests", dependencies: ["CustodyHTTP", "Custody", "CustodyTesting", "TestSupport"]),
    .testTarget(
      name: "StorefrontTests",
      dependencies: ["Storefront", "StorefrontFixtures", "Custody", "CustodyHTTP", "CustodyTesting", "TestSupport"]),
    .testTarget(
      name: "StorefrontFixturesTests", dependencies: ["StorefrontFixtures", "CustodyHTTP", "Custody", "CustodyTesting"]),
    .testTarget(
      name: "StorefrontCLITests",
      dependencies: [
        "StorefrontCLI", "storefront", "Storefront", "StorefrontFixtures", "Custody", "CustodyHTTP", "CustodyTesting",
      ]),
  ],
  swiftLanguageModes: [.v6]
)

// Upcoming language features, on for every target so the whole package reads one way.
for target in package.targets {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .enableUpcomingFeature("ExistentialAny"),
      .enableUpcomingFeature("MemberImportVisibility"),
      .enableUpcomingFeature("InferIsolatedConformances"),
      .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    ]
}
