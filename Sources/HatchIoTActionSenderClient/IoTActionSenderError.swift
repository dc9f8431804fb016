import HatchDeviceModel

/// Why an action or record request did not take effect.
public enum IoTActionSenderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The device (or its shadow) rejected the request; `rejection.message` is its reason.
    case rejected(ShadowRejection)
    /// No reply within the timeout.
    case timeout(thingName: ThingName, after: Duration)
    /// The product cannot do this (e.g. a colour on a Rest Mini); nothing was sent.
    case unsupported(product: HardwareProduct, reason: String)
    /// The broker link failed while sending.
    case transport(String)

    /// What went wrong and what to do next.
    public var description: String {
        switch self {
        case .rejected(let rejection):
            return "The device rejected the request (\(rejection.code)): \(rejection.message)"
        case .timeout(let thing, let duration):
            return "No reply from \(thing) within \(duration). Check that the device is online, or retry with a longer timeout."
        case .unsupported(let product, let reason):
            return "A \(product.marketingName) cannot do that: \(reason)."
        case .transport(let reason):
            return "The broker link failed: \(reason). Check the broker address and that it is running."
        }
    }
}
