import Foundation

/// One image of a cached feed, as the cache stores it.
///
/// Every field is kept exactly: a `nil` description is not an empty one. It is `Codable`, with its
/// property names as keys and a `nil` description or location left out, so a store can keep it
/// with any encoder; those keys are part of the API, so data a store wrote stays readable.
public struct LocalFeedImage: Hashable, Sendable, Codable {
  /// The image's identity.
  public let id: UUID
  /// The image's description, if it has one.
  public let description: String?
  /// Where the image was taken, if known.
  public let location: String?
  /// Where the image can be downloaded.
  public let url: URL

  /// Creates an image.
  ///
  /// - Parameters:
  ///   - id: The image's identity.
  ///   - description: The image's description, if it has one.
  ///   - location: Where the image was taken, if known.
  ///   - url: Where the image can be downloaded.
  public init(id: UUID, description: String?, location: String?, url: URL) {
    self.id = id
    self.description = description
    self.location = location
    self.url = url
  }
}
