import HatchDeviceModel
import HatchMemberwiseInit

/// One device of a fleet as its fleet file describes it: identity, initial settings, and a
/// routine to start (and keep looping) once it is online.
@MemberwiseInit(.public)
public struct DeviceSpec: Sendable, Hashable {
    /// Identity and hardware.
    public var profile: DeviceProfile
    /// Settings when the state folder has none for this device.
    public var initialSettings: DeviceSettings
    /// A routine started when the device comes online and restarted whenever it ends (load runs).
    public var autoStartRoutine: Int? = nil
}
