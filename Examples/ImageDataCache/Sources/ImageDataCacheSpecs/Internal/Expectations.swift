import ContractSpecs
import Foundation
import ImageDataCaching

/// Retrieves `url` from `cache` and records a failure unless it delivers `expected` exactly.
///
/// The failure says what was expected and the first difference, such as `Expected retrieve of
/// "https://images.example.com/1.png" after an insert to deliver 12 bytes, but 12 bytes became 11,
/// first differing at byte 11 (0x0B became the end)`; long data is attached around the difference.
///
/// - Parameters:
///   - cache: The cache to ask.
///   - url: The URL to retrieve.
///   - expected: The data the contract says it holds, or `nil`.
///   - situation: When, as the failure says it: "after an insert".
/// - Returns: Whether it delivered `expected`, so a spec can stop before what depends on it.
@discardableResult
func expectRetrieve(
  from cache: any ImageDataCache, of url: URL, toDeliver expected: Data?, _ situation: String
) async -> Bool {
  let operation = "retrieve of \(quoted(url)) \(situation)"
  let delivered: Data?
  do {
    delivered = try await cache.retrieve(dataFor: url, operation)
  } catch {
    SpecRun.recordFailure(
      "Expected \(operation) to deliver \(describe(expected)), but it threw: \(error)")
    return false
  }
  guard let problem = difference(from: expected, to: delivered) else { return true }
  SpecRun.recordFailure("Expected \(operation) to deliver \(describe(expected)), but \(problem)")
  if let expected, let delivered, max(expected.count, delivered.count) > HexExcerpt.shortLength {
    SpecRun.attach(HexExcerpt(of: expected, comparedWith: delivered).text, named: "expected.txt")
    SpecRun.attach(HexExcerpt(of: delivered, comparedWith: expected).text, named: "delivered.txt")
  }
  return false
}

/// How `delivered` differs from `expected`, or `nil` when they are the same bytes, or both `nil`.
func difference(from expected: Data?, to delivered: Data?) -> String? {
  switch (expected, delivered) {
  case (nil, nil): nil
  case (_?, nil): "it delivered nil (no data)"
  case (nil, let delivered?): "it delivered \(describe(delivered))"
  case (let expected?, let delivered?): Exact.difference(from: expected, to: delivered)
  }
}

/// Data as a failure names it: "12 bytes", "0 bytes (empty data)", "nil (no data)".
func describe(_ data: Data?) -> String {
  guard let data else { return "nil (no data)" }
  return data.isEmpty ? "0 bytes (empty data)" : "\(data.count) bytes"
}

/// A URL as a failure names it: its absolute text, quoted.
func quoted(_ url: URL) -> String {
  Exact.quoted(url.absoluteString)
}
