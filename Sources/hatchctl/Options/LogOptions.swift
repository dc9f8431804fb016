import HatchServiceSupport
import ArgumentParser
import Logging

/// `--log-level`, for the long-running commands (`fleet run`, `demo`): their events go through
/// swift-log to standard error, one line each — readable text, or one JSON object per line with `--json`.
struct LogOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The least severe events logged: trace, debug, info, notice, warning, error or critical.",
                                            valueName: "level"))
    var logLevel: Logger.Level = .info

    /// Bootstraps the process's logging once (JSON lines when `json`) and returns the fleet's logger.
    /// Call it first thing in a command: swift-log accepts one bootstrap per process.
    func bootstrap(json: Bool, label: String = "hatch.fleet") -> Logger {
        let level = logLevel
        LoggingSystem.bootstrap { LineLogHandler(label: $0, level: level, format: json ? .json : .text) }
        return Logger(label: label)
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }

    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
