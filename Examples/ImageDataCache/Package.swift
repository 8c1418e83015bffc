// swift-tools-version: 6.2
import PackageDescription

// A second contract on the ContractSpecs engine, beside this repository's own: a cache of image
// data by URL, two implementations, and its catalog of specs, on the engine's public API only.
let package = Package(
  name: "ImageDataCache",
  // The floors of the engine's package, which the specs need. The newest API used here besides,
  // `URL.path(percentEncoded:)`, `URL.appending(path:)` and `URL.host()` (Foundation), is macOS 13,
  // iOS 16, tvOS 16 and watchOS 9 too.
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "ImageDataCaching", targets: ["ImageDataCaching"]),
    .library(name: "ImageDataCacheSpecs", targets: ["ImageDataCacheSpecs"]),
  ],
  dependencies: [
    // The engine's package, by path; a user writes `.package(url: …)`. The name is needed because
    // a path dependency is otherwise known by its directory's name, a clone's.
    .package(name: "FeedStoreSpecs", path: "../..")
  ],
  targets: [
    // The contract, `ImageDataCache`, and its two implementations.
    .target(name: "ImageDataCaching"),
    // The contract's specs: one catalog of the engine, and nothing of the engine's internals.
    .target(
      name: "ImageDataCacheSpecs",
      dependencies: [
        "ImageDataCaching", .product(name: "ContractSpecs", package: "FeedStoreSpecs"),
      ]
    ),
    // Both implementations keep the contract, in this process and in child processes.
    .testTarget(
      name: "ImageDataCacheConformanceTests",
      dependencies: ["ImageDataCaching", "ImageDataCacheSpecs"]
    ),
    // The specs themselves: each fails on a cache that breaks its rule, and passes on a correct
    // cache of a third design.
    .testTarget(
      name: "ImageDataCacheSpecsTests",
      dependencies: ["ImageDataCaching", "ImageDataCacheSpecs"]
    ),
    // What the file-backed cache promises beyond the contract: its errors, links, names.
    .testTarget(
      name: "ImageDataCachingTests",
      dependencies: [
        "ImageDataCaching", .product(name: "ContractSpecs", package: "FeedStoreSpecs"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
