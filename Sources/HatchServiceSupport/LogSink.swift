import Foundation
import Synchronization

/// Where log lines go: standard error by default, a closure in tests. Each line is written whole
/// in one call, so lines from concurrent tasks never interleave.
public struct LogSink: Sendable {
    /// Writes one complete line (with its newline).
    public let write: @Sendable (String) -> Void

    /// Creates a sink that hands each log line to `write`.
    public init(write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    /// Standard error; on a terminal each line first clears the live status line it may overwrite.
    public static let standardError: LogSink = {
        let clearsLine = isatty(STDERR_FILENO) == 1
        let lock = Mutex(())
        return LogSink { line in
            let text = clearsLine ? "\r\u{1B}[2K" + line : line
            lock.withLock { _ in
                var bytes = Array(text.utf8)
                var offset = 0
                while offset < bytes.count {
                    let written = bytes.withUnsafeMutableBytes { buffer in
                        Foundation.write(STDERR_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                    }
                    if written > 0 {
                        offset += written
                    } else if written < 0, errno == EINTR {
                        continue
                    } else {
                        return
                    }
                }
            }
        }
    }()
}
