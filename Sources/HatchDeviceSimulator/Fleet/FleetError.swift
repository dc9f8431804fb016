/// Why a fleet could not start.
public enum FleetError: Error, Sendable, CustomStringConvertible {
    /// The state folder is unusable.
    case stateFolder(DeviceStateStoreError)
    /// Not a single device could connect; the first error is attached.
    case noDeviceConnected(String)
    /// The fleet was started twice.
    case alreadyStarted
    /// The fleet has credentials, but none for these devices (thing names): they could not log in.
    case missingCredentials([String])

    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case .stateFolder(let error): return error.description
        case .noDeviceConnected(let reason):
            return "no device could connect to the broker (\(reason)); check that the broker runs and --broker points to it"
        case .alreadyStarted: return "the fleet is running already; stop() it before starting again"
        case .missingCredentials(let things):
            let shown = things.prefix(5).joined(separator: ", ") + (things.count > 5 ? " and \(things.count - 5) more" : "")
            return "the credentials have no entry for \(things.count) device(s) of the fleet (\(shown)); "
                + "generate them again for this fleet file with `hatchctl broker config --devices FILE --out DIR` and reload the broker"
        }
    }
}
