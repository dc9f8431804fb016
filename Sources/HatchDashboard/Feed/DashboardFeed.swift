import HatchDeviceModel
import HatchIoTDeviceConnectionStateClient
import HatchIoTDeviceStateEmitterClient
import HatchMQTT

/// Feeds a ``DashboardEngine`` from the live IoT clients: per device its shadow states, its
/// connection state, its routines and its alarms; and the message log from one wildcard
/// subscription on the broker (shadow, presence, registry and record topics).
package struct DashboardFeed: Sendable {
    /// The state client (states, routines, alarms).
    package var stateEmitter: IoTDeviceStateEmitterClient
    /// Makes each device's connection-state client.
    package var connections: IoTDeviceConnectionStateClient.Factory
    /// The session the message log subscribes on; `nil` for no log.
    package var logSession: MQTTSession?

    /// Creates a feed from the live IoT clients; `logSession` also feeds the message log.
    package init(stateEmitter: IoTDeviceStateEmitterClient, connections: IoTDeviceConnectionStateClient.Factory, logSession: MQTTSession?) {
        self.stateEmitter = stateEmitter
        self.connections = connections
        self.logSession = logSession
    }

    /// The topics the message log shows.
    package static let logTopics = ["$aws/things/+/shadow/#", "hatch/things/#", Topics.registryAll]

    /// Feeds `engine` until the task is cancelled.
    package func run(into engine: DashboardEngine) async {
        let devices = engine.devices
        var logSubscriptions: [MQTTSubscription] = []
        if let logSession {
            for topic in Self.logTopics {
                if let subscription = try? await logSession.subscribe(topic, qos: .atMostOnce) { logSubscriptions.append(subscription) }
            }
        }
        await withDiscardingTaskGroup { group in
            for subscription in logSubscriptions {
                group.addTask {
                    for await message in subscription { engine.record(topic: message.topic, payload: message.payload) }
                }
            }
            for device in devices {
                let thing = device.thingName
                let (mac, product) = (device.macAddress, device.product)
                group.addTask {
                    for await state in stateEmitter.states(mac, product) { engine.update(thing) { $0.state = state } }
                }
                group.addTask {
                    for await connection in connections(mac, product).states() { engine.update(thing) { $0.connection = connection } }
                }
                group.addTask {
                    for await routines in stateEmitter.routines(mac, product) { engine.update(thing) { $0.routines = routines.items } }
                }
                guard product.capabilities.alarms else { continue }
                group.addTask {
                    for await alarms in stateEmitter.alarms(mac, product) { engine.update(thing) { $0.alarms = alarms.items } }
                }
            }
        }
    }
}
