import HatchServiceSupport

/// Why ``CloudProvisioning`` wrote nothing; each case says what to change.
package enum CloudProvisioningError: UserFacingError, Equatable {
    /// No fleet file was given.
    case noFleet
    /// A device's thing name is not one AWS IoT accepts.
    case invalidThingName(String, device: String)
    /// A policy document would exceed AWS IoT's length limit.
    case policyTooLong(file: String, length: Int)
    /// The output folder could not be created or written.
    case unwritableFolder(String, reason: String)

    package var description: String {
        switch self {
        case .noFleet:
            return "--devices: name at least one fleet file."
        case .invalidThingName(let thing, let device):
            return "'\(thing)' (\(device)) is not a valid AWS IoT thing name ([a-zA-Z0-9:_-], at most 128 "
                + "characters); check the device's product and MAC address in the fleet file."
        case .policyTooLong(let file, let length):
            return "The policy \(file) would be \(length) characters, over AWS IoT's \(IoTPolicyDocument.maximumLength); "
                + "use --region and --account-id of at most a few characters each, or leave them out."
        case .unwritableFolder(let folder, let reason):
            return "Cannot write into \(folder): \(reason). Check that the --out folder is writable."
        }
    }
}
