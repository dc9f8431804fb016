import HatchDeviceModel
import HatchIoTDeviceConnectionStateClient
import HatchIoTDeviceStateEmitterClient

/// One value the device clients hand to a feature provider that observes or loads a device.
package enum DeviceFeedUpdate: Sendable {
    /// The device's latest state.
    case state(IoTDeviceState)
    /// The device's routines at a `dataVersion`.
    case routines(RecordCollection<Routine>)
    /// The device's alarms at a `dataVersion`.
    case alarms(RecordCollection<Alarm>)
    /// Whether the device is reachable.
    case connection(IoTDeviceConnectionState)
}
