import SharedSupport

/// The instances factories made in this process, held weakly, so that a factory that hands out an
/// instance it made before, still in use, is named for that mistake instead of failing every spec
/// with the data the others left in it.
final class InstanceRegistry: Sendable {
  /// The instances of this process.
  static let shared = InstanceRegistry()

  private let made = Locked<[String: [WeakReference]]>([:])

  /// Notes `instance`, which a factory of type `factory` made.
  ///
  /// - Returns: `false` when a factory of that type made this very object before and it is still
  ///   alive; `true` for a new object, and for a value, which has no identity to repeat.
  func isNew(_ instance: Any, madeBy factory: String) -> Bool {
    guard type(of: instance) is AnyObject.Type else { return true }
    let object = instance as AnyObject
    return made.withLock { made in
      var references = made[factory, default: []].filter { !$0.isDeallocated }
      defer { made[factory] = references }
      if references.contains(where: { $0.refers(to: object) }) { return false }
      references.append(WeakReference(object))
      return true
    }
  }
}

/// Thrown by ``SpecRun/makeInstance(_:_:)`` when a factory hands out an instance it made before.
struct RepeatedInstance: Error {
  /// The factory call, as the spec names it: `makeStore()`.
  let operation: String
}
