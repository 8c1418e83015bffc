import Foundation

/// The rule that decides whether a cached feed is still fresh: younger than seven calendar days.
///
/// It is shared by the loader, which delivers only a fresh cache, and the validator, which
/// deletes a stale one, so the two can never disagree on the boundary.
@usableFromInline
struct FeedCachePolicy: Sendable {
  /// The gregorian calendar in UTC: seven days are then exactly 7 × 24 hours, wherever the device
  /// is and whatever its daylight saving time does.
  @usableFromInline
  static let defaultCalendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .gmt
    return calendar
  }()

  private static let maxAgeInDays: Int = 7

  private let calendar: Calendar

  init(calendar: Calendar) {
    self.calendar = calendar
  }

  /// Whether a cache made at `timestamp` is still fresh at `date`.
  ///
  /// A cache of exactly the max age is stale. So is one whose expiry the calendar cannot compute,
  /// since its age cannot be trusted.
  func isFresh(_ timestamp: Date, at date: Date) -> Bool {
    guard
      let expiry = calendar.date(byAdding: .day, value: Self.maxAgeInDays, to: timestamp)
    else { return false }
    return date < expiry
  }
}
