/// A weak reference to an object the engine watches but must not keep alive: a released object,
/// to watch it go, or an instance a factory made, to tell whether it makes it again.
///
/// `@unchecked Sendable` is safe: the object is never used through this reference, only compared
/// with `nil` or by identity, and the Swift runtime loads and clears weak references atomically.
final class WeakReference: @unchecked Sendable {
  private weak var object: AnyObject?

  init(_ object: AnyObject) {
    self.object = object
  }

  var isDeallocated: Bool { object == nil }

  /// Whether it refers to `other`, which is then alive.
  func refers(to other: AnyObject) -> Bool { object === other }
}
