import Foundation
import HatchServiceSupport

/// Why a fleet-lab run (chaos, soak, bench children) could not go on; each case says what to do next.
package enum FleetLabError: UserFacingError, Equatable {
    /// The private mosquitto did not start (exit status 3, as a broker that cannot be reached).
    case brokerDidNotStart(String)
    /// A fleet file given to the run cannot be used; says why.
    case unusableFleetFile(String)
    /// The `hatchctl` executable, which runs the children, could not be found.
    case executableNotFound(role: String)
    /// The shards or brokers would need more open files than a process may have; says how to split.
    case tooFewFileDescriptors(String)
    /// Devices were still connecting at the deadline; says which shards and where their output is.
    case notAllOnline(String)
    /// A `hatchctl` child failed; the last lines of its output say why.
    case childFailed(role: String, what: String, log: String, lastOutput: String)

    package var exitStatus: Int32 {
        if case .brokerDidNotStart = self { return 3 }
        return 9
    }

    package var kind: String {
        if case .brokerDidNotStart = self { return "brokerUnreachable" }
        return "invalidArgument"
    }

    package var description: String {
        switch self {
        case .brokerDidNotStart(let reason):
            return "The private mosquitto did not start: \(reason). Check that mosquitto is installed (`make deps`)."
        case .executableNotFound(let role):
            return "cannot find the hatchctl executable to run \(role) in a child process"
        case .tooFewFileDescriptors(let text), .notAllOnline(let text), .unusableFleetFile(let text):
            return text
        case .childFailed(let role, let what, let log, let lastOutput):
            return "\(role) \(what); its last output (\(log)):\n\(lastOutput)"
        }
    }
}
