import Foundation
import HatchBrokerConfiguration
import HatchDeviceModel
import HatchDeviceSimulator
import HatchFleetProbes
import HatchMosquittoBroker
import HatchMQTT
import HatchScenarioFile

/// Where a scenario runs: the fleet the file describes, started by the engine, or devices it did not
/// start (real hardware, or a `hatchctl fleet run` elsewhere) on a given broker.
public enum ScenarioTargetChoice: Sendable {
    /// The file's fleet, in this process, on the file's broker (a private mosquitto by default).
    case simulated
    /// Devices the engine did not start, on `broker`; only what goes through the broker can run.
    case external(broker: MQTTBrokerURL, credentials: MQTTCredentials?, tls: MQTTTLSConfiguration? = nil)
}

/// A started target: the broker, the fleet and its clock when the engine owns them, and a presence
/// watcher that sees devices come and go on any target.
final class RunningTarget: Sendable {
    let label: String
    let brokerURL: MQTTBrokerURL
    let credentials: MQTTCredentials?
    let tls: MQTTTLSConfiguration?
    /// The private broker, when the engine started it.
    let lockedDown: LockedDownBroker?
    var broker: MosquittoBroker? { lockedDown?.broker }
    let fleet: Fleet?
    /// The fleet's shard processes, when the file asks for `shards` above 1 (then ``fleet`` is `nil`).
    let shards: ShardedFleet?
    /// The brightness the shards' devices report, when a scenario on shards has sunrises to follow.
    let light: ShadowLightFollower?
    let clock: SimulationClock?
    let shadowService: ShadowService?
    let presence: PresenceWatcher
    let things: [ThingName]
    /// Resident memory before the fleet started.
    let memoryBaseline: Int

    private init(label: String, brokerURL: MQTTBrokerURL, credentials: MQTTCredentials?, tls: MQTTTLSConfiguration? = nil, lockedDown: LockedDownBroker?, fleet: Fleet?,
                 shards: ShardedFleet? = nil, light: ShadowLightFollower? = nil, clock: SimulationClock?, shadowService: ShadowService?, presence: PresenceWatcher, things: [ThingName],
                 memoryBaseline: Int) {
        self.label = label
        self.brokerURL = brokerURL
        self.credentials = credentials
        self.tls = tls
        self.lockedDown = lockedDown
        self.fleet = fleet
        self.shards = shards
        self.light = light
        self.clock = clock
        self.shadowService = shadowService
        self.presence = presence
        self.things = things
        self.memoryBaseline = memoryBaseline
    }

    var simulated: Bool { fleet != nil || shards != nil }

    /// Starts the broker (when private), the shadow service (when split) and creates the fleet; the
    /// devices connect at `fleet.start()`.
    static func start(_ plan: ScenarioPlan, choice: ScenarioTargetChoice, launcher: ShardLauncher?, run: String, recorder: ScenarioRecorder,
                      ledgers: LedgerRouter) async throws -> RunningTarget {
        let things = plan.definition.devices.map(\.profile.thingName)
        let fleetSection = plan.scenario.fleet
        let keepAlive = Duration.seconds(fleetSection.keepAlive)
        switch choice {
        case .external(let url, let credentials, let tls):
            let presence = PresenceWatcher(broker: url, run: run, keepAlive: keepAlive, credentials: credentials, tls: tls)
            try await presence.start()
            return RunningTarget(label: "external devices on \(url)", brokerURL: url, credentials: credentials, tls: tls, lockedDown: nil, fleet: nil,
                                 clock: nil, shadowService: nil, presence: presence, things: things,
                                 memoryBaseline: ProcessResources.residentMemoryBytes)
        case .simulated:
            if fleetSection.shards > 1, launcher == nil { throw ScenarioRunError.shardsNeedLauncher }
            var lockedDown: LockedDownBroker?
            let url: MQTTBrokerURL
            let mode: ShadowServiceMode = fleetSection.shadowService == .split ? .external : .internal
            switch fleetSection.broker {
            case .private:
                let started = try await LockedDownBroker.start(
                    definition: plan.definition, shadowService: mode, countsDenials: plan.countsDenials,
                    fileDescriptorLimit: max(4096, things.count + 2048))
                lockedDown = started
                url = started.url
            case .external(let text, let location):
                do {
                    url = try MQTTBrokerURL(text)
                } catch {
                    throw ScenarioFileError(location, "'\(text)' is not a broker URL; write mqtt://host:port")
                }
            }
            do {
                let start = plan.scenario.clock.start ?? Date()
                let clock = SimulationClock(mode: .accelerated(speed: plan.scenario.clock.speed), startTime: start)
                let fleetCredentials = lockedDown?.fleetCredentials ?? .anonymous
                let controller = lockedDown?.controller
                var shadowService: ShadowService?
                if mode == .external {
                    let service = try ShadowService(configuration: ShadowServiceConfiguration(
                        broker: url, credentials: fleetCredentials.service?.credentials, clientID: "hatch-scenario-shadow-\(run)",
                        keepAlive: keepAlive, now: { clock.now }))
                    try await service.start()
                    shadowService = service
                }
                if fleetSection.shards > 1, let launcher {
                    let shards = try ShardedFleet(
                        setup: ShardedFleet.Setup(
                            launcher: launcher, count: fleetSection.shards, broker: url,
                            credentialsFile: lockedDown.map { $0.folder.appendingPathComponent(BrokerCredentialsFile.fileName) },
                            controller: controller, keepAlive: fleetSection.keepAlive, connectConcurrency: fleetSection.connectConcurrency,
                            shadowServiceApart: mode == .external, run: run),
                        plan: plan, clock: clock, recorder: recorder, ledgers: ledgers)
                    let presence = PresenceWatcher(broker: url, run: run, keepAlive: keepAlive, credentials: controller)
                    var light: ShadowLightFollower?
                    do {
                        try await shards.prepare()
                        try await presence.start()
                        if plan.hasSunrises {
                            let follower = ShadowLightFollower(broker: url, run: run, keepAlive: keepAlive, credentials: controller, tls: nil)
                            light = follower
                            try await follower.start()
                        }
                    } catch {
                        await shards.stop()
                        await presence.stop()
                        await light?.stop()
                        await shadowService?.stop()
                        throw error
                    }
                    let where_ = lockedDown == nil ? "broker \(url)" : "private locked-down mosquitto \(url)"
                    return RunningTarget(
                        label: "\(things.count) simulated devices in \(fleetSection.shards) shard processes on \(where_)"
                            + (shadowService == nil ? "" : ", shadow service apart"),
                        brokerURL: url, credentials: controller, lockedDown: lockedDown, fleet: nil, shards: shards, light: light, clock: clock,
                        shadowService: shadowService, presence: presence, things: things, memoryBaseline: 0)
                }
                var configuration = FleetConfiguration(
                    definition: plan.definition, broker: url, clock: clock, connectConcurrency: fleetSection.connectConcurrency,
                    tickInterval: .milliseconds(50), controlTopics: false, instanceName: "scenario-\(run)",
                    credentials: fleetCredentials, keepAlive: keepAlive, shadowService: mode)
                configuration.connectRate = plan.connectRate
                configuration.requestObserver = { _, request in ledgers.deviceHandled(request) }
                configuration.engineEventObserver = { thing, event, at in recorder.engineEvent(thing, event, at: at) }
                let baseline = ProcessResources.residentMemoryBytes
                let presence = PresenceWatcher(broker: url, run: run, keepAlive: keepAlive, credentials: controller)
                try await presence.start()
                let fleet = try Fleet(configuration: configuration)
                let where_ = lockedDown == nil ? "broker \(url)" : "private locked-down mosquitto \(url)"
                let shape = shadowService == nil ? "" : ", shadow service apart"
                return RunningTarget(label: "\(things.count) simulated devices on \(where_)\(shape)", brokerURL: url, credentials: controller,
                                     lockedDown: lockedDown, fleet: fleet, clock: clock, shadowService: shadowService, presence: presence,
                                     things: things, memoryBaseline: baseline)
            } catch {
                lockedDown?.stop()
                throw error
            }
        }
    }

    /// Publishes from devices the broker denied so far, or why that is not known.
    var denied: (count: Int?, unavailable: String?) {
        guard let lockedDown else {
            return (nil, simulated ? "the fleet runs on a broker the engine did not start" : "only the private broker the engine starts reports denials")
        }
        guard lockedDown.countsDenials else { return (nil, "the broker logs denials only when the scenario expects on broker.denied") }
        guard let count = lockedDown.deniedPublishes() else {
            return (nil, "the broker's log shows no publish from a device, so it cannot show a denied one")
        }
        return (count, nil)
    }

    /// The devices online now: the fleet's own count, the shard processes' counts, or presence for
    /// devices the engine did not start.
    var online: Int {
        if let fleet { return fleet.status().online }
        if let shards { return shards.online }
        return presence.onlineCount(things)
    }

    /// The devices online, counting only what shard processes answered since `since` (after a broker
    /// restart, an answer from before it says nothing); ``online`` for a fleet in this process.
    func online(answeredSince since: ContinuousClock.Instant) -> Int {
        shards?.online(answeredSince: since) ?? online
    }

    /// Fleet messages in and out so far (only a fleet the engine started).
    var messages: Int? {
        if let shards { return shards.messages }
        return fleet.map { $0.statistics.messagesIn + $0.statistics.messagesOut }
    }

    /// The fleet's resident memory: this process's, or the shard processes' in all.
    var residentMemoryBytes: Int {
        shards?.residentMemoryBytes ?? ProcessResources.residentMemoryBytes
    }

    /// Connects the fleet's devices: in this process (at the connect ramp's rate, set when the fleet
    /// was made), or by starting the shard processes with `connectRate`, then waiting (at most
    /// `timeout`) until they count every device online.
    func startFleet(connectRate: Double?, timeout: Duration) async throws {
        if let fleet { return try await fleet.start() }
        guard let shards else { return }
        try await shards.start(connectRate: connectRate)
        let deadline = ContinuousClock.now + timeout
        while online < things.count, ContinuousClock.now < deadline {
            await shards.refreshStatus()
            try await Task.sleep(for: .milliseconds(250))
        }
    }

    /// Brings the shards' message counts up to date (an in-process fleet's are always).
    func refresh() async {
        await shards?.refreshStatus()
    }

    /// Injects a fault into `devices`, in this process or on the shard of each; returns how many it hit.
    func inject(_ kind: FaultKind, into devices: [DeviceSpec]) async -> Int {
        let macs = devices.map(\.profile.macAddress.rawValue)
        if let shards { return await shards.inject(kind, devices: macs) }
        return await fleet?.inject(FaultInjection(kind: kind, target: .devices(macs))).count ?? 0
    }

    /// Those of `things` the fleet in this process does not have online now.
    func away(_ things: [ThingName], in fleet: Fleet) async -> [ThingName] {
        var away: [ThingName] = []
        for thing in things where !(await fleet.device(thing.rawValue)?.isOnline ?? false) { away.append(thing) }
        return away
    }

    /// Stops the fleet, the shadow service, the presence watcher and the private broker.
    func stop() async {
        await fleet?.stop()
        await shards?.stop()
        await light?.stop()
        await shadowService?.stop()
        await presence.stop()
        lockedDown?.stop()
    }
}
