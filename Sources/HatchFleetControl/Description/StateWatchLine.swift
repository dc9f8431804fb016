import Foundation
import HatchDeviceModel
import HatchIoTDeviceConnectionStateClient
import HatchIoTDeviceStateEmitterClient

/// The lines `hatchctl state --watch` prints: one per accepted state change and one per connection
/// change, as text or (with `--json`) one JSON object per line.
package enum StateWatchLine {
    /// An accepted change of the device's state.
    package struct StateChange: Encodable, Sendable {
        package var version: Int
        package var timestamp: Int
        package var reported: JSONValue

        /// The line of `state`.
        package init(state: IoTDeviceState) {
            version = state.version
            timestamp = state.timestamp
            reported = state.reported.jsonValue
        }

        /// `2026-…Z  v12  playing routine srId 1 step 2  light #FF0000 at 46%  Ocean (10128) at 30%  volume 30%`.
        package static func text(_ state: IoTDeviceState) -> String {
            let time = TextFormat.timestamp(Date(timeIntervalSince1970: TimeInterval(state.timestamp)))
            let current = state.reported.current
            return "\(time)  v\(state.version)  playing \(current.playing.rawValue) srId \(current.srId) step \(current.step)  "
                + "light \(StateDescription.color(current.color))  \(StateDescription.sound(current.sound, product: state.product))  "
                + "volume \(StateDescription.percent(current.sound.v))"
        }
    }

    /// A change of the device's connection (it dropped off or came back).
    package struct ConnectionChange: Encodable, Sendable {
        package var connection: String
        package var since: Date?
        package var reason: String?

        /// The line of `connection`.
        package init(_ connection: IoTDeviceConnectionState) {
            self.connection = connection.name
            since = connection.since
            if case .offline(_, let reason) = connection { self.reason = reason }
        }
    }
}
