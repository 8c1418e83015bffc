/// What the storage held when a store opened it after a kill.
enum KillOutcome: Sendable, Equatable {
  /// Exactly the cache from before the killed insert.
  case old
  /// Exactly the feed the killed insert was writing.
  case new
  /// Anything else: nothing cached, another feed, or an error, as described.
  case torn(String)
}
