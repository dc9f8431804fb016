import Foundation

/// Progress of a long benchmark on standard error (the report itself goes to standard output).
struct BenchProgress: Sendable {
    let quiet: Bool
    /// What each line starts with (the command's name).
    let prefix: String
    private let interactive = isatty(STDERR_FILENO) == 1

    init(quiet: Bool, prefix: String = "bench") {
        self.quiet = quiet
        self.prefix = prefix
    }

    func say(_ text: String) {
        guard !quiet else { return }
        Console.write((interactive ? "\r\u{1B}[2K" : "") + prefix + ": " + text + "\n", to: .standardError)
    }

    func bar(_ title: String, _ done: Int, of total: Int) {
        guard !quiet, interactive else { return }
        let width = 30
        let filled = total == 0 ? width : min(width, width * done / total)
        Console.write("\r\u{1B}[2K\(title) [" + String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
                      + "] \(done)/\(total)", to: .standardError)
    }
}
