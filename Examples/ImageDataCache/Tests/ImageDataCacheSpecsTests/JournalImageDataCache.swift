import Foundation
import ImageDataCaching

/// A cache of a third design, beside the shipped ones: a journal of records that a retrieve reads
/// from the end, shared by the instances over it. Correct when `misbehavior` is `nil`; otherwise
/// it breaks the contract in that one way.
actor JournalImageDataCache: ImageDataCache {
  let journal: Journal
  private let misbehavior: Misbehavior?
  /// What this instance remembers of each key, for the misbehaviors that keep a memory: some
  /// data, or `.some(nil)` for a key it believes has none.
  private var remembered: [String: Data?] = [:]
  /// Keys with data, oldest insert first, for the misbehavior that evicts.
  private var insertionOrder: [String] = []

  init(journal: Journal, misbehavior: Misbehavior?) {
    self.journal = journal
    self.misbehavior = misbehavior
  }

  func insert(_ data: Data, for url: URL) async throws {
    let key = key(for: url)
    switch misbehavior {
    case .keepsTheFirstInsert where try await journal.data(for: key) != nil:
      return
    case .trapsOnEmptyData where data.isEmpty:
      preconditionFailure("the journal cache that traps on empty data was given empty data")
    case .storesEmptyDataAsNothing where data.isEmpty:
      try await append(.removed(key: key), .insert, url)
    case .writesInPiecesAcrossSuspensionPoints:
      for end in stride(from: 0, to: data.count, by: max(1, data.count / 8)) {
        try await append(.inserted(key: key, data: data.prefix(end)), .insert, url)
        await Task.yield()
      }
      try await append(.inserted(key: key, data: data), .insert, url)
    case .ignoresInsertFailure:
      try? await append(.inserted(key: key, data: data), .insert, url)
    case .remembersDataItFailedToInsert:
      remembered[key] = data
      try await append(.inserted(key: key, data: data), .insert, url)
    case .servesItsOwnLastInsert:
      try await append(.inserted(key: key, data: data), .insert, url)
      remembered[key] = data
    case .remembersWhatItRetrieved, .forgetsDataItFailedToRemove:
      remembered[key] = nil
      try await append(.inserted(key: key, data: data), .insert, url)
    case .evictsTheOldestBeyondThreeURLs:
      try await append(.inserted(key: key, data: data), .insert, url)
      insertionOrder.removeAll { $0 == key }
      insertionOrder.append(key)
      if insertionOrder.count > 3 {
        try await append(.removed(key: insertionOrder.removeFirst()), .insert, url)
      }
    default:
      try await append(.inserted(key: key, data: try await stored(data, for: key)), .insert, url)
    }
  }

  func retrieve(dataFor url: URL) async throws -> Data? {
    let key = key(for: url)
    if let memory = remembered[key] { return memory }
    let data: Data?
    do {
      data = try await journal.data(for: key)
    } catch {
      if misbehavior == .deliversNilWhenStorageFails { return nil }
      throw failure(error, .retrieve, url)
    }
    switch misbehavior {
    case .deliversEmptyDataForUnknownURL where data == nil:
      return Data()
    case .forgetsDataOnceRetrieved where data != nil:
      try await append(.removed(key: key), .retrieve, url)
    case .remembersWhatItRetrieved:
      remembered[key] = .some(data)
    default:
      break
    }
    return data
  }

  func remove(dataFor url: URL) async throws {
    let key = key(for: url)
    switch misbehavior {
    case .storesEmptyDataOnRemove:
      try await append(.inserted(key: key, data: Data()), .remove, url)
    case .throwsWhenRemovingAbsentURL where try await journal.data(for: key) == nil:
      throw JournalCacheError(operation: .remove, url: url, underlying: "it holds no data")
    case .removesEveryURL:
      for key in Set(try await journal.keys()) {
        try await append(.removed(key: key), .remove, url)
      }
    case .ignoresRemoveFailure:
      try? await append(.removed(key: key), .remove, url)
    case .forgetsDataItFailedToRemove:
      remembered[key] = .some(nil)
      try await append(.removed(key: key), .remove, url)
    default:
      remembered[key] = nil
      insertionOrder.removeAll { $0 == key }
      try await append(.removed(key: key), .remove, url)
    }
  }

  /// The key of `url`: its absolute text, or, for the misbehaviors about keys, less of it.
  private func key(for url: URL) -> String {
    switch misbehavior {
    case .keysByHost: url.host() ?? ""
    case .ignoresCaseInURLs: url.absoluteString.lowercased()
    case .keysByRelativeString: url.relativeString
    default: url.absoluteString
    }
  }

  /// The bytes the journal keeps for `data`: exactly `data`, unless the misbehavior changes them.
  private func stored(_ data: Data, for key: String) async throws -> Data {
    switch misbehavior {
    case .dropsTheLastByte: data.dropLast()
    case .storesDataAsUTF8Text: Data(String(decoding: data, as: UTF8.self).utf8)
    case .keepsSixteenBitLengths: data.prefix(data.count & 0xFFFF)
    case .overwritesInPlaceWithoutTruncating:
      data + (try await journal.data(for: key) ?? Data()).dropFirst(data.count)
    default: data
    }
  }

  private func append(
    _ record: Journal.Record, _ operation: JournalCacheError.Operation, _ url: URL
  ) async throws {
    do {
      try await journal.append(record)
    } catch {
      throw failure(error, operation, url)
    }
  }

  /// The error a failed operation throws: one naming the URL, unless the misbehavior is not to.
  private func failure(_ error: any Error, _ operation: JournalCacheError.Operation, _ url: URL)
    -> any Error
  {
    misbehavior == .throwsErrorsWithoutTheURL
      ? error : JournalCacheError(operation: operation, url: url, underlying: "\(error)")
  }
}

/// Why a journal cache could not insert, retrieve or remove a URL's data.
struct JournalCacheError: Error, CustomStringConvertible {
  enum Operation: String {
    case insert
    case retrieve
    case remove
  }

  let operation: Operation
  let url: URL
  let underlying: String

  var description: String {
    "Could not \(operation.rawValue) the data of \(url.absoluteString): \(underlying)"
  }
}
