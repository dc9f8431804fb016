/// Something a stage does.
public enum StageAction: Sendable, Equatable {
    /// Devices connect, `perSecond` at a time (the fleet's devices are offline until a connect stage,
    /// when the file has one; else they connect before the first stage).
    case connect(ConnectAction)
    /// Controller clients send commands.
    case commands(CommandsAction)
    /// Alarms created on devices, relative to each device's local time.
    case alarms(AlarmsAction)
    /// Routines started on devices.
    case routines(RoutinesAction)
    /// A device fault (any kind `hatchctl fleet fault` has) on a selection, at a time in the stage.
    case fault(FaultAction)
    /// The broker killed, hung or restarted.
    case broker(BrokerAction)
    /// The simulated clock jumps, pauses, resumes or changes speed.
    case clock(ClockAction)
}

/// Which devices an action addresses.
public enum DeviceSelection: Sendable, Equatable {
    /// Every device.
    case all
    /// A share 0…1 of the devices that match the filters, picked with the scenario's seed.
    case share(Double, products: [String] = [], timeZones: [String] = [])
    /// Devices by name, MAC address or thing name.
    case names([String])
}

/// Devices connecting at a rate.
public struct ConnectAction: Sendable, Equatable {
    /// Devices per real second.
    public var perSecond: Double
    /// Where it was written.
    public var location: FieldLocation
    /// Creates the action.
    public init(perSecond: Double, location: FieldLocation) {
        self.perSecond = perSecond
        self.location = location
    }
}

/// Commands the controller clients send through the action sender, as `hatchctl` does.
public struct CommandsAction: Sendable, Equatable {
    /// The command kinds, picked at random (seeded) per command.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        case light, sound, volume, routineStart, routineStop, snooze, dismiss
    }

    /// Controller clients, each with its own MQTT connection.
    public var clients: Int
    /// Commands per real second, over all clients.
    public var perSecond: Double
    /// MQTT QoS of the commands (0 or 1).
    public var qos: Int
    /// The kinds to pick from.
    public var kinds: [Kind]
    /// The devices commanded.
    public var devices: DeviceSelection
    /// Real seconds a command is retried (same client token) before it counts as failed.
    public var deadline: Double
    /// Where it was written.
    public var location: FieldLocation

    /// Creates the action.
    public init(clients: Int = 1, perSecond: Double, qos: Int = 1, kinds: [Kind] = [.light, .sound, .volume], devices: DeviceSelection = .all,
                deadline: Double = 30, location: FieldLocation) {
        self.clients = clients
        self.perSecond = perSecond
        self.qos = qos
        self.kinds = kinds
        self.devices = devices
        self.deadline = deadline
        self.location = location
    }
}

/// Alarms created through the clients when the stage begins, each at a local time of its device.
public struct AlarmsAction: Sendable, Equatable {
    /// The devices that get an alarm (products without alarms are left out).
    public var devices: DeviceSelection
    /// The earliest local time, minutes after midnight.
    public var from: Int
    /// The latest local time, minutes after midnight (inclusive); alarms spread evenly between.
    public var to: Int
    /// Whether a sunrise leads each alarm.
    public var sunrise: Bool
    /// Share 0…1 of the alarms snoozed once from a client when they ring.
    public var snooze: Double
    /// Share 0…1 of the alarms dismissed from a client when they ring (after the snooze, if any).
    public var dismiss: Double
    /// Where it was written.
    public var location: FieldLocation

    /// Creates the action.
    public init(devices: DeviceSelection, from: Int, to: Int, sunrise: Bool = true, snooze: Double = 0, dismiss: Double = 0,
                location: FieldLocation) {
        self.devices = devices
        self.from = from
        self.to = to
        self.sunrise = sunrise
        self.snooze = snooze
        self.dismiss = dismiss
        self.location = location
    }
}

/// Routines started through the clients.
public struct RoutinesAction: Sendable, Equatable {
    /// The devices whose first routine starts.
    public var devices: DeviceSelection
    /// How many of the started routines are stopped from a client in the middle of a step.
    public var stopMidStep: Int
    /// Where it was written.
    public var location: FieldLocation

    /// Creates the action.
    public init(devices: DeviceSelection, stopMidStep: Int = 0, location: FieldLocation) {
        self.devices = devices
        self.stopMidStep = stopMidStep
        self.location = location
    }
}

/// A device fault at a time in the stage, optionally repeated.
public struct FaultAction: Sendable, Equatable {
    /// The fault's name, as `hatchctl fleet fault` takes it (`dropConnection`, `offline`, …).
    public var fault: String
    /// Its parameters (`seconds`, `reconnectAfter`, `share`, …).
    public var parameters: [String: Double]
    /// The devices it hits.
    public var devices: DeviceSelection
    /// Simulated seconds after the stage began.
    public var at: Double
    /// How many times (every `every` simulated seconds).
    public var times: Int
    /// Simulated seconds between repeats.
    public var every: Double
    /// Where it was written.
    public var location: FieldLocation

    /// Creates the action.
    public init(fault: String, parameters: [String: Double] = [:], devices: DeviceSelection, at: Double = 0, times: Int = 1, every: Double = 0,
                location: FieldLocation) {
        self.fault = fault
        self.parameters = parameters
        self.devices = devices
        self.at = at
        self.times = times
        self.every = every
        self.location = location
    }
}

/// Something done to the private broker.
public struct BrokerAction: Sendable, Equatable {
    /// What happens.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// SIGKILL, then a restart on the same port after `downtime`.
        case kill
        /// SIGSTOP for `downtime`, then SIGCONT.
        case hang
        /// A clean stop and start after `downtime`.
        case restart
    }

    /// What happens.
    public var kind: Kind
    /// Simulated seconds after the stage began.
    public var at: Double
    /// How many times.
    public var times: Int
    /// Simulated seconds between repeats.
    public var every: Double
    /// Real seconds the broker stays down or frozen.
    public var downtime: Double
    /// Where it was written.
    public var location: FieldLocation

    /// Creates the action.
    public init(kind: Kind, at: Double = 0, times: Int = 1, every: Double = 0, downtime: Double = 1, location: FieldLocation) {
        self.kind = kind
        self.at = at
        self.times = times
        self.every = every
        self.downtime = downtime
        self.location = location
    }
}

/// A change of the simulated clock when the stage begins.
public enum ClockAction: Sendable, Equatable {
    /// Jump forward (or back, negative) by simulated seconds.
    case jump(seconds: Double)
    /// Set a new speed (simulated seconds per real second).
    case speed(Double)
    /// Stop the clock for the stage (it resumes at its speed when the stage ends).
    case pause
}
