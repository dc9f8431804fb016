/// Why the shadow service could not start, and what to do about it.
public enum ShadowServiceError: Error, Sendable, CustomStringConvertible {
    /// The state folder cannot be used.
    case stateFolder(DeviceStateStoreError)
    /// The broker refused or could not be reached.
    case broker(url: String, reason: String)
    /// ``ShadowService/start()`` was called twice.
    case alreadyStarted

    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case .stateFolder(let error): return "shadow service state folder: \(error)"
        case .broker(let url, let reason):
            return "cannot serve shadows on \(url): \(reason). Check that the broker runs and that the credentials are the fleet service's "
                + "(hatch-fleet in the credentials.json of `hatchctl broker config --shadow-service external`)."
        case .alreadyStarted: return "the shadow service is already running; stop it before starting it again"
        }
    }
}
