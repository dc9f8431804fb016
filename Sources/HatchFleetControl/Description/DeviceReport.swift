import Foundation
import HatchDeviceModel

/// The JSON shape of one device in `hatchctl devices` and `state`.
package struct DeviceReport: Encodable {
    package var name: String
    package var macAddress: String
    package var product: String
    package var thingName: String
    package var firmware: String
    package var presence: String
    package var presenceSince: Date?
    package var presenceReason: String?
    package var playing: DeviceOverview.PlayingDetail
    package var nextAlarm: NextAlarmReport?
    package var shadowVersion: Int?
    package var reported: JSONValue?

    /// The next alarm: which one and when it fires.
    package struct NextAlarmReport: Encodable {
        package var id: Int
        package var name: String
        package var wakeTime: String
        package var fireDate: Date
    }

    /// The report of `overview`, with the reported document when `includeState`.
    package init(_ overview: DeviceOverview, includeState: Bool) {
        let device = overview.device
        name = device.name
        macAddress = device.macAddress.rawValue
        product = device.product.rawValue
        thingName = device.registry.thingName.rawValue
        firmware = device.registry.firmware
        presence = device.presence?.state.rawValue ?? "unknown"
        presenceSince = device.presenceSince
        presenceReason = device.presence?.reason
        playing = overview.playingDetail
        nextAlarm = overview.nextAlarm.map {
            NextAlarmReport(id: $0.alarm.id, name: $0.alarm.name, wakeTime: $0.alarm.wakeTime.description, fireDate: $0.fireDate)
        }
        shadowVersion = overview.state?.version
        reported = includeState ? overview.state?.reported.jsonValue : nil
    }
}
