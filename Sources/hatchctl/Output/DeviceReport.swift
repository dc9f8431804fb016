import Foundation
import HatchDeviceModel

/// The JSON shape of one device in `devices` and `state`.
struct DeviceReport: Encodable {
    var name: String
    var macAddress: String
    var product: String
    var thingName: String
    var firmware: String
    var presence: String
    var presenceSince: Date?
    var presenceReason: String?
    var playing: DeviceOverview.PlayingDetail
    var nextAlarm: NextAlarmReport?
    var shadowVersion: Int?
    var reported: JSONValue?

    struct NextAlarmReport: Encodable {
        var id: Int
        var name: String
        var wakeTime: String
        var fireDate: Date
    }

    init(_ overview: DeviceOverview, includeState: Bool) {
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
