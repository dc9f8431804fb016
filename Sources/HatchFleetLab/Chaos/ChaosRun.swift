import Foundation
import HatchDeviceModel
import HatchDeviceSimulator
import HatchFleetProbes
import HatchMQTT
import HatchMosquittoBroker
import Synchronization

/// One chaos run: a fleet and a commanding client on a private mosquitto with persistence, then
/// broker kills, a broker hang and fleet kills while commands flow; finally the accounting.
///
/// Phases: (1) the fleet in this process, the client sending; the broker is SIGKILLed and restarted
/// on the same port `brokerKills` times, then frozen with SIGSTOP for `hangSeconds`. (2) The same
/// devices (same state folder) in a `hatchctl fleet run` child, SIGKILLed `fleetKills` times while
/// commands flow: every device must show offline by its last will within 1.5 × keep-alive, the
/// state files must be readable, and after a restart every device must show what was last accepted.
package struct ChaosRun {
    package let settings: ChaosSettings
    /// Progress lines (standard error).
    package let say: @Sendable (String) -> Void

    /// Creates one chaos run.
    package init(settings: ChaosSettings, say: @escaping @Sendable (String) -> Void) {
        self.settings = settings
        self.say = say
    }

    private var keepAlive: Duration { .seconds(settings.keepAlive) }
    private var things: [ThingName] { settings.definition.devices.map(\.profile.thingName) }

    package func run() async throws -> ChaosReport {
        let started = ContinuousClock.now
        let run = String(UUID().uuidString.prefix(8)).lowercased()
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("hatch-chaos-\(run)", isDirectory: true)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let count = settings.definition.devices.count
        var report = ChaosReport(devices: count, keepAliveSeconds: settings.keepAlive, commandsPerSecond: settings.rate, speed: settings.speed)

        let broker = try await MosquittoBroker.start(options: .init(persistence: true, fileDescriptorLimit: max(4096, count * 4 + 1024)))
        defer { broker.stop() }
        let url = try MQTTBrokerURL(broker.url)
        say("private mosquitto (persistent) at \(broker.url); work folder \(work.path)")

        let ledger = CommandLedger()
        let stateDirectory = work.appendingPathComponent("state", isDirectory: true)
        let clock = SimulationClock(mode: .accelerated(speed: settings.speed), startTime: Date(timeIntervalSince1970: 1_767_600_000))
        let fleet = try Fleet(configuration: FleetConfiguration(
            definition: settings.definition, broker: url, clock: clock, stateDirectory: stateDirectory, tickInterval: .milliseconds(50),
            controlTopics: false, keepAlive: keepAlive, requestObserver: { _, request in ledger.deviceHandled(request) }))
        try await fleet.start()
        say("\(fleet.status().online)/\(count) devices online, routines running at ×\(String(format: "%g", settings.speed))")

        let watcher = PresenceWatcher(broker: url, run: run, keepAlive: keepAlive)
        try await watcher.start()
        let targets = settings.definition.devices.map { ChaosClient.Target(thing: $0.profile.thingName, product: $0.profile.product) }
        let client = ChaosClient(broker: url, run: run, targets: targets, keepAlive: keepAlive,
                                 attemptTimeout: .milliseconds(Int(settings.attemptTimeout * 1000)),
                                 deadline: .milliseconds(Int(settings.commandDeadline * 1000)), ledger: ledger)
        try await client.start(rate: settings.rate)
        let inProcess = Atomic<Bool>(true)
        let things = self.things
        let ticker = Task { [say] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(2))
                let totals = ledger.totals()
                // The in-process fleet counts its own connections; the child fleet's are seen as presence.
                let online = inProcess.load(ordering: .relaxed) ? fleet.status().online : watcher.onlineCount(things)
                say("  \(online)/\(count) online · sent \(totals.sent), accepted \(totals.accepted), failed \(totals.failed), open \(ledger.outstanding)")
            }
        }
        defer { ticker.cancel() }

        // Phase 1: broker kills and a hang, fleet in this process.
        var samples: [Double] = []
        try await pause(settings.interval)
        report.brokerKills = settings.brokerKills
        for index in 0..<settings.brokerKills {
            say("broker kill \(index + 1)/\(settings.brokerKills): SIGKILL")
            let onlineBefore = fleet.status().online
            broker.kill()
            let disconnected = await waitForOffline(fleet, onlineBefore: onlineBefore, timeout: .seconds(5))
            try await pause(settings.brokerDowntime)
            try await broker.restart()
            let restarted = ContinuousClock.now
            let delays = await recovery(of: fleet.devices, since: restarted, timeout: keepAlive * 2 + .seconds(10))
            let recovery = summarize("kill", delays, disconnected: disconnected, samples: &samples)
            report.recoveries.append(recovery)
            if recovery.devicesNotBack == 0 { report.brokerKillsSurvived += 1 }
            say("  restarted; \(disconnected) devices had disconnected, all back after \(recovery.allOnlineSeconds.map { String(format: "%.2f s", $0) } ?? "never")")
            try await pause(settings.interval)
        }
        if settings.hangSeconds > 0 {
            report.hangSeconds = settings.hangSeconds
            say(String(format: "broker hang: SIGSTOP for %.0f s (keep-alive %d s)", settings.hangSeconds, settings.keepAlive))
            broker.suspend()
            var lowest = fleet.status().online
            let end = ContinuousClock.now + .milliseconds(Int(settings.hangSeconds * 1000))
            while ContinuousClock.now < end {
                try await Task.sleep(for: .milliseconds(100))
                lowest = min(lowest, fleet.status().online)
            }
            broker.resume()
            let resumed = ContinuousClock.now
            report.devicesThatNoticedHang = count - lowest
            let delays = await recovery(of: fleet.devices, since: resumed, timeout: keepAlive * 2 + .seconds(10))
            let recovery = summarize("hang", delays, disconnected: count - lowest, samples: &samples)
            report.recoveries.append(recovery)
            say("  SIGCONT; \(count - lowest) devices noticed, all back after \(recovery.allOnlineSeconds.map { String(format: "%.2f s", $0) } ?? "never")")
            try await pause(settings.interval)
        }
        report.recoveryMaxSeconds = samples.max()
        report.recoveryP99Seconds = percentile(samples, 0.99)

        client.pause()
        say("draining: waiting for every command sent to be answered or to fail")
        _ = await client.drain(timeout: .milliseconds(Int((settings.commandDeadline + 5) * 1000)))
        report.settingsMismatchesAfterBrokerFaults = await settingsMismatches(client: client, ledger: ledger)
        report.presenceNotOnline += watcher.notOnline(things).map { "\($0) (after broker faults)" }
        say("stopping the in-process fleet")
        await fleet.stop()
        inProcess.store(false, ordering: .relaxed)

        // Phase 2: fleet kills, fleet in a child process on the same state folder.
        report.fleetKills = settings.fleetKills
        if settings.fleetKills > 0 {
            let fleetFile: URL
            if let text = settings.fleetFileText {
                fleetFile = work.appendingPathComponent("fleet.yaml")
                try text.write(to: fleetFile, atomically: true, encoding: .utf8)
            } else {
                fleetFile = settings.fleetFile!
            }
            let log = work.appendingPathComponent("requests.log")
            let setup = FleetChild.Setup(fleetFile: fleetFile, broker: broker.url, stateDirectory: stateDirectory, requestLog: log,
                                         speed: settings.speed, keepAlive: settings.keepAlive, workDirectory: work)
            var child = try await launch(setup, watcher: watcher)
            client.resume()
            for index in 0..<settings.fleetKills {
                try await pause(settings.interval)
                say("fleet kill \(index + 1)/\(settings.fleetKills): SIGKILL of the fleet process \(child.processIdentifier)")
                let killed = ContinuousClock.now
                child.kill()
                client.pause()
                var result = ChaosReport.FleetKill(offlineByWillInTime: 0, lastWillMaxSeconds: nil, unreadableStateFiles: [],
                                                   allOnlineSeconds: nil, devicesChecked: 0, settingsMismatches: [])
                let wills = await watcher.waitUntil(online: false, things: things, since: killed, timeout: keepAlive * 3 / 2 + .seconds(2))
                let willBound = Double(settings.keepAlive) * 1.5
                result.offlineByWillInTime = wills.values.filter { $0.map { $0.seconds <= willBound } ?? false }.count
                result.lastWillMaxSeconds = wills.values.compactMap { $0?.seconds }.max()
                result.unreadableStateFiles = unreadableStateFiles(in: stateDirectory)
                say("  \(result.offlineByWillInTime)/\(count) offline by last will; \(result.unreadableStateFiles.count) unreadable state files; restarting")
                let restarted = ContinuousClock.now
                child = try FleetChild.launch(setup)
                let online = await watcher.waitUntil(online: true, things: things, since: restarted, timeout: startupTimeout(count))
                if online.values.allSatisfy({ $0 != nil }) { result.allOnlineSeconds = online.values.compactMap { $0?.seconds }.max() }
                _ = await client.drain(timeout: .milliseconds(Int((settings.commandDeadline + 5) * 1000)))
                let accepted = ledger.acceptedByDevice()
                result.devicesChecked = accepted.count
                result.settingsMismatches = await settingsMismatches(client: client, ledger: ledger)
                if result.settingsMismatches.isEmpty && result.unreadableStateFiles.isEmpty { report.fleetKillsSurvivedWithSettingsIntact += 1 }
                say("  back online; settings intact on \(result.devicesChecked - result.settingsMismatches.count)/\(result.devicesChecked) devices")
                report.fleetKillResults.append(result)
                client.resume()
            }
            try await pause(settings.interval)
            client.pause()
            _ = await client.drain(timeout: .milliseconds(Int((settings.commandDeadline + 5) * 1000)))
            report.presenceNotOnline += watcher.notOnline(things).map { "\($0) (after fleet kills)" }
            await child.stop()
            for entry in RequestLog.read(log) { ledger.deviceHandled(entry.request) }
        }

        report.clientConnectionLosses = client.connectionLosses
        await client.stop()
        await watcher.stop()
        report.commands = ledger.totals()
        (report.duplicatedExamples, report.lostExamples) = ledger.problems()
        report.durationSeconds = (ContinuousClock.now - started).seconds
        report.judge()
        return report
    }

    // MARK: Steps

    private func pause(_ seconds: Double) async throws {
        try await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
    }

    private func startupTimeout(_ count: Int) -> Duration {
        .seconds(60 + count / 20)
    }

    /// Starts the child fleet and waits until every device published `online`.
    private func launch(_ setup: FleetChild.Setup, watcher: PresenceWatcher) async throws -> FleetChild {
        let launched = ContinuousClock.now
        let child = try FleetChild.launch(setup)
        let online = await watcher.waitUntil(online: true, things: things, since: launched, timeout: startupTimeout(things.count))
        let missing = online.values.filter { $0 == nil }.count
        say("fleet process \(child.processIdentifier): \(things.count - missing)/\(things.count) devices online")
        return child
    }

    /// Waits until no device is online (they all noticed the broker went away); returns how many of
    /// the `onlineBefore` lost their connection.
    private func waitForOffline(_ fleet: Fleet, onlineBefore before: Int, timeout: Duration) async -> Int {
        let end = ContinuousClock.now + timeout
        while fleet.status().online > 0, ContinuousClock.now < end { try? await Task.sleep(for: .milliseconds(20)) }
        return before - fleet.status().online
    }

    /// For each device, how long after `since` it was online again (nil: not within `timeout`).
    private func recovery(of devices: [SimulatedDevice], since: ContinuousClock.Instant, timeout: Duration) async -> [Duration?] {
        var result = [Duration?](repeating: nil, count: devices.count)
        let end = since + timeout
        while ContinuousClock.now < end {
            var missing = 0
            for index in devices.indices where result[index] == nil {
                if await devices[index].isOnline { result[index] = ContinuousClock.now - since } else { missing += 1 }
            }
            if missing == 0 { break }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return result
    }

    private func summarize(_ fault: String, _ delays: [Duration?], disconnected: Int, samples: inout [Double]) -> ChaosReport.Recovery {
        let back = delays.compactMap { $0?.seconds }
        samples += back
        let missing = delays.count - back.count
        return ChaosReport.Recovery(fault: fault, devicesDisconnected: disconnected, allOnlineSeconds: missing == 0 ? back.max() ?? 0 : nil,
                                    devicesNotBack: missing)
    }

    /// State files that do not load (half-written or corrupt).
    private func unreadableStateFiles(in directory: URL) -> [String] {
        guard let store = try? DeviceStateStore(directory: directory) else { return [directory.path] }
        return things.compactMap { thing in
            do {
                _ = try store.load(thing)
                return nil
            } catch {
                return "\(thing.rawValue): \(error)"
            }
        }
    }

    /// Devices whose reported settings differ from the last command accepted for them: the setting
    /// of the last accepted shadow update, and at least the data version of the last accepted routine request.
    private func settingsMismatches(client: ChaosClient, ledger: CommandLedger) async -> [String] {
        let accepted = ledger.acceptedByDevice()
        let routineVersions = await client.routineDataVersions(timeout: .seconds(5))
        return await withTaskGroup(of: String?.self) { group in
            var pending = accepted.sorted { $0.key < $1.key }.makeIterator()
            func addNext() -> Bool {
                guard let (thing, commands) = pending.next() else { return false }
                group.addTask {
                    let thingName = ThingName(rawValue: thing)
                    var problems: [String] = []
                    if let last = commands.last(where: { $0.command.kind == .shadowUpdate }), let setting = last.command.setting {
                        let document = await client.shadow(of: thingName, timeout: .seconds(10))
                        let reported = document?[path: ["state", "reported", setting.field]]
                        if reported != setting.value {
                            problems.append("\(setting.field) is \(reported.map { "\($0)" } ?? "unknown"), last accepted \(setting.value) (\(last.command.token))")
                        }
                    }
                    if let last = commands.last(where: { $0.command.kind == .routineEnable }), let expected = last.reply["dataVersion"]?.intValue {
                        let actual = routineVersions[thing]
                        if (actual ?? -1) < expected {
                            problems.append("routines dataVersion is \(actual.map(String.init) ?? "unknown"), last accepted \(expected) (\(last.command.token))")
                        }
                    }
                    return problems.isEmpty ? nil : "\(thing): " + problems.joined(separator: "; ")
                }
                return true
            }
            for _ in 0..<32 where !addNext() { break }
            var result: [String] = []
            for await problem in group {
                if let problem { result.append(problem) }
                _ = addNext()
            }
            return result.sorted()
        }
    }
}
