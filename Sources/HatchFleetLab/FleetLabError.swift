import Foundation
import HatchServiceSupport

/// Why a fleet-lab run (chaos, soak, bench children) could not go on; each case says what to do next.
package enum FleetLabError: UserFacingError, Equatable {
    /// A file the run writes could not be created.
    case cannotCreate(option: String, path: String)
    /// The `hatchctl` executable, which runs the children, could not be found.
    case executableNotFound(role: String)
    /// The shards or brokers would need more open files than a process may have; says how to split.
    case tooFewFileDescriptors(String)
    /// Devices were still connecting at the deadline; says which shards and where their output is.
    case notAllOnline(String)
    /// A `hatchctl` child failed; the last lines of its output say why.
    case childFailed(role: String, what: String, log: String, lastOutput: String)

    package var description: String {
        switch self {
        case .cannotCreate(let option, let path):
            return "\(option): cannot create \(path); check the folder exists and is writable"
        case .executableNotFound(let role):
            return "cannot find the hatchctl executable to run \(role) in a child process"
        case .tooFewFileDescriptors(let text), .notAllOnline(let text):
            return text
        case .childFailed(let role, let what, let log, let lastOutput):
            return "\(role) \(what); its last output (\(log)):\n\(lastOutput)"
        }
    }
}
