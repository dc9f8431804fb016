import HatchServiceSupport

/// Why a request log could not be opened; says what to check.
package enum RequestLogError: UserFacingError, Equatable {
    /// The file could not be created where it was asked for.
    case cannotCreate(option: String, path: String)

    package var description: String {
        switch self {
        case .cannotCreate(let option, let path):
            return "\(option): cannot create \(path); check the folder exists and is writable"
        }
    }
}
