import Foundation

/// A folder under the temporary directory that is removed when the last reference goes away, so
/// test runs leave nothing behind.
final class TemporaryFolder: Sendable {
    let url: URL

    init(prefix: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
