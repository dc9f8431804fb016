import HatchDeviceModel
import HatchIoTActionSenderClient
import HatchIoTDeviceConnectionStateClient
import HatchIoTDeviceStateEmitterClient

/// The accessors a feature module's `Dependencies` struct declares for one device (its clients and its
/// identity), so either feature takes its clients from its dependencies the same way.
package protocol DeviceFeatureDependencies {
    /// Reads the device's state, routines and alarms.
    var iotDeviceStateEmitter: IoTDeviceStateEmitterClient { get }
    /// Sends actions and record edits.
    var iotActionSender: IoTActionSenderClient { get }
    /// Whether the device is reachable.
    var iotDeviceConnectionState: IoTDeviceConnectionStateClient { get }
    /// The device's MAC address (an input).
    var macAddress: MacAddress { get }
    /// The device's product (an input).
    var hardwareProduct: HardwareProduct { get }
}
