import Foundation

/// One timed operation: what a row measures.
///
/// Each sample prepares afresh, untimed, in a directory of its own, then runs once, timed. The
/// sampler keeps the prepared value and the output alive until the clock has stopped, so
/// releasing a store (closing a database, say) is never part of the time.
package protocol Workload: Sendable {
  /// What a sample needs before the clock starts, such as an empty store.
  associatedtype Prepared
  /// What the timed operation delivers.
  associatedtype Output

  /// The row this workload fills.
  var id: RowID { get }

  /// Sets up one sample; not timed.
  ///
  /// - Parameter directory: An empty directory that only this sample uses.
  /// - Returns: What ``run(_:)`` needs, such as an empty store.
  /// - Throws: An error when the sample cannot be set up, such as a store that cannot be made.
  func prepare(in directory: URL) async throws -> Prepared

  /// The operation the sample times.
  ///
  /// - Parameter prepared: What ``prepare(in:)`` set up.
  /// - Returns: What the operation delivers, which the sampler hands to ``BlackHole``.
  /// - Throws: What the operation throws.
  func run(_ prepared: Prepared) async throws -> Output

  /// Checks that the operation did its work; not timed, run once per row.
  ///
  /// - Parameters:
  ///   - output: What ``run(_:)`` delivered.
  ///   - prepared: What it ran on.
  /// - Throws: ``BenchmarkError`` when the output is wrong, so no row times a broken operation.
  func verify(_ output: Output, of prepared: Prepared) async throws
}
