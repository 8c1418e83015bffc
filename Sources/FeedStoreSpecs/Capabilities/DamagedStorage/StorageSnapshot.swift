import Foundation

/// The exact content of a store's storage at one moment, so a spec can prove an operation left
/// it byte for byte as it was.
///
/// Name every item that makes up the storage (the file, its journal, a directory standing in its
/// place) and its bytes; a directory or an item the factory cannot read can be given as a marker
/// of its own choosing, as long as the same state always gives the same snapshot.
public struct StorageSnapshot: Hashable, Sendable {
  /// Each item's name and bytes.
  public let items: [String: Data]

  /// Creates a snapshot of `items`.
  ///
  /// - Parameter items: Each item's name, such as a file name, and its bytes.
  public init(items: [String: Data]) {
    self.items = items
  }

  /// Says how `self` differs from `earlier`, at the first item that differs by name.
  ///
  /// - Returns: `nil` when both hold the same items with the same bytes.
  func difference(from earlier: StorageSnapshot) -> String? {
    for name in Set(items.keys).union(earlier.items.keys).sorted() {
      switch (earlier.items[name], items[name]) {
      case (nil, let now?):
        return "\(name.debugDescription) appeared (\(now.count) bytes)"
      case (let before?, nil):
        return "\(name.debugDescription) disappeared (it had \(before.count) bytes)"
      case (let before?, let now?) where before != now:
        let firstDifference = zip(before, now).prefix { $0 == $1 }.count
        return
          "\(name.debugDescription) changed from \(before.count) to \(now.count) bytes, "
          + "first at byte \(firstDifference)"
      default:
        continue
      }
    }
    return nil
  }
}
