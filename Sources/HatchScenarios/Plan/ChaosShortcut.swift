import HatchScenarioFile

/// What `hatchctl fleet chaos` runs through the engine: the shipped chaos scenario
/// (`scenarios/chaos.yaml`) with its size, rates and broker faults from the command line — the kills
/// `interval` real seconds apart from the first simulated minute, then the hang, then the file's
/// device faults.
public struct ChaosShortcut: Sendable, Equatable {
    /// Devices of the generated fleet, in the file's product mix.
    public var devices: Int
    /// Times the broker is killed and restarted.
    public var brokerKills: Int
    /// Real seconds the broker is frozen after the kills (0: no hang).
    public var hangSeconds: Double
    /// The devices' and clients' keep-alive, in seconds.
    public var keepAlive: Int
    /// Commands per second.
    public var rate: Double
    /// Real seconds between two kills.
    public var interval: Double
    /// Real seconds a killed broker stays down.
    public var brokerDowntime: Double
    /// Real seconds a command is retried before it counts as failed.
    public var commandDeadline: Double
    /// The clock's speed.
    public var speed: Double

    /// The shortcut's settings.
    public init(devices: Int, brokerKills: Int, hangSeconds: Double, keepAlive: Int, rate: Double, interval: Double,
                brokerDowntime: Double, commandDeadline: Double, speed: Double) {
        self.devices = devices
        self.brokerKills = brokerKills
        self.hangSeconds = hangSeconds
        self.keepAlive = keepAlive
        self.rate = rate
        self.interval = interval
        self.brokerDowntime = brokerDowntime
        self.commandDeadline = commandDeadline
        self.speed = speed
    }

    /// The chaos scenario with these settings. Its first stage holds the broker's faults and lasts
    /// until two keep-alives after the last of them.
    public func scenario() throws(ScenarioFileError) -> Scenario {
        var scenario = try ShippedScenario.chaos.read()
        scenario.clock.speed = speed
        scenario.fleet.keepAlive = keepAlive
        scenario.resizeGeneratedFleet(to: devices)
        let every = interval * speed
        let hangAt = 60 + Double(brokerKills) * every
        for index in scenario.stages.indices {
            scenario.stages[index].actions = scenario.stages[index].actions.compactMap { action in
                switch action {
                case .commands(var commands):
                    commands.perSecond = rate
                    commands.deadline = commandDeadline
                    return .commands(commands)
                case .broker(let broker):
                    guard broker.kind == .kill, brokerKills > 0 else { return nil }
                    return .broker(BrokerAction(kind: .kill, at: 60, times: brokerKills, every: every, downtime: brokerDowntime, location: broker.location))
                default:
                    return action
                }
            }
        }
        guard !scenario.stages.isEmpty else { return scenario }
        if hangSeconds > 0 {
            scenario.stages[0].actions.append(.broker(BrokerAction(kind: .hang, at: hangAt, downtime: hangSeconds, location: scenario.stages[0].location)))
        }
        scenario.stages[0].length = .simulated(seconds: hangAt + (hangSeconds + Double(2 * keepAlive) + 10) * speed)
        return scenario
    }
}
