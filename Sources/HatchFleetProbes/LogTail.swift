import Foundation

/// Follows a file that another process appends lines to: each ``newLines()`` returns the complete
/// lines written since the last call, and leaves a cut-off last line for the next.
package final class LogTail: @unchecked Sendable {
    private let url: URL
    private let lock = NSLock()
    private var offset: UInt64 = 0

    /// Follows `url`, from its start (it need not exist yet).
    package init(url: URL) {
        self.url = url
    }

    /// The complete lines appended since the last call (none when the file does not exist yet).
    package func newLines() -> [Substring] {
        lock.lock()
        defer { lock.unlock() }
        guard let handle = try? FileHandle(forReadingFrom: url) else { return [] }
        defer { try? handle.close() }
        guard (try? handle.seek(toOffset: offset)) != nil, let data = try? handle.readToEnd(),
              let lastNewline = data.lastIndex(of: UInt8(ascii: "\n")) else { return [] }
        let complete = data[data.startIndex...lastNewline]
        offset += UInt64(complete.count)
        return String(decoding: complete, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
    }
}
