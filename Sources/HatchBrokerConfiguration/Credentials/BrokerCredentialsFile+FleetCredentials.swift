import Foundation
import HatchDeviceModel
import HatchDeviceSimulator
import HatchMQTT

extension BrokerCredentialsFile {
    /// What the fleet needs to connect each device and its service session; paths resolved against `folder`.
    package func fleetCredentials(relativeTo folder: URL, usesTLS: Bool) -> FleetCredentials {
        func resolve(_ identity: Identity) -> FleetCredentials.Identity {
            FleetCredentials.Identity(
                credentials: MQTTCredentials(username: identity.username, password: identity.password),
                certificateFile: identity.certificateFile.map { Self.resolve($0, in: folder) },
                keyFile: identity.keyFile.map { Self.resolve($0, in: folder) })
        }
        var byThing: [ThingName: FleetCredentials.Identity] = [:]
        for (thing, device) in devices { byThing[ThingName(rawValue: thing)] = resolve(device.identity) }
        return FleetCredentials(devices: byThing, service: resolve(service), tls: usesTLS ? tlsConfiguration(relativeTo: folder) : nil)
    }
}
