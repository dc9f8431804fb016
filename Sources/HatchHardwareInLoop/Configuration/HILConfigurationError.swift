import HatchDeviceModel

/// Why a target cannot be used, and what to set instead.
public enum HILConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `HATCH_HIL_BROKER_URL` is not an MQTT address.
    case invalidBrokerURL(String, reason: String)
    /// A broker is set but no devices.
    case missingDevices
    /// The device setting names no device.
    case noDevices(String)
    /// `MAC=product` pairs without a broker (the simulated fleet takes a fleet file).
    case deviceListWithoutBroker
    /// A TLS or login setting without a broker.
    case brokerSettingWithoutBroker(String)
    /// A device entry that is not `MAC=product`.
    case malformedDevice(String)
    /// A device entry whose MAC address is malformed.
    case invalidMacAddress(String, reason: String)
    /// A device entry with a product the toolkit does not know.
    case unknownProduct(String)
    /// A fleet file that cannot be read or parsed.
    case unreadableFleetFile(path: String, reason: String)
    /// A TLS file that cannot be read.
    case unreadableFile(variable: String, path: String)
    /// A client certificate without its key, or the reverse.
    case certificateWithoutKey
    /// TLS files for a plain `mqtt://` broker.
    case tlsFilesWithPlainURL(String)
    /// A password without a username.
    case passwordWithoutUsername
    /// `HATCH_HIL_SHADOW_SERVICE` is neither `fused` nor `split`.
    case unknownShadowService(String)
    /// A split shadow service on a broker the kit does not configure.
    case splitNeedsPrivateBroker
    /// A clock start that is not ISO 8601.
    case invalidClockStart(String)

    /// What is wrong and what to set instead.
    public var description: String {
        let products = HardwareProduct.allCases.map(\.rawValue).joined(separator: ", ")
        switch self {
        case .invalidBrokerURL(let text, let reason):
            return "HATCH_HIL_BROKER_URL='\(text)' is not a broker address (\(reason)). Set it to mqtt://host:1883 or mqtts://host:8883."
        case .missingDevices:
            return "HATCH_HIL_BROKER_URL is set but HATCH_HIL_DEVICES is not. Set HATCH_HIL_DEVICES to the devices to drive: "
                + "'A4:C1:38:10:00:01=restoreV5, A4:C1:38:10:00:04=restMini' or a fleet file such as devices/household.yaml."
        case .noDevices(let text):
            return "HATCH_HIL_DEVICES='\(text)' names no device. List MAC=product pairs or a fleet file with devices."
        case .deviceListWithoutBroker:
            return "HATCH_HIL_DEVICES lists MAC=product pairs, which only make sense for devices the kit does not start: "
                + "set HATCH_HIL_BROKER_URL to their broker, or set HATCH_HIL_DEVICES to a fleet file for the simulated fleet."
        case .brokerSettingWithoutBroker(let key):
            return "\(key) is set but HATCH_HIL_BROKER_URL is not; set HATCH_HIL_BROKER_URL to the broker it belongs to, or unset \(key)."
        case .malformedDevice(let entry):
            return "HATCH_HIL_DEVICES entry '\(entry)' is not MAC=product; write e.g. A4:C1:38:10:00:01=restoreV5 (products: \(products))."
        case .invalidMacAddress(let text, let reason):
            return "HATCH_HIL_DEVICES: '\(text)' is not a MAC address (\(reason)); write six hex pairs, e.g. A4:C1:38:10:00:01."
        case .unknownProduct(let name):
            return "HATCH_HIL_DEVICES: unknown product '\(name)'; use one of \(products)."
        case .unreadableFleetFile(let path, let reason):
            return "HATCH_HIL_DEVICES: cannot use the fleet file \(path): \(reason). Set it to a readable fleet file (e.g. devices/household.yaml) or to MAC=product pairs."
        case .unreadableFile(let variable, let path):
            return "\(variable)=\(path) cannot be read; set it to a readable PEM file."
        case .certificateWithoutKey:
            return "Set both HATCH_HIL_CERT_FILE and HATCH_HIL_KEY_FILE for a client certificate, or neither."
        case .tlsFilesWithPlainURL(let url):
            return "TLS files are set but HATCH_HIL_BROKER_URL='\(url)' is plain MQTT; use an mqtts:// address."
        case .passwordWithoutUsername:
            return "HATCH_HIL_PASSWORD is set without HATCH_HIL_USERNAME; set the username too."
        case .unknownShadowService(let value):
            return "HATCH_HIL_SHADOW_SERVICE='\(value)' is neither 'fused' nor 'split'; unset it for the fused service."
        case .splitNeedsPrivateBroker:
            return "A split shadow service needs the kit's own locked-down broker: use SimulatedFleet.Broker.privateMosquitto, or the fused service."
        case .invalidClockStart(let text):
            return "clockStart '\(text)' is not an ISO 8601 time with its offset; write e.g. 2026-01-06T23:56:40-05:00."
        }
    }
}
