// swift-tools-version: 6.2
import PackageDescription

// A small app screen that adopts Custody the way the "Adopting Custody in an app" article
// teaches, and its tests. It depends on the library as another package would, so it can use
// only the public products (Custody, CustodyHTTP, CustodyTesting) and their public API.
let package = Package(
  name: "Adopting",
  platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  dependencies: [.package(name: "Custody", path: "../..")],
  targets: [
    .target(name: "Shop", dependencies: [.product(name: "Custody", package: "Custody")]),
    .testTarget(
      name: "ShopTests",
      dependencies: [
        "Shop", .product(name: "Custody", package: "Custody"), .product(name: "CustodyTesting", package: "Custody"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .enableUpcomingFeature("ExistentialAny"),
      .enableUpcomingFeature("MemberImportVisibility"),
      .enableUpcomingFeature("InferIsolatedConformances"),
      .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    ]
}
