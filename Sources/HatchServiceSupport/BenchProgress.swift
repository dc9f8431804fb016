import Foundation

/// Progress of a long benchmark on standard error (the report itself goes to standard output).
package struct BenchProgress: Sendable {
    package let quiet: Bool
    /// What each line starts with (the command's name).
    package let prefix: String
    private let interactive = isatty(STDERR_FILENO) == 1

    package init(quiet: Bool, prefix: String = "bench") {
        self.quiet = quiet
        self.prefix = prefix
    }

    private static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    package func say(_ text: String) {
        guard !quiet else { return }
        Self.write((interactive ? "\r\u{1B}[2K" : "") + prefix + ": " + text + "\n")
    }

    /// A progress bar on a terminal (redrawn in place); elsewhere (a log, `--json` piped on) a line at
    /// every tenth. With `since`, the seconds so far and the rate. Callers report at least every 100,
    /// or say what they reported last (`previous`).
    package func bar(_ title: String, _ done: Int, of total: Int, since start: ContinuousClock.Instant? = nil, previous: Int? = nil) {
        guard !quiet else { return }
        var timing = ""
        if let start {
            let elapsed = (ContinuousClock.now - start) / .seconds(1)
            timing = String(format: " %.1f s, %.0f/s", elapsed, elapsed > 0 ? Double(done) / elapsed : 0)
        }
        guard interactive else {
            let tenth = max(1, total / 10)
            if done == total || (done > 0 && done / tenth != max(0, previous ?? done - 100) / tenth) {
                say("\(title): \(done)/\(total)\(timing)")
            }
            return
        }
        let width = 30
        let filled = total == 0 ? width : min(width, width * done / total)
        Self.write("\r\u{1B}[2K\(title) [" + String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
                      + "] \(done)/\(total)\(timing)")
    }
}
