import HatchServiceSupport

/// Why a broker configuration could not be written or read; each case says what to do next.
package enum BrokerConfigurationError: UserFacingError, Equatable {
    /// The broker would see a file path with white space, which mosquitto's configuration cannot hold.
    case pathWithSpaces(String)
    /// Neither a plain nor a TLS listener was asked for.
    case noListener
    /// A folder or file could not be created or written.
    case unwritable(path: String, reason: String, hint: String)
    /// A device's thing name cannot be a broker username.
    case invalidUsername(String)
    /// The password file lacks a line, or a mosquitto 2 (`$7$`) hash, for a device.
    case passwordFile(String)
    /// The credentials file cannot be read or is not one this library wrote.
    case unreadableCredentials(path: String, reason: String)
    /// The credentials file is not JSON of the expected shape (the reason names keys only, never values).
    case malformedCredentials(path: String, shape: String)
    /// The CA, its key or a certificate could not be made or read.
    case certificate(String)
    /// mosquitto's dynamic-security plugin was not found beside the local broker.
    case dynamicSecurityPluginNotFound(String)

    package var description: String {
        switch self {
        case .pathWithSpaces(let path):
            return "mosquitto cannot read file paths with spaces in its configuration, and \(path) has one. "
                + "Choose another --out folder (or --broker-path)."
        case .noListener:
            return "The broker needs a listener: give --port, or --tls with --tls-port."
        case .unwritable(let path, let reason, let hint):
            return "Cannot write \(path): \(reason). \(hint)"
        case .invalidUsername(let thing):
            return "The thing name '\(thing)' cannot be a broker username; check the device's product and MAC address."
        case .passwordFile(let message), .certificate(let message):
            return message
        case .unreadableCredentials(let path, let reason):
            return "Cannot read the credentials file \(path) (\(reason)). Generate one with `hatchctl broker config --devices FILE --out DIR`."
        case .malformedCredentials(let path, let shape):
            return "\(path) is not a credentials file written by `hatchctl broker config` (\(shape)). "
                + "Generate it again, or pass --rotate to replace it."
        case .dynamicSecurityPluginNotFound(let reason):
            return "\(reason) Or pass --dynamic-security-plugin with its path on the broker's machine."
        }
    }
}
