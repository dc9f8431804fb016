import Foundation
import HatchDeviceModel
import HatchDeviceSimulator
import HatchFleetProbes
import HatchIoTActionSenderClient
import HatchMosquittoBroker
import HatchMQTT
import HatchScenarioFile
import HatchSeededRandom
import Synchronization

/// The actions of one stage while it runs: the controller clients' commands, the alarms and routines
/// set through the action sender (the client `hatchctl` uses), faults, broker actions and clock
/// changes, each at its simulated time.
final class StageActions: Sendable {
    private let sequence: StageSequence
    private let stage: ScenarioStage
    private let number: Int
    private let simStart: Date
    private let clients = Mutex<[ChaosClient]>([])
    private let ledger = CommandLedger(keepingReplies: false)
    private let alarmsPending = Mutex<Int>(0)
    private let appSession: MQTTSession
    /// Set when the stage's length is over: no fault or broker action starts any more, while the
    /// recoveries already being watched finish.
    private let winding = Atomic<Bool>(false)
    /// Alarms set after their time of day had passed, so due the next day.
    private let lateAlarms = Atomic<Int>(0)
    /// Faults and broker actions that never started because the stage ended first.
    private let notStarted = Mutex<[String]>([])

    init(sequence: StageSequence, stage: ScenarioStage, number: Int, simStart: Date) {
        self.sequence = sequence
        self.stage = stage
        self.number = number
        self.simStart = simStart
        let target = sequence.target
        appSession = MQTTSession(configuration: MQTTConfiguration(
            broker: target.brokerURL, clientID: "hatch-scenario-app-\(sequence.run)-\(number)", keepAlive: .seconds(sequence.plan.scenario.fleet.keepAlive),
            credentials: target.credentials, tls: target.tls, reconnect: MQTTReconnectPolicy(initialDelay: .milliseconds(100), maximumDelay: .seconds(2))))
    }

    private var target: RunningTarget { sequence.target }
    private var recorder: ScenarioRecorder { sequence.recorder }
    private var devices: [DeviceSpec] { sequence.plan.definition.devices }
    private var say: @Sendable (String) -> Void { sequence.options.progress }
    private var tokenPrefix: String { "\(sequence.run)s\(number)" }

    /// The tasks of a stage: those cancelled when it ends, and faults and broker actions, which stop
    /// starting new ones and finish the recovery they are watching.
    struct Work {
        var cancelled: [Task<Void, Never>] = []
        var finishing: [Task<Void, Never>] = []
    }

    /// Starts `actions`; returns the tasks that carry them out.
    func start(_ actions: [PlannedAction]) async throws -> Work {
        var tasks: [Task<Void, Never>] = []
        var finishing: [Task<Void, Never>] = []
        let needsApp = actions.contains { if case .alarms = $0 { true } else if case .routines = $0 { true } else { false } }
        if needsApp { try await appSession.connect() }
        sequence.ledgers.add(ledger, prefix: tokenPrefix)
        for action in actions {
            switch action {
            case .clock:
                break  // applied before the stage's simulated start is read (StageSequence)
            case .connect(let rate):
                if target.simulated {
                    sequence.devicesConnecting()
                    recorder.mark(.stage, "devices connecting")
                    tasks.append(Task { [say, target, timeout = sequence.connectTimeout] in
                        do { try await target.startFleet(connectRate: rate, timeout: timeout) } catch { say("the fleet did not start: \(error)") }
                    })
                }
            case .commands(let commands, let indices):
                try await startCommands(commands, indices: indices)
            case .alarms(let alarms, let indices):
                tasks.append(Task { await self.setAlarms(alarms, indices: indices) })
            case .routines(let routines, let indices):
                tasks.append(Task { await self.startRoutines(routines, indices: indices) })
            case .fault(let kind, let fault, let indices):
                finishing.append(Task { await self.inject(kind, fault, indices: indices) })
            case .broker:
                break  // all of them in one task, below
            }
        }
        let brokerActions = actions.compactMap { if case .broker(let action) = $0 { action } else { nil } }
        if !brokerActions.isEmpty { finishing.append(Task { await self.brokerActions(brokerActions) }) }
        return Work(cancelled: tasks, finishing: finishing)
    }

    /// Stops the stage's work: the clients stop sending, and with `drain` every command they sent gets
    /// until its deadline to be answered. Returns the stage's command accounting.
    func stop(_ work: Work, drain: Bool) async -> CommandLedger.Totals {
        winding.store(true, ordering: .relaxed)
        if drain {
            for task in work.finishing { _ = await task.value }
        }
        let tasks = work.cancelled + work.finishing
        let clients = clients.withLock { $0 }
        clients.forEach { $0.pause() }
        if drain, let deadline = commandDeadline {
            _ = await clients.first?.drain(timeout: .milliseconds(Int((deadline + 5) * 1000)))
        }
        for client in clients { await client.stop() }
        tasks.forEach { $0.cancel() }
        for task in tasks { _ = await task.value }
        await appSession.disconnect()
        target.shards?.catchUp()
        return ledger.totals()
    }

    /// The faults and broker actions the stage's length left no time for.
    var actionsNotStarted: [String] { notStarted.withLock { $0 } }

    private var commandDeadline: Double? {
        stage.actions.compactMap { if case .commands(let commands) = $0 { commands.deadline } else { nil } }.max()
    }

    /// Whether `condition` holds now.
    func holds(_ condition: StageCondition) async -> Bool {
        switch condition {
        case .allOnline: return target.online >= target.things.count
        case .commandsSettled: return ledger.outstanding == 0
        case .alarmsDone: return alarmsPending.withLock { $0 } == 0 && recorder.alarmsOpen == 0
        }
    }

    // MARK: - Clock

    static func changeClock(_ change: ClockAction, target: RunningTarget, recorder: ScenarioRecorder) async {
        guard let clock = target.clock else { return }
        switch change {
        case .jump(let seconds):
            clock.advance(by: seconds)
            recorder.mark(.clock, "clock jump \(String(format: "%+g", seconds)) s")
        case .speed(let speed):
            clock.setSpeed(speed)
            recorder.mark(.clock, "clock ×\(String(format: "%g", speed))")
        case .pause:
            clock.setSpeed(0)
            recorder.mark(.clock, "clock paused")
        }
        // Shard processes take the whole clock, so the time a request spends on its way does not count.
        await target.shards?.setClock()
    }

    /// Sleeps until the simulated clock reaches `offset` seconds after the stage began (real time on
    /// devices the engine did not start, at the file's speed).
    private func waitUntil(offset: Double) async throws {
        if let clock = target.clock {
            let due = simStart.addingTimeInterval(offset)
            while clock.now < due {
                if winding.load(ordering: .relaxed) { throw CancellationError() }
                let remaining = clock.realInterval(until: due) ?? 0.05
                try await Task.sleep(for: .milliseconds(max(5, min(250, Int(remaining * 1000)))))
            }
        } else {
            try await Task.sleep(for: .milliseconds(Int(offset / max(0.001, sequence.plan.scenario.clock.speed) * 1000)))
        }
        if winding.load(ordering: .relaxed) { throw CancellationError() }
    }

    // MARK: - Commands

    private func startCommands(_ commands: CommandsAction, indices: [Int]) async throws {
        let targets = indices.map { ChaosClient.Target(thing: devices[$0].profile.thingName, product: devices[$0].profile.product) }
        guard !targets.isEmpty else { return }
        let seed = sequence.plan.seed
        let kinds = commands.kinds
        let routineIDs: [ThingName: Int] = Dictionary(indices.compactMap { index in
            devices[index].initialSettings.routines.items.first(where: \.enabled).map { (devices[index].profile.thingName, $0.id) }
        }, uniquingKeysWith: { first, _ in first })
        let recorder = recorder
        let count = max(1, commands.clients)
        for client in 0..<count {
            let run = "\(tokenPrefix)-c\(client)"
            let share = targets.indices.filter { $0 % count == client }.map { targets[$0] }
            guard !share.isEmpty else { continue }
            let chaos = ChaosClient(
                broker: target.brokerURL, run: run, targets: share, keepAlive: .seconds(sequence.plan.scenario.fleet.keepAlive),
                attemptTimeout: .seconds(min(5, commands.deadline)), deadline: .milliseconds(Int(commands.deadline * 1000)), ledger: ledger,
                credentials: target.credentials, tls: target.tls, qos: commands.qos == 0 ? .atMostOnce : .atLeastOnce,
                makeCommand: { number, device in
                    var random = SeededRandom(seed: seed &+ UInt64(number) &* 7919 &+ SeededRandom.seed(from: run))
                    let action = Self.action(kinds.randomElement(using: &random) ?? .light, for: device.product, routine: routineIDs[device.thing],
                                             random: &random)
                    return ChaosCommand.action(action, sequence: number, run: run, thing: device.thing, product: device.product)
                },
                settled: { command, elapsed, accepted in
                    recorder.answered(command.thing, milliseconds: elapsed.seconds * 1000, accepted: accepted)
                })
            clients.withLock { $0.append(chaos) }
            try await chaos.start(rate: commands.perSecond / Double(count), perDevice: true)
        }
    }

    /// A command of `kind` that `product` understands: light commands on a product without a light, and
    /// routine starts on a device without a routine (`routine`, its first enabled one), become volume changes.
    static func action(_ kind: CommandsAction.Kind, for product: HardwareProduct, routine: Int?, random: inout SeededRandom) -> DeviceAction {
        let capabilities = product.capabilities
        switch kind {
        case .light where capabilities.light:
            let level = Int.random(in: 1_000...65_535, using: &random)
            return .setColor(r: Int.random(in: 0...65_535, using: &random), g: Int.random(in: 0...65_535, using: &random),
                             b: Int.random(in: 0...65_535, using: &random), w: 0, intensity: level)
        case .sound:
            return .playSound(id: Int.random(in: 2...10, using: &random), volume: Int.random(in: 1_000...40_000, using: &random))
        case .routineStart where capabilities.routines && routine != nil:
            return .startRoutine(id: routine ?? 1)
        case .routineStop:
            return .turnOff
        case .snooze where capabilities.alarms:
            return .snooze(startTime: 0)
        case .dismiss where capabilities.alarms:
            return .dismissAlarm
        default:
            return .setVolume(Int.random(in: 1_000...60_000, using: &random))
        }
    }

    // MARK: - Alarms

    private func setAlarms(_ alarms: AlarmsAction, indices: [Int]) async {
        // Devices the engine did not start keep real time (hardware) or their own clock near it.
        let now: @Sendable () -> Date = { [clock = target.clock] in clock?.now ?? Date() }
        let sender = IoTActionSenderClient.live(session: appSession, timeout: .seconds(15))
        alarmsPending.withLock { $0 = indices.count }
        let span = max(0, alarms.to - alarms.from)
        var random = SeededRandom(seed: sequence.plan.seed &+ 31)
        let plans: [(Int, Int, Bool, Bool)] = indices.enumerated().map { order, index in
            let minute = alarms.from + (indices.count > 1 ? span * order / (indices.count - 1) : 0)
            let snooze = Double.random(in: 0..<1, using: &random) < alarms.snooze
            let dismiss = Double.random(in: 0..<1, using: &random) < alarms.dismiss
            return (index, minute, snooze, dismiss)
        }
        var failures = 0
        var firstFailure: String?
        await withTaskGroup(of: String?.self) { group in
            var iterator = plans.makeIterator()
            func addNext() -> Bool {
                guard let (index, minute, snooze, dismiss) = iterator.next() else { return false }
                group.addTask {
                    await self.setAlarm(on: self.devices[index], minute: minute, sunrise: alarms.sunrise, snooze: snooze, dismiss: dismiss,
                                        now: now, sender: sender)
                }
                return true
            }
            for _ in 0..<64 where !addNext() { break }
            for await failure in group {
                if let failure {
                    failures += 1
                    if firstFailure == nil { firstFailure = failure }
                }
                alarmsPending.withLock { $0 -= 1 }
                _ = addNext()
            }
        }
        say("  alarms set on \(indices.count - failures)/\(indices.count) device(s)"
            + (firstFailure.map { " (\(failures) not accepted; the first: \($0))" } ?? ""))
        let late = lateAlarms.load(ordering: .relaxed)
        if late > 0 {
            say("  warning: \(late) alarm(s) were set after their time today and are due tomorrow; start the clock earlier or slow it down")
        }
        await respondToAlarms(sender: sender)
    }

    /// Sets one alarm; returns why it was not accepted, or `nil` when it was.
    private func setAlarm(on spec: DeviceSpec, minute: Int, sunrise: Bool, snooze: Bool, dismiss: Bool, now: @Sendable () -> Date,
                          sender: IoTActionSenderClient) async -> String? {
        let profile = spec.profile
        guard let wake = try? TimeOfDay(hour: minute / 60, minute: minute % 60) else { return "\(minute) is not a time of day" }
        let alarm = Alarm(id: 0, name: "Scenario \(String(format: "%02d:%02d", minute / 60, minute % 60))", daysOfWeek: .once, wakeTime: wake,
                          sunriseLead: sunrise ? 1800 : 0)
        do {
            let receipt = try await Self.retryingTransport {
                try await sender.editAlarms(RecordRequest(op: .create, item: alarm), profile.macAddress, profile.product)
            }
            guard let id = receipt.id else { return "\(profile.name) accepted the alarm without an id" }
            let zone = TimeZone(identifier: spec.initialSettings.timezone) ?? .gmt
            let setAt = now()
            if Self.next(minute, after: setAt, in: zone).timeIntervalSince(setAt) > 23 * 3600 {
                lateAlarms.add(1, ordering: .relaxed)
            }
            recorder.setAlarm(ScenarioRecorder.SetAlarm(thing: profile.thingName, id: id, due: Self.next(minute, after: now(), in: zone),
                                                        timeZone: zone, snooze: snooze, dismiss: dismiss, product: profile.product,
                                                        macAddress: profile.macAddress))
            return nil
        } catch {
            return "\(profile.name): \(error)"
        }
    }

    /// `body`, tried up to three times a second apart while it fails in the transport (a session that
    /// could not send, on a machine short of descriptors for a moment); the device's answers are final.
    static func retryingTransport<T>(_ body: () async throws -> T) async throws -> T {
        var attempt = 1
        while true {
            do {
                return try await body()
            } catch IoTActionSenderError.transport where attempt < 3 {
                attempt += 1
                try await Task.sleep(for: .seconds(1))
            }
        }
    }

    /// When an alarm set for `minute` minutes after midnight in `zone` is due, the first after `now`:
    /// a time the spring change skips is due when the clock passes it (the change itself), a time the
    /// autumn change repeats at its first occurrence — the rule the device documents.
    static func next(_ minute: Int, after now: Date, in zone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.nextDate(after: now, matching: DateComponents(hour: minute / 60, minute: minute % 60, second: 0),
                                 matchingPolicy: .nextTime, repeatedTimePolicy: .first, direction: .forward) ?? now
    }

    /// Snoozes and dismisses ringing alarms from the client, as the scenario chose, until the stage ends.
    private func respondToAlarms(sender: IoTActionSenderClient) async {
        var index = recorder.eventCount
        while !Task.isCancelled {
            let events = recorder.events(from: index)
            index += events.count
            for event in events {
                guard case .alarmFired(let id) = event.event, let alarm = recorder.alarmToAnswer(event.thing, id) else { continue }
                let action: DeviceAction = alarm.snoozeNext ? .snooze(startTime: Int(event.simulated.timeIntervalSince1970)) : .dismissAlarm
                Task { [recorder] in
                    do {
                        _ = try await sender.send(action, alarm.macAddress, alarm.product)
                        recorder.answeredAlarm(event.thing, id, snoozed: alarm.snoozeNext)
                    } catch {
                        recorder.answeredAlarm(event.thing, id, snoozed: alarm.snoozeNext, failed: true)
                    }
                }
            }
            try? await Task.sleep(for: .milliseconds(100))
        }
    }

    // MARK: - Routines

    private func startRoutines(_ routines: RoutinesAction, indices: [Int]) async {
        let sender = IoTActionSenderClient.live(session: appSession, timeout: .seconds(15))
        var started: [(DeviceSpec, Routine)] = []
        await withTaskGroup(of: (DeviceSpec, Routine)?.self) { group in
            for index in indices {
                let spec = devices[index]
                guard let routine = spec.initialSettings.routines.items.first(where: \.enabled) else { continue }
                group.addTask {
                    do {
                        _ = try await sender.send(.startRoutine(id: routine.id), spec.profile.macAddress, spec.profile.product)
                        let total = routine.steps.allSatisfy { $0.duration > 0 } ? Double(routine.steps.reduce(0) { $0 + $1.duration }) : nil
                        if let total {
                            self.recorder.startedRoutine(ScenarioRecorder.StartedRoutine(thing: spec.profile.thingName, id: routine.id, totalSeconds: total))
                        }
                        return (spec, routine)
                    } catch {
                        return nil
                    }
                }
            }
            for await entry in group { if let entry { started.append(entry) } }
        }
        say("  routines started on \(started.count)/\(indices.count) device(s)")
        // Stop some in the middle of their first step.
        for (spec, routine) in started.prefix(routines.stopMidStep) {
            let half = Double(routine.steps.first?.duration ?? 60) / 2
            do { try await waitUntil(offset: half) } catch { return }
            do {
                _ = try await sender.send(.turnOff, spec.profile.macAddress, spec.profile.product)
                recorder.stoppedRoutine(spec.profile.thingName, routine.id)
            } catch {
                say("  could not stop the routine on \(spec.profile.name): \(error)")
            }
        }
    }

    // MARK: - Faults

    /// Injects `kind` at each of its times; the recovery after each (and whether the presence client saw
    /// the devices go) is watched beside the next injection, which keeps its time.
    private func inject(_ kind: FaultKind, _ fault: FaultAction, indices: [Int]) async {
        guard target.simulated else { return }
        let hit = indices.map { devices[$0] }
        let length: Double? = switch kind {
        case .dropConnection(let after): after
        case .offline(let seconds): seconds
        case .reboot: 0
        default: nil
        }
        await withTaskGroup(of: Void.self) { watches in
            for repeat_ in 0..<max(1, fault.times) {
                let label = "fault \(kind.name) on \(hit.count) device(s)" + (fault.times > 1 ? " \(repeat_ + 1)/\(fault.times)" : "")
                do {
                    try await waitUntil(offset: fault.at + Double(repeat_) * fault.every)
                } catch {
                    notStarted.withLock { $0 += (repeat_..<max(1, fault.times)).map { "fault \(kind.name) \($0 + 1)/\(fault.times)" } }
                    break
                }
                recorder.mark(.fault, label)
                let injected = ContinuousClock.now
                _ = await target.inject(kind, into: hit)
                guard let length else { continue }
                watches.addTask { await self.watch(label, hit: hit, injected: injected, length: length) }
            }
        }
    }

    /// After a connection fault: whether the presence client saw every device go, and how long after the
    /// fault's end they were all back.
    private func watch(_ label: String, hit: [DeviceSpec], injected: ContinuousClock.Instant, length: Double) async {
        let things = hit.map(\.profile.thingName)
        let keepAlive = Duration.seconds(sequence.plan.scenario.fleet.keepAlive)
        let presence = Task { [recorder, target] in
            // The presence client must see each device go (its last will or a clean offline).
            let gone = await target.presence.waitUntil(online: false, things: things, since: injected, timeout: keepAlive * 2 + .seconds(5))
            recorder.missedPresence(gone.values.count { $0 == nil })
        }
        try? await Task.sleep(until: injected + .milliseconds(Int(length * 1000)))
        await watchRecovery(label, things: things, injected: injected, length: length)
        await presence.value
    }

    /// Measures how long after a fault's end the devices it hit were all online again: as the fleet in
    /// this process sees them, or, for shard processes, from the first `online` each published after
    /// the fault (a record from before it, or a last will still to come, would say nothing about the return).
    private func watchRecovery(_ label: String, things: [ThingName], injected: ContinuousClock.Instant, length: Double) async {
        let ended = ContinuousClock.now
        let limit = Duration.seconds(sequence.plan.scenario.fleet.keepAlive * 2) + .seconds(length)
        guard let fleet = target.fleet else {
            let back = await target.presence.waitUntil(online: true, things: things, since: injected, timeout: ended - injected + limit)
            let notBack = back.values.count { $0 == nil }
            let latest = back.values.compactMap { $0 }.max() ?? .zero
            let seconds = notBack == 0 ? max(0, (latest - .milliseconds(Int(length * 1000))).seconds) : nil
            return recorder.recovered(ScenarioRecorder.Recovery(t: recorder.now, label: label, seconds: seconds, notBack: notBack))
        }
        var waiting = things
        while !waiting.isEmpty, ContinuousClock.now - ended < limit, !Task.isCancelled {
            waiting = await target.away(waiting, in: fleet)
            if !waiting.isEmpty { try? await Task.sleep(for: .milliseconds(100)) }
        }
        let seconds = waiting.isEmpty ? (ContinuousClock.now - ended).seconds : nil
        recorder.recovered(ScenarioRecorder.Recovery(t: recorder.now, label: label, seconds: seconds, notBack: waiting.count))
    }

    // MARK: - Broker

    /// Every broker action of the stage, one at a time in the order they fall due: a kill waits for
    /// the recovery of the hang before it, so that each recovery is measured on its own.
    private func brokerActions(_ actions: [BrokerAction]) async {
        guard let broker = target.broker else { return }
        var occurrences: [(offset: Double, action: BrokerAction, label: String)] = []
        for action in actions {
            for index in 0..<max(1, action.times) {
                let count = action.times > 1 ? " \(index + 1)/\(action.times)" : ""
                occurrences.append((action.at + Double(index) * action.every, action, "broker \(action.kind.rawValue)\(count)"))
            }
        }
        occurrences.sort { $0.offset < $1.offset }
        for (index, occurrence) in occurrences.enumerated() {
            do {
                try await waitUntil(offset: occurrence.offset)
            } catch {
                notStarted.withLock { $0 += occurrences[index...].map(\.label) }
                return
            }
            await brokerAction(occurrence.action, label: occurrence.label, on: broker)
        }
    }

    private func brokerAction(_ action: BrokerAction, label: String, on broker: MosquittoBroker) async {
        let before = target.online
        recorder.mark(.broker, label)
        say("  \(label)")
        switch action.kind {
        case .kill: broker.kill()
        case .restart: broker.stop()
        case .hang: broker.suspend()
        }
        try? await Task.sleep(for: .milliseconds(Int(action.downtime * 1000)))
        switch action.kind {
        case .kill, .restart:
            do { try await broker.restart() } catch { say("  the broker did not restart: \(error)") }
        case .hang:
            broker.resume()
        }
        let back = ContinuousClock.now
        let limit = Duration.seconds(sequence.plan.scenario.fleet.keepAlive * 2) + .seconds(5)
        // A hang the devices' keep-alive did not notice leaves them online: then they are back at once.
        try? await Task.sleep(for: .milliseconds(200))
        while target.online(answeredSince: back) < before, ContinuousClock.now - back < limit {
            await target.refresh()
            try? await Task.sleep(for: .milliseconds(100))
        }
        let missing = max(0, before - target.online(answeredSince: back))
        recorder.recovered(ScenarioRecorder.Recovery(t: recorder.now, label: label, seconds: missing == 0 ? (ContinuousClock.now - back).seconds : nil,
                                                     notBack: missing))
    }
}
