/// The devices of a scenario and where they run.
public struct ScenarioFleet: Sendable, Equatable {
    /// Where the devices come from.
    public enum Devices: Sendable, Equatable {
        /// A fleet file (path relative to the scenario file).
        case file(String, at: FieldLocation)
        /// Devices generated from groups, in order.
        case generated([DeviceGroup])
    }

    /// Which broker the fleet and the engine's clients use.
    public enum Broker: Sendable, Equatable {
        /// A private, locked-down mosquitto the engine starts and stops (the default).
        case `private`
        /// A broker already running (`mqtt://host:port`); faults on the broker are then not applicable.
        case external(url: String, at: FieldLocation)
    }

    /// Whether the fleet answers shadow requests itself or a separate shadow service does.
    public enum ShadowService: String, Sendable, Equatable, CaseIterable {
        /// The fleet serves each device's shadow (the default).
        case fused
        /// A shadow service in its own session behind the broker's ACL, as AWS IoT runs it.
        case split
    }

    /// The devices.
    public var devices: Devices
    /// The broker.
    public var broker: Broker
    /// The shadow service's shape.
    public var shadowService: ShadowService
    /// MQTT keep-alive of devices and clients, in seconds.
    public var keepAlive: Int
    /// How many devices connect at once while the fleet starts.
    public var connectConcurrency: Int
    /// How many `hatchctl fleet run --shard I/N` processes run the devices (1: in the engine's own
    /// process), each every N-th device, as a fleet past one process runs.
    public var shards: Int

    /// Creates a fleet section.
    public init(devices: Devices, broker: Broker = .private, shadowService: ShadowService = .fused, keepAlive: Int = 10,
                connectConcurrency: Int = 256, shards: Int = 1) {
        self.devices = devices
        self.broker = broker
        self.shadowService = shadowService
        self.keepAlive = keepAlive
        self.connectConcurrency = connectConcurrency
        self.shards = shards
    }

    /// The most shard processes a scenario may ask for.
    public static let maximumShards = 64
}

/// A group of generated devices: `count` devices of one product, spread over time zones in turn.
public struct DeviceGroup: Sendable, Equatable {
    /// The product's fleet-file name (e.g. `restPlus`, `restore`); the engine checks it.
    public var product: String
    /// How many devices.
    public var count: Int
    /// IANA time zones, assigned round robin (at least one).
    public var timeZones: [String]
    /// Device names: the prefix followed by a number (default: the product's name).
    public var namePrefix: String?
    /// Where the group was written.
    public var location: FieldLocation

    /// Creates a group.
    public init(product: String, count: Int, timeZones: [String] = ["UTC"], namePrefix: String? = nil, location: FieldLocation) {
        self.product = product
        self.count = count
        self.timeZones = timeZones
        self.namePrefix = namePrefix
        self.location = location
    }
}
