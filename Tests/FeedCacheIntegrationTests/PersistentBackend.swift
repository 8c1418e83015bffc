import FeedStoreBackends
import Testing

/// A registered backend whose stores share storage through their directory, as a test argument.
struct PersistentBackend: Sendable, CustomTestStringConvertible {
  /// Every persistent backend of ``FeedStoreBackend/all``: registering a backend adds it here.
  static let all: [PersistentBackend] = FeedStoreBackend.all.filter(\.isPersistent).map {
    PersistentBackend(backend: $0)
  }

  let backend: FeedStoreBackend

  var testDescription: String { backend.name }
}
