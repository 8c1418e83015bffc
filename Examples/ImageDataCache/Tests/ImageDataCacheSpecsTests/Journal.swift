import Foundation

/// The storage of the journal caches: every insert and remove appended as a record, read back
/// from the end; it can refuse every access, as a failing disk would.
///
/// Instances over one journal share it, as instances over one directory share its files.
actor Journal {
  enum Record: Sendable {
    case inserted(key: String, data: Data)
    case removed(key: String)

    var key: String {
      switch self {
      case .inserted(let key, _), .removed(let key): key
      }
    }
  }

  private var records: [Record] = []
  private var isBroken = false

  func append(_ record: Record) throws {
    guard !isBroken else { throw JournalUnavailable() }
    records.append(record)
  }

  /// The data the last record for `key` inserted, or `nil` when it has none or was removed.
  func data(for key: String) throws -> Data? {
    guard !isBroken else { throw JournalUnavailable() }
    guard case .inserted(_, let data) = records.last(where: { $0.key.utf8.elementsEqual(key.utf8) })
    else { return nil }
    return data
  }

  /// Every key that has ever had a record.
  func keys() throws -> [String] {
    guard !isBroken else { throw JournalUnavailable() }
    return records.map(\.key)
  }

  /// Makes every access throw until ``restore()``.
  func breakAccess() {
    isBroken = true
  }

  func restore() {
    isBroken = false
  }
}

/// Thrown by a journal that refuses access.
struct JournalUnavailable: Error, CustomStringConvertible {
  var description: String { "the journal refuses every access" }
}
