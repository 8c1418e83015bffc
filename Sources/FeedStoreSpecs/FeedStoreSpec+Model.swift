import FeedCache
import Foundation

extension FeedStoreSpec {
  static let modelSpecs: [FeedStoreSpec] = [
    FeedStoreSpec(
      "model_randomOperationsMatchTheContract", .core,
      "Random insert, delete, retrieve, reopen and fault sequences deliver what the contract's "
        + "model says."
    ) { (factory: any FeedStoreFactory) in
      let configuration = try ModelCheck.Configuration.from(
        environment: ProcessInfo.processInfo.environment, profile: FeedStoreSpecProfile.current)

      try await ModelCheck(factory: factory, configuration: configuration).run()
    }
  ]
}
