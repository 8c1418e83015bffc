import ContractSpecs
import ImageDataCacheSpecs
import ImageDataCaching
import Testing

@Suite(.trackingMemoryLeaks)
struct InMemoryImageDataCacheConformanceTests {
  @Test(arguments: ImageDataCacheSpec.all(for: InMemoryImageDataCacheFactory.self))
  func inMemoryCache_keepsTheContract(_ spec: ImageDataCacheSpec) async throws {
    try await spec.verify(InMemoryImageDataCacheFactory())
  }

  @Test(
    .childProcessesRequested,
    arguments: ImageDataCacheSpec.all(for: InMemoryImageDataCacheFactory.self))
  func inMemoryCache_keepsTheContractInAChildProcess(_ spec: ImageDataCacheSpec) async throws {
    try await spec.verifyInChildProcess(InMemoryImageDataCacheFactory())
  }

  /// A cache in memory can neither fail nor share its storage: it claims neither capability.
  @Test func inMemoryCache_runsTheCoreSpecsOnly() {
    let specs = ImageDataCacheSpec.all(for: InMemoryImageDataCacheFactory.self)

    #expect(Set(specs.map(\.capability.name)) == ["core"])
    #expect(ImageDataCacheSpec.notApplicable(for: InMemoryImageDataCacheFactory.self).isEmpty)
  }
}
