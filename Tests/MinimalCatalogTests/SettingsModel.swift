import ContractSpecs

/// The contract in executable form: the state is what each key holds.
struct SettingsModel: ContractModel {
  enum Operation: Hashable, Sendable {
    case set(key: Int, value: Int?)
    case read(key: Int)
  }

  let factory: any SettingsFactory

  var contractName: String { "SettingsStore" }
  var initialState: [Int: Int] { [:] }

  func makeInstance() async throws -> any SettingsStore { try await factory.makeStore() }

  func operation(on instance: Int, in state: [Int: Int], using draw: inout ModelDraw)
    -> Operation
  {
    let key = draw.index(below: 3)
    guard draw.chance(1, in: 2) else { return .read(key: key) }
    return .set(key: key, value: draw.chance(1, in: 4) ? nil : draw.index(below: 9))
  }

  func perform(_ operation: Operation, on store: any SettingsStore) async throws -> String? {
    switch operation {
    case .set(let key, let value):
      try await store.set(value.map(String.init), for: "key \(key)")
      return nil
    case .read(let key):
      return try await store.value(for: "key \(key)")
    }
  }

  func expectation(of operation: Operation, on instance: Int, in state: [Int: Int])
    -> ModelExpectation<String?, [Int: Int]>
  {
    switch operation {
    case .set(let key, let value):
      var next = state
      next[key] = value
      return .returns(nil, then: next)
    case .read(let key):
      return .returns(state[key].map(String.init), then: state)
    }
  }
}
