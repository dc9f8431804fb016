import HatchDeviceModel

/// Why the state of a device could not be read.
public enum IoTDeviceStateEmitterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The shadow service rejected the `get` (e.g. 404: the device never reported).
    case rejected(ShadowRejection)
    /// No answer within the timeout: the device (or its shadow service) is offline or overloaded.
    case timeout(thingName: ThingName, after: Duration)
    /// The shadow document could not be read as a device state.
    case malformedDocument(thingName: ThingName, reason: String)
    /// The broker link failed while asking.
    case transport(String)

    /// What went wrong and what to do next.
    public var description: String {
        switch self {
        case .rejected(let rejection):
            return "The shadow get was rejected (\(rejection.code)): \(rejection.message). Check that the device has reported at least once."
        case .timeout(let thing, let duration):
            return "No shadow reply from \(thing) within \(duration). Check that the device is online, or retry with a longer timeout."
        case .malformedDocument(let thing, let reason):
            return "The shadow of \(thing) is not a valid Restore document: \(reason). Check the device firmware or simulator version."
        case .transport(let reason):
            return "The broker link failed: \(reason). Check the broker address and that it is running."
        }
    }
}
