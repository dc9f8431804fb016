import Foundation
import HatchMQTT
import HatchMosquittoBroker

extension ChildProcess {
    /// This executable, which a child such as `fleet run` or `shadow-service` runs too.
    package static var hatchctlExecutable: URL? {
        if let url = Bundle.main.executableURL { return url }
        let path = CommandLine.arguments[0]
        return path.contains("/") ? URL(fileURLWithPath: path) : nil
    }

    /// Starts `hatchctl arguments…` with `HATCH_HOME` at `home`, its standard output and error
    /// appended to `output` (created when missing) and nothing on its standard input. `role` names
    /// the child in the error when the executable cannot be found. The child gets SIGINT should this
    /// process die without stopping it (``OrphanWatchdog``).
    package func runHatchctl(_ arguments: [String], home: URL, output: URL, role: String) throws {
        guard let executable = Self.hatchctlExecutable else {
            throw FleetLabError.executableNotFound(role: role)
        }
        try runHatchctl(executable, arguments, home: home, output: output)
    }

    /// The error for a `hatchctl` child (`role`) that failed as `what` says, with the last lines of
    /// its output in `log`.
    package static func hatchctlFailure(_ role: String, _ what: String, log: URL) -> FleetLabError {
        let output = (try? String(contentsOf: log, encoding: .utf8))?.split(separator: "\n").suffix(5).joined(separator: "\n") ?? ""
        return .childFailed(role: role, what: what, log: log.path, lastOutput: output)
    }
}
