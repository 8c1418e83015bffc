import FeedStoreBackends
import Foundation

/// A damaged store file, and the file system its stores reach it through: the real one, or one
/// that cannot read it.
package struct JSONFileDamagedStorage: Sendable {
  let url: URL
  let fileSystem: any FileSystem
}
