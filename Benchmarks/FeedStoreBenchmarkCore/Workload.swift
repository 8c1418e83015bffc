import Foundation

/// One timed operation: what a row of ``WorkloadCatalog`` measures.
///
/// Each sample is prepared untimed, run once timed, and released after the clock stopped; a
/// row's first sample is verified, untimed.
package protocol Workload: Sendable {
  associatedtype Prepared
  associatedtype Output

  /// Sets up one sample, such as an empty store.
  ///
  /// - Parameter directory: An empty directory that only this sample uses.
  /// - Returns: What ``run(_:)`` needs.
  /// - Throws: An error when the sample cannot be set up.
  func prepare(in directory: URL) async throws -> Prepared

  /// The timed operation, whose output is handed to ``BlackHole``.
  ///
  /// - Parameter prepared: What ``prepare(in:)`` set up.
  /// - Returns: What the operation delivers.
  /// - Throws: What the operation throws.
  func run(_ prepared: Prepared) async throws -> Output

  /// Checks that the operation did its work.
  ///
  /// - Parameters:
  ///   - output: What ``run(_:)`` delivered.
  ///   - prepared: What it ran on.
  /// - Throws: ``BenchmarkError`` when the output is wrong.
  func verify(_ output: Output, of prepared: Prepared) async throws
}
