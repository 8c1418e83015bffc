// swift-tools-version: 6.2
import PackageDescription

// An adopter's test package, kept for CI: its test file is written against the API of ff49d8a,
// before the first version, and must compile unchanged against every change that does not list
// a break in the CHANGELOG. It depends on this repository by path, as any adopter does by URL.
let package = Package(
  name: "AdopterFixture",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(name: "FeedStoreSpecs", path: "../..")
  ],
  targets: [
    .testTarget(
      name: "AdopterFixtureTests",
      dependencies: [.product(name: "FeedStoreSpecs", package: "FeedStoreSpecs")]
    )
  ],
  swiftLanguageModes: [.v6]
)
