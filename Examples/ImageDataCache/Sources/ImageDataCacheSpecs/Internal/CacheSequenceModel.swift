import ContractSpecs
import Foundation
import ImageDataCaching

/// The contract as a model for the engine's `ModelCheck`: which data each URL holds, as a
/// dictionary, after random inserts and removes on one cache.
///
/// It is the contract's rules, not an implementation's: an insert makes the URL hold the data,
/// a remove makes it hold none, a retrieve delivers what it holds, and nothing else changes.
struct CacheSequenceModel: SequenceModel {
  /// One operation on the cache, on URL `url(number)` with data `payload(number)`.
  enum Step: Hashable, Sendable {
    case insert(payload: Int, url: Int)
    case retrieve(url: Int)
    case remove(url: Int)
  }

  /// How many URLs a sequence uses.
  static let urls = 5
  /// How many different payloads a sequence inserts, payload 0 being empty data.
  static let payloads = 6

  let factory: any ImageDataCacheFactory

  var contractName: String { "ImageDataCache" }
  var instanceName: String { "cache" }
  var codeNote: String? {
    "// url(n) is https://images.example.com/n.png; payload(n) is n × 3 bytes of value n, so "
      + "payload(0) is empty data."
  }

  func steps(ofSequence number: Int, using random: inout SeededRandomNumberGenerator) -> [Step] {
    var steps: [Step] = (0..<(1 + random.index(below: 24))).map { _ in
      let url = 1 + random.index(below: Self.urls)
      switch random.index(below: 20) {
      case 0..<9: return .insert(payload: random.index(below: Self.payloads), url: url)
      case 9..<15: return .retrieve(url: url)
      default: return .remove(url: url)
      }
    }
    steps += (1...Self.urls).map { .retrieve(url: $0) }
    return steps
  }

  func run(_ steps: [Step], onNewInstances: Bool) async throws -> ModelFailure? {
    let cache = try await factory.makeCacheForSpec()
    var holds: [Int: Int] = [:]
    for (index, step) in steps.enumerated() {
      do {
        switch step {
        case .insert(let payload, let url):
          try await cache.insert(Self.payload(payload), for: try Self.url(url), call(of: step))
          holds[url] = payload
        case .retrieve(let url):
          let delivered = try await cache.retrieve(dataFor: try Self.url(url), call(of: step))
          let expected = holds[url].map(Self.payload)
          if let problem = difference(from: expected, to: delivered) {
            return ModelFailure(
              step: index, message: "expected \(describePayload(holds[url])), but \(problem)")
          }
        case .remove(let url):
          try await cache.remove(dataFor: try Self.url(url), call(of: step))
          holds[url] = nil
        }
      } catch {
        return ModelFailure(step: index, message: "expected it to succeed, but it threw: \(error)")
      }
    }
    return nil
  }

  func isWellFormed(_ steps: [Step]) -> Bool { !steps.isEmpty }

  /// The sequence with one insert's payload replaced by payload 1, for each insert of a larger one.
  func simplifications(of steps: [Step]) -> [[Step]] {
    steps.indices.compactMap { index in
      var simpler = steps
      switch steps[index] {
      case .insert(let payload, let url) where payload > 1:
        simpler[index] = .insert(payload: 1, url: url)
      default: return nil
      }
      return simpler
    }
  }

  /// URLs and payloads numbered from 1 in the order they first appear; payload 0 stays empty.
  func normalized(_ steps: [Step]) -> [Step] {
    var urls: [Int: Int] = [:]
    var payloads: [Int: Int] = [0: 0]
    func renumber(_ number: Int, in numbers: inout [Int: Int], from first: Int) -> Int {
      if let renumbered = numbers[number] { return renumbered }
      let renumbered = numbers.count + first
      numbers[number] = renumbered
      return renumbered
    }
    return steps.map { step in
      switch step {
      case .insert(let payload, let url):
        .insert(
          payload: renumber(payload, in: &payloads, from: 0),
          url: renumber(url, in: &urls, from: 1))
      case .retrieve(let url): .retrieve(url: renumber(url, in: &urls, from: 1))
      case .remove(let url): .remove(url: renumber(url, in: &urls, from: 1))
      }
    }
  }

  func code(of steps: [Step], failure: ModelFailure) -> String {
    var holds: [Int: Int] = [:]
    var lines = ["let cache = try await factory.makeCache()"]
    for (index, step) in steps.enumerated() {
      let comment: String
      switch step {
      case .insert(let payload, let url):
        holds[url] = payload
        comment = "url(\(url)) now holds \(describePayload(payload))"
      case .retrieve(let url): comment = "expected \(describePayload(holds[url]))"
      case .remove(let url):
        holds[url] = nil
        comment = "url(\(url)) now holds nothing"
      }
      let mark = index == failure.step ? "✗ \(failure.message)" : comment
      lines.append("\(statement(of: step))  // \(mark)")
    }
    return lines.joined(separator: "\n")
  }

  /// The step as a line of Swift.
  private func statement(of step: Step) -> String {
    if case .retrieve = step { return "_ = try await \(call(of: step))" }
    return "try await \(call(of: step))"
  }

  /// The step's call, as the statement has it and a failure names the operation.
  private func call(of step: Step) -> String {
    switch step {
    case .insert(let payload, let url): "cache.insert(payload(\(payload)), for: url(\(url)))"
    case .retrieve(let url): "cache.retrieve(dataFor: url(\(url)))"
    case .remove(let url): "cache.remove(dataFor: url(\(url)))"
    }
  }

  /// What a URL holding `payload` delivers, as a step's comment says it.
  private func describePayload(_ payload: Int?) -> String {
    guard let payload else { return "nil (no data)" }
    return payload == 0 ? "payload(0) (empty data)" : "payload(\(payload)) (\(payload * 3) bytes)"
  }

  static func url(_ number: Int) throws -> URL {
    try SpecValues.url(number)
  }

  static func payload(_ number: Int) -> Data {
    Data(repeating: UInt8(number), count: number * 3)
  }
}
