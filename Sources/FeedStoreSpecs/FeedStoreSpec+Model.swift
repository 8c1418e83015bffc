import FeedCache
import Foundation
import Testing

extension FeedStoreSpec {
  static let modelSpecs: [FeedStoreSpec] = [
    core(
      "model_randomOperationsMatchTheContract",
      "Random insert, delete, retrieve, reopen and fault sequences deliver what the contract's model says."
    ) { factory, sourceLocation in
      let configuration = try ModelCheck.Configuration.from(
        environment: ProcessInfo.processInfo.environment)

      try await ModelCheck(factory: factory, configuration: configuration)
        .run(sourceLocation: sourceLocation)
    }
  ]
}
