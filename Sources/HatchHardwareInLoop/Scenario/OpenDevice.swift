import HatchDeviceSession

/// A device opened through the kit's container: its child container (from which the app builds its
/// features, as it does in production), its session of live clients, and the log of its states.
public struct OpenDevice: Sendable {
    /// The device.
    public let device: HILDevice
    /// The device's child container (`DeviceSessionDependencies` of HatchDeviceSession, inputs: its product and MAC address).
    public let dependencies: DeviceSessionDependencies
    /// The device's state, actions and connection.
    public let session: DeviceSession
    /// Every state the device reported since it was opened.
    public let log: StateLog
}
