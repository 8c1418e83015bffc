import ContractSpecs
import ImageDataCacheSpecs
import ImageDataCaching
import Testing

@Suite(.temporaryDirectory, .trackingMemoryLeaks)
struct FileImageDataCacheConformanceTests {
  @Test(arguments: ImageDataCacheSpec.all(for: FileImageDataCacheFactory.self))
  func fileCache_keepsTheContract(_ spec: ImageDataCacheSpec) async throws {
    try await spec.verify(FileImageDataCacheFactory(root: TemporaryDirectory.current))
  }

  @Test(
    .childProcessesRequested,
    arguments: ImageDataCacheSpec.all(for: FileImageDataCacheFactory.self))
  func fileCache_keepsTheContractInAChildProcess(_ spec: ImageDataCacheSpec) async throws {
    try await spec.verifyInChildProcess(FileImageDataCacheFactory(root: TemporaryDirectory.current))
  }

  /// Every spec of the catalog applies to the file cache, and it exempts none: were one added,
  /// ``ImageDataCacheSpec/notApplicable(for:)`` would list it, with its reason, here.
  @Test func fileCache_runsEverySpecOfTheCatalog() {
    let specs = ImageDataCacheSpec.all(for: FileImageDataCacheFactory.self)

    #expect(specs.map(\.id) == ImageDataCacheSpec.catalog.map(\.id))
    #expect(ImageDataCacheSpec.notApplicable(for: FileImageDataCacheFactory.self).isEmpty)
  }
}
