// swift-tools-version: 6.2
// 6.2 is the first toolchain whose Swift Testing has everything the spec library uses:
// `Attachment.record`, exit tests (`#expect(processExitsWith:)`) and `IssueHandlingTrait` are new
// in 6.2, `TestScoping` in 6.1. An older toolchain refuses the package here, with this line,
// instead of failing deep in our sources.
import PackageDescription

let package = Package(
  name: "FeedStoreSpecs",
  // The newest API any target uses, each from its availability annotation (the toolchain's
  // Swift.swiftinterface and _Concurrency.swiftinterface, and Apple's Foundation reference):
  // `Duration`, `ContinuousClock`, `Task.sleep(for:)` and `Collection.replacing(_:with:)` (stdlib),
  // `URL.appending(path:)`, `URL(filePath:)` and `URL.path(percentEncoded:)` (Foundation): macOS 13,
  // iOS 16, tvOS 16, watchOS 9. `URL(string:encodingInvalidCharacters:)` (macOS 14, iOS 17) is
  // used behind `#available`, with `URL(string:)`, which is the same strict parser before those
  // releases. Exit tests, and so `verifyInChildProcess`, exist on macOS and Linux, not on iOS,
  // tvOS, watchOS or visionOS, where Swift Testing marks them unavailable.
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "FeedCache", targets: ["FeedCache"]),
    .library(name: "FeedCacheInMemory", targets: ["FeedCacheInMemory"]),
    .library(name: "FeedCacheJSONFile", targets: ["FeedCacheJSONFile"]),
    .library(name: "FeedCacheSQLite", targets: ["FeedCacheSQLite"]),
    .library(name: "ContractSpecs", targets: ["ContractSpecs"]),
    .library(name: "FeedStoreSpecs", targets: ["FeedStoreSpecs"]),
    .library(name: "FeedStoreTestDoubles", targets: ["FeedStoreTestDoubles"]),
    .library(name: "FeedStoreBenchmark", targets: ["FeedStoreBenchmark"]),
    .library(name: "FeedStoreBenchmarkReferences", targets: ["FeedStoreBenchmarkReferences"]),
    .executable(name: "feedstore-bench", targets: ["FeedStoreBench"]),
  ],
  targets: [
    // The domain: the `FeedStore` contract and its values.
    .target(name: "FeedCache"),

    // Backends.
    .target(name: "FeedCacheInMemory", dependencies: ["FeedCache"]),
    // What both durable backends share and no adopter sees: blocking work off the cooperative
    // pool, waiting for a lock, and what stands at a path that a store did not make, with the
    // sentence that refuses it. Not a product.
    .target(name: "DurableStoreSupport"),
    .target(name: "FeedCacheJSONFile", dependencies: ["DurableStoreSupport", "FeedCache"]),
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
    ),
    .target(
      name: "FeedCacheSQLite", dependencies: ["CSQLite", "DurableStoreSupport", "FeedCache"]),

    // The spec engine for any contract: specs, capabilities, profiles, time bounds, child
    // processes, known deviations, traits, the model-based checker. Nothing about feeds.
    .target(name: "ContractSpecs", dependencies: ["CProcessControl", "SharedSupport"]),
    // What the engine's child processes and their parents need of the system that Swift does
    // not import: child subreapers, process file descriptors, the children of a process, a
    // socket's peer, and the signal handlers that end a child's descendants. Not a product.
    .target(name: "CProcessControl"),
    // The reusable spec suite that any `FeedStore` runs from Swift Testing: one catalog on the
    // engine.
    .target(name: "FeedStoreSpecs", dependencies: ["ContractSpecs", "FeedCache"]),
    // What the engine, the spec library, the tests, the benchmark and the crash writer share,
    // once: the seeded generator, scratch directories and a lock. Nothing about feeds; not a
    // product.
    .target(name: "SharedSupport"),
    // Test doubles for the code that uses a store: a spy and a fault-injecting decorator.
    .target(name: "FeedStoreTestDoubles", dependencies: ["FeedCache"]),

    // Every backend of this repository, once, for the benchmark and the tests. It does not
    // depend on the spec library, so the benchmark never links Swift Testing.
    .target(
      name: "FeedStoreBackends",
      dependencies: ["FeedCache", "FeedCacheInMemory", "FeedCacheJSONFile", "FeedCacheSQLite"]
    ),
    // Test support: each backend's factory with its real faults, and the conformance cases, one
    // per backend that FeedStoreBackends registers (and re-exports).
    .target(
      name: "FeedStoreRegistry",
      dependencies: ["FeedStoreBackends", "FeedStoreSpecs", "SharedSupport"]
    ),

    // The benchmark of any store, beside the floors. Its engine (options, workloads, statistics,
    // baselines, renderers) is a module its tests use; the product adopters depend on adds
    // `BenchmarkCommand.main`, the child-process memory probe and the allocation counter, which
    // no test may link. Neither needs SQLite: the reference backends and the SQLite C API floors
    // are a product of their own, added only by those who want those rows.
    .target(
      name: "FeedStoreBenchmarkCore",
      dependencies: ["FeedCache", "SharedSupport", "CProcessorAffinity"],
      path: "Benchmarks/FeedStoreBenchmarkCore"
    ),
    .target(
      name: "FeedStoreBenchmark",
      dependencies: [
        "FeedCache", "FeedStoreBenchmarkCore", "SharedSupport", "CAllocationCounter",
      ],
      path: "Benchmarks/FeedStoreBenchmark"
    ),
    .target(
      name: "FeedStoreBenchmarkReferences",
      dependencies: [
        "FeedCache", "FeedCacheSQLite", "FeedStoreBackends", "FeedStoreBenchmarkCore", "CSQLite",
      ],
      path: "Benchmarks/FeedStoreBenchmarkReferences"
    ),
    // `feedstore-bench`: the library's driver for this package's backends, one call in main.
    .executableTarget(
      name: "FeedStoreBench",
      dependencies: ["FeedStoreBenchmark", "FeedStoreBenchmarkReferences"],
      path: "Benchmarks/FeedStoreBench"
    ),
    // Counts the benchmark's heap allocations by wrapping malloc (glibc only); only benchmark
    // executables link it, through FeedStoreBenchmark, never a test.
    .target(name: "CAllocationCounter", path: "Benchmarks/CAllocationCounter"),
    // Moves a comparison's workers onto one processor per round (Linux only), which Swift cannot
    // ask for itself: sched_setaffinity needs _GNU_SOURCE.
    .target(name: "CProcessorAffinity", path: "Benchmarks/CProcessorAffinity"),

    .testTarget(
      name: "FeedStoreConformanceTests",
      dependencies: ["FeedStoreRegistry", "FeedStoreSpecs", "SharedSupport"]
    ),
    .testTarget(
      name: "ContractSpecsTests",
      dependencies: ["ContractSpecs", "SharedSupport"]
    ),
    // The minimal catalog the DocC article "Writing a catalog" shows, file by file, on the
    // engine's public API alone: it compiles, and its self-test passes, as written.
    .testTarget(name: "MinimalCatalogTests", dependencies: ["ContractSpecs"]),
    .testTarget(
      name: "FeedStoreSpecsTests",
      dependencies: ["FeedCache", "FeedStoreSpecs", "SharedSupport"]
    ),
    .testTarget(
      name: "FeedCacheInMemoryTests",
      dependencies: ["FeedCache", "FeedCacheInMemory", "FeedStoreSpecs"]
    ),
    .testTarget(
      name: "FeedCacheJSONFileTests",
      dependencies: [
        "FeedCache", "FeedCacheJSONFile", "FeedStoreRegistry", "FeedStoreSpecs", "SharedSupport",
      ]
    ),
    .testTarget(
      name: "FeedCacheSQLiteTests",
      dependencies: [
        "FeedCache", "FeedCacheSQLite", "FeedStoreRegistry", "FeedStoreSpecs", "SharedSupport",
      ]
    ),
    .testTarget(
      name: "FeedCacheTests",
      dependencies: ["FeedCache", "FeedStoreTestDoubles"]
    ),
    .testTarget(
      name: "DurableStoreSupportTests",
      dependencies: ["DurableStoreSupport", "SharedSupport"]
    ),
    .testTarget(
      name: "FeedStoreTestDoublesTests",
      dependencies: ["FeedCache", "FeedCacheInMemory", "FeedStoreTestDoubles"]
    ),
    // The use cases on every persistent backend, with real storage.
    .testTarget(
      name: "FeedCacheIntegrationTests",
      dependencies: ["FeedCache", "FeedStoreBackends", "SharedSupport"]
    ),
    .testTarget(
      name: "FeedStoreBenchTests",
      dependencies: [
        "FeedCache", "FeedStoreBackends", "FeedStoreBenchmarkCore", "FeedStoreBenchmarkReferences",
        "SharedSupport",
      ]
    ),
    // A factory declared in one module, whose capabilities a test target declares in extensions.
    .target(
      name: "CrossModuleFactoryFixture",
      dependencies: ["FeedCache", "FeedStoreSpecs"],
      path: "Tests/CrossModuleFactoryFixture"
    ),
    .testTarget(
      name: "CrossModuleCapabilityTests",
      dependencies: ["CrossModuleFactoryFixture", "FeedStoreSpecs"]
    ),
    // Compiles the snippets of docs/Clients.md against the public API only.
    .testTarget(
      name: "ClientsExampleTests",
      dependencies: ["FeedCache", "FeedCacheInMemory", "FeedStoreTestDoubles"]
    ),
    // Compiles the README's adoption snippets against the public API, declaring only FeedStoreSpecs
    // as an adopter's test target does (the store here stands in for one of their own).
    .testTarget(
      name: "AdoptionExampleTests",
      dependencies: ["FeedStoreSpecs"]
    ),
    // The store that docs/GettingStarted.md has a new user write, and the docs' test snippets,
    // each file exactly as a docs page shows it (`.ci/check-doc-snippets.py`).
    .target(
      name: "MyFeedCache",
      dependencies: ["FeedCache"],
      path: "Tests/DocsSnippets/MyFeedCache"
    ),
    .testTarget(
      name: "DocsSnippetsTests",
      dependencies: ["FeedStoreSpecs", "MyFeedCache"]
    ),

    // The kill test: a child process that inserts a large feed, and the test that kills it
    // with SIGKILL mid-insert and checks the storage (run with FEEDSTORE_KILL_TESTS=1).
    .executableTarget(
      name: "FeedStoreCrashWriter",
      dependencies: ["FeedCache", "FeedStoreBackends", "SharedSupport"]
    ),
    .testTarget(
      name: "FeedStoreCrashSafetyTests",
      dependencies: ["FeedCache", "FeedStoreBackends", "FeedStoreCrashWriter", "SharedSupport"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
