/// What one benchmark executable can measure: its own stores, which it runs by default, and the
/// reference backends it may set beside them on request.
package struct BenchmarkProgram: Sendable {
  /// The executable's name, as usage lines and reports show it.
  package let name: String
  package let stores: [BenchmarkedStore]
  package let references: [BenchmarkedStore]

  /// Describes a program; ``namingError`` tells whether the command line can select its stores.
  package init(name: String, stores: [BenchmarkedStore], references: [BenchmarkedStore]) {
    (self.name, self.stores, self.references) = (name, stores, references)
  }

  /// Why the command line could not select the stores by name, or `nil` when it can: there is no
  /// store, or a name is empty, holds a comma, is `all`, or is another's, ignoring case.
  var namingError: BenchmarkError? {
    guard !stores.isEmpty else { return BenchmarkError("there is no store to benchmark") }
    var seen: Set<String> = []
    for store in stores + references {
      guard !store.name.isEmpty, !store.name.contains(","), store.name.lowercased() != "all" else {
        return BenchmarkError(
          "'\(store.name)' cannot name a store: a name is not empty, has no comma and is not 'all'")
      }
      guard seen.insert(store.name.lowercased()).inserted else {
        return BenchmarkError("two stores are named '\(store.name)'; give one another name")
      }
    }
    return nil
  }

  /// The floors that the stores and references bring, each once, in the order they come.
  var storeFloors: [WorkloadCatalog.Entry] {
    (stores + references).flatMap(\.floors).reduce(into: []) { floors, entry in
      if !floors.contains(where: { $0.id == entry.id }) {
        floors.append(entry)
      }
    }
  }

  /// The stores and references a run of `configuration` measures, each with the kind of its
  /// rows, the stores first.
  func measured(_ configuration: RunConfiguration) -> [(store: BenchmarkedStore, kind: RowID.Kind)]
  {
    let stores = configuration.stores.compactMap { name in self.stores.first { $0.name == name } }
    let references = configuration.references.compactMap { name in
      self.references.first { $0.name == name }
    }
    return stores.map { ($0, .store) } + references.map { ($0, .reference) }
  }

  /// Every store and reference, with the kind of its rows: what a memory probe may be asked for.
  var everyStore: [(store: BenchmarkedStore, kind: RowID.Kind)] {
    stores.map { ($0, .store) } + references.map { ($0, .reference) }
  }
}
