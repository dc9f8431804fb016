import HatchDeviceModel

/// One device of a fleet as its fleet file describes it: identity, initial settings, and a
/// routine to start (and keep looping) once it is online.
///
/// A spec is a reference to one immutable description (copy-on-write): the fleet's definition
/// and the device made from it share it, so a fleet of 100,000 does not keep each twice.
public struct DeviceSpec: Sendable, Hashable {
    private final class Storage: Sendable {
        let profile: DeviceProfile
        let initialSettings: DeviceSettings
        let autoStartRoutine: Int?

        init(profile: DeviceProfile, initialSettings: DeviceSettings, autoStartRoutine: Int?) {
            self.profile = profile
            self.initialSettings = initialSettings
            self.autoStartRoutine = autoStartRoutine
        }
    }

    private var storage: Storage

    /// A device with `profile`, starting from `initialSettings` and looping `autoStartRoutine`, if any.
    public init(profile: DeviceProfile, initialSettings: DeviceSettings, autoStartRoutine: Int? = nil) {
        storage = Storage(profile: profile, initialSettings: initialSettings, autoStartRoutine: autoStartRoutine)
    }

    /// Identity and hardware.
    public var profile: DeviceProfile {
        get { storage.profile }
        set { storage = Storage(profile: newValue, initialSettings: initialSettings, autoStartRoutine: autoStartRoutine) }
    }

    /// Settings when the state folder has none for this device.
    public var initialSettings: DeviceSettings {
        get { storage.initialSettings }
        set { storage = Storage(profile: profile, initialSettings: newValue, autoStartRoutine: autoStartRoutine) }
    }

    /// A routine started when the device comes online and restarted whenever it ends (load runs).
    public var autoStartRoutine: Int? {
        get { storage.autoStartRoutine }
        set { storage = Storage(profile: profile, initialSettings: initialSettings, autoStartRoutine: newValue) }
    }

    public static func == (lhs: DeviceSpec, rhs: DeviceSpec) -> Bool {
        lhs.storage === rhs.storage
            || (lhs.profile == rhs.profile && lhs.initialSettings == rhs.initialSettings && lhs.autoStartRoutine == rhs.autoStartRoutine)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(profile)
        hasher.combine(initialSettings)
        hasher.combine(autoStartRoutine)
    }
}
