import Foundation
import HatchScenarioFile
import Testing

/// Valid scenario files read to the model they describe, one feature each.
@Suite struct ScenarioFileReaderTests {
    /// A scenario with a generated fleet of one group and `stages` appended.
    static func scenario(fleet: String = "", clock: String = "", stages: String, tail: String = "") -> String {
        """
        name: Test
        fleet:
          devices:
            generate:
              - product: restPlus
                count: 10
        \(fleet)
        \(clock)
        stages:
        \(stages)
        \(tail)
        """
    }

    static func read(_ text: String) throws -> Scenario { try ScenarioFileReader.read(text: text, file: "test.yaml") }

    @Test func theFullExampleReads() throws {
        let scenario = try Self.read(Self.fullExample)
        #expect(scenario.name == "Reconnect storm")
        #expect(scenario.description == "Broker killed ten times while commands flow.")
        #expect(scenario.seed == 7)
        #expect(scenario.fleet.devices == .generated([
            DeviceGroup(product: "restPlus", count: 2500, timeZones: ["America/New_York", "Europe/Berlin"], namePrefix: "NY ",
                        location: FieldLocation(file: "test.yaml", line: 8, field: "fleet.devices.generate[0]")),
        ]))
        #expect(scenario.fleet.broker == .private)
        #expect(scenario.fleet.shadowService == .fused)
        #expect(scenario.fleet.keepAlive == 10)
        #expect(scenario.fleet.connectConcurrency == 256)
        #expect(scenario.fleet.shards == 1)
        #expect(scenario.clock.startText == "2026-03-08T01:30:00-05:00")
        #expect(scenario.clock.start == Date(timeIntervalSince1970: 1_772_951_400))
        #expect(scenario.clock.speed == 60)
        #expect(scenario.stages.count == 1)
        let stage = try #require(scenario.stages.first)
        #expect(stage.name == "storm")
        #expect(stage.essential)
        #expect(stage.length == .simulated(seconds: 1800))
        #expect(stage.location == FieldLocation(file: "test.yaml", line: 20, field: "stages[0]"))
        let kinds = stage.actions.map { action -> String in
            switch action {
            case .clock: "clock"
            case .connect: "connect"
            case .routines: "routines"
            case .alarms: "alarms"
            case .commands: "commands"
            case .fault: "fault"
            case .broker: "broker"
            }
        }
        #expect(kinds == ["clock", "connect", "routines", "alarms", "commands", "fault", "broker"])
        #expect(stage.actions[0] == .clock(.jump(seconds: 3600)))
        #expect(stage.expectations.map(\.metric) == [.commandsLost])
        #expect(scenario.expectations == [
            Expectation(metric: .latencyP99, comparison: .atMost, bound: 250, location: FieldLocation(file: "test.yaml", line: 55, field: "expect[0]")),
        ])
    }

    @Test func aFleetFileIsKeptAsWritten() throws {
        let text = """
        name: File
        fleet:
          devices:
            file: ../devices/all-products.yaml
        stages:
          - name: wait
            realDuration: 20s
        """
        let scenario = try Self.read(text)
        #expect(scenario.fleet.devices == .file("../devices/all-products.yaml", at: FieldLocation(file: "test.yaml", line: 4, field: "fleet.devices.file")))
        #expect(scenario.stages[0].length == .real(seconds: 20))
        #expect(scenario.seed == 1)
    }

    @Test func generatedGroupsHaveDefaults() throws {
        let scenario = try Self.read(Self.scenario(stages: "  - {name: a, duration: 1m}"))
        guard case let .generated(groups) = scenario.fleet.devices else { Issue.record("not generated"); return }
        #expect(groups.map(\.timeZones) == [["UTC"]])
        #expect(groups[0].namePrefix == nil)
        #expect(groups[0].count == 10)
    }

    @Test func aGivenBrokerAndASplitShadowService() throws {
        let fleet = """
          broker: mqtts://broker.example.com:8883
          shadowService: split
          keepAlive: 30s
          connectConcurrency: 64
          shards: 4
        """
        let scenario = try Self.read(Self.scenario(fleet: fleet, stages: "  - {name: a, duration: 1m}"))
        #expect(scenario.fleet.shards == 4)
        #expect(scenario.fleet.broker == .external(url: "mqtts://broker.example.com:8883",
                                                   at: FieldLocation(file: "test.yaml", line: 7, field: "fleet.broker")))
        #expect(scenario.fleet.shadowService == .split)
        #expect(scenario.fleet.keepAlive == 30)
        #expect(scenario.fleet.connectConcurrency == 64)
    }

    @Test func theClockStartsWhenAndAsFastAsWritten() throws {
        let clock = """
        clock:
          start: 2026-03-08T06:30:00Z
          speed: 600
        """
        let scenario = try Self.read(Self.scenario(clock: clock, stages: "  - {name: a, duration: 1m}"))
        #expect(scenario.clock.start == Date(timeIntervalSince1970: 1_772_951_400))
        #expect(scenario.clock.startText == "2026-03-08T06:30:00Z")
        #expect(scenario.clock.speed == 600)
        let defaults = try Self.read(Self.scenario(stages: "  - {name: a, duration: 1m}"))
        #expect(defaults.clock == ScenarioClock())
    }

    @Test func eachStageLength() throws {
        let stages = """
          - {name: simulated, duration: 1.5h}
          - {name: real, realDuration: 500ms}
          - {name: online, until: allOnline}
          - {name: settled, until: commandsSettled, timeout: 2m, essential: false}
        """
        let scenario = try Self.read(Self.scenario(stages: stages))
        #expect(scenario.stages.map(\.length) == [
            .simulated(seconds: 5400), .real(seconds: 0.5), .until(.allOnline, timeout: 300), .until(.commandsSettled, timeout: 120),
        ])
        #expect(scenario.stages.map(\.essential) == [true, true, true, false])
    }

    @Test func connectAndCommands() throws {
        let stages = """
          - name: load
            realDuration: 1m
            connect: {perSecond: 500}
            commands:
              perSecond: 200
        """
        let stage = try Self.read(Self.scenario(stages: stages)).stages[0]
        #expect(stage.actions == [
            .connect(ConnectAction(perSecond: 500, location: FieldLocation(file: "test.yaml", line: 12, field: "stages[0].connect"))),
            .commands(CommandsAction(perSecond: 200, location: FieldLocation(file: "test.yaml", line: 13, field: "stages[0].commands"))),
        ])
    }

    @Test func commandsWithEveryKey() throws {
        let stages = """
          - name: load
            realDuration: 1m
            commands:
              clients: 4
              perSecond: 200
              qos: 0
              kinds: [routineStart, routineStop, snooze, dismiss]
              devices: {share: 0.5, products: [restPlus], timeZones: [Europe/Berlin]}
              deadline: 10s
        """
        guard case let .commands(commands) = try Self.read(Self.scenario(stages: stages)).stages[0].actions[0] else {
            Issue.record("no commands"); return
        }
        #expect(commands.clients == 4)
        #expect(commands.qos == 0)
        #expect(commands.kinds == [.routineStart, .routineStop, .snooze, .dismiss])
        #expect(commands.devices == .share(0.5, products: ["restPlus"], timeZones: ["Europe/Berlin"]))
        #expect(commands.deadline == 10)
    }

    @Test func alarmsReadTheirTimesAsWritten() throws {
        let stages = """
          - name: morning
            duration: 2h
            alarms:
              devices: {names: [Nursery, "Bedroom 2"]}
              between: 06:30
              and: "07:00"
              sunrise: false
              snooze: 0.2
              dismiss: 0.3
        """
        guard case let .alarms(alarms) = try Self.read(Self.scenario(stages: stages)).stages[0].actions[0] else {
            Issue.record("no alarms"); return
        }
        #expect(alarms.devices == .names(["Nursery", "Bedroom 2"]))
        #expect(alarms.from == 390)
        #expect(alarms.to == 420)
        #expect(!alarms.sunrise)
        #expect(alarms.snooze == 0.2)
        #expect(alarms.dismiss == 0.3)
    }

    @Test func routines() throws {
        let stages = """
          - name: evening
            duration: 1h
            routines: {devices: all, stopMidStep: 3}
        """
        #expect(try Self.read(Self.scenario(stages: stages)).stages[0].actions == [
            .routines(RoutinesAction(devices: .all, stopMidStep: 3, location: FieldLocation(file: "test.yaml", line: 12, field: "stages[0].routines"))),
        ])
    }

    @Test func faultsWithParametersAndRepeats() throws {
        let stages = """
          - name: faults
            duration: 1h
            faults:
              - fault: dropConnection
                devices: {share: 0.1}
                parameters: {reconnectAfter: 2}
                at: 5m
                times: 3
                every: 10m
              - {fault: reboot, devices: all}
        """
        let actions = try Self.read(Self.scenario(stages: stages)).stages[0].actions
        #expect(actions == [
            .fault(FaultAction(fault: "dropConnection", parameters: ["reconnectAfter": 2], devices: .share(0.1), at: 300, times: 3, every: 600,
                               location: FieldLocation(file: "test.yaml", line: 13, field: "stages[0].faults[0]"))),
            .fault(FaultAction(fault: "reboot", devices: .all, location: FieldLocation(file: "test.yaml", line: 19, field: "stages[0].faults[1]"))),
        ])
    }

    @Test func brokerActions() throws {
        let stages = """
          - name: storm
            duration: 30m
            broker:
              - {action: kill, at: 1m, times: 10, every: 2m}
              - {action: hang, downtime: 3s}
              - {action: restart, times: 1, every: 5m}
        """
        let actions = try Self.read(Self.scenario(stages: stages)).stages[0].actions
        #expect(actions == [
            .broker(BrokerAction(kind: .kill, at: 60, times: 10, every: 120, location: FieldLocation(file: "test.yaml", line: 13, field: "stages[0].broker[0]"))),
            .broker(BrokerAction(kind: .hang, downtime: 3, location: FieldLocation(file: "test.yaml", line: 14, field: "stages[0].broker[1]"))),
            .broker(BrokerAction(kind: .restart, every: 300, location: FieldLocation(file: "test.yaml", line: 15, field: "stages[0].broker[2]"))),
        ])
    }

    @Test func clockChanges() throws {
        let stages = """
          - {name: forward, duration: 1m, clock: {jump: 1h}}
          - {name: back, duration: 1m, clock: {jump: -30m}}
          - {name: faster, duration: 1m, clock: {speed: 600}}
          - {name: stopped, realDuration: 10s, clock: pause}
          - {name: stopped again, realDuration: 10s, clock: {pause: true}}
        """
        let scenario = try Self.read(Self.scenario(stages: stages))
        #expect(scenario.stages.map(\.actions) == [
            [.clock(.jump(seconds: 3600))], [.clock(.jump(seconds: -1800))], [.clock(.speed(600))], [.clock(.pause)], [.clock(.pause)],
        ])
    }

    @Test func expectationBoundsAreInTheMetricsUnit() throws {
        let tail = """
        expect:
          - {metric: commands.latency.p99, max: 2s}
          - {metric: commands.latency.p50, max: 250}
          - {metric: devices.onlineShare, min: 99%}
          - {metric: memory.growth, max: 0.05}
          - {metric: memory.perDevice, max: 1MB}
          - {metric: messages.perSecond, min: 500/s}
          - {metric: recovery.max, max: 500ms}
          - {metric: commands.sent, equals: 1000}
        """
        let scenario = try Self.read(Self.scenario(stages: "  - {name: a, duration: 1m}", tail: tail))
        #expect(scenario.expectations.map(\.bound) == [2000, 250, 0.99, 0.05, 1024, 500, 0.5, 1000])
        #expect(scenario.expectations.map(\.comparison) == [.atMost, .atMost, .atLeast, .atMost, .atMost, .atLeast, .atMost, .equals])
    }

    @Test func aFileIsReadFromItsPath() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-\(UUID().uuidString).yaml")
        try Self.fullExample.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let scenario = try ScenarioFileReader.read(contentsOf: url)
        #expect(scenario.file == url.path)
        #expect(scenario.stages[0].location.file == url.path)
    }

    @Test func aMissingFileIsAnError() {
        let url = URL(fileURLWithPath: "/nonexistent/scenario.yaml")
        #expect(throws: ScenarioFileError.self) { try ScenarioFileReader.read(contentsOf: url) }
        do {
            _ = try ScenarioFileReader.read(contentsOf: url)
        } catch {
            #expect(error.location == FieldLocation(file: "/nonexistent/scenario.yaml", line: 0, field: "(file)"))
        }
    }

    @Test func durationsAndTimesOfDay() {
        #expect(ScenarioDuration.seconds("500ms") == 0.5)
        #expect(ScenarioDuration.seconds("30s") == 30)
        #expect(ScenarioDuration.seconds("5m") == 300)
        #expect(ScenarioDuration.seconds("1.5h") == 5400)
        #expect(ScenarioDuration.seconds("2d") == 172_800)
        #expect(ScenarioDuration.seconds("-30m") == -1800)
        #expect(ScenarioDuration.seconds("30") == nil)
        #expect(ScenarioDuration.seconds("30x") == nil)
        #expect(ScenarioDuration.format(1800) == "30m")
        #expect(ScenarioDuration.format(0.5) == "500ms")
        #expect(TimeOfDay.minutes("06:30") == 390)
        #expect(TimeOfDay.minutes("23:59") == 1439)
        #expect(TimeOfDay.minutes("25:00") == nil)
        #expect(TimeOfDay.minutes("12:60") == nil)
        #expect(MetricUnit.milliseconds.bound("2s") == 2000)
        #expect(MetricUnit.milliseconds.bound("5%") == nil)
        #expect(MetricUnit.share.bound("99%") == 0.99)
    }

    /// The format's example from the reference, every key written.
    static let fullExample = """
    # yaml-language-server: $schema=scenario.schema.json
    name: Reconnect storm
    description: Broker killed ten times while commands flow.
    seed: 7
    fleet:
      devices:
        generate:
          - product: restPlus
            count: 2500
            timeZones: [America/New_York, Europe/Berlin]
            namePrefix: "NY "
      broker: private
      shadowService: fused
      keepAlive: 10s
      connectConcurrency: 256
    clock:
      start: 2026-03-08T01:30:00-05:00
      speed: 60
    stages:
      - name: storm
        essential: true
        duration: 30m
        clock: {jump: 1h}
        connect: {perSecond: 500}
        commands:
          clients: 4
          perSecond: 200
          qos: 1
          kinds: [light, sound, volume]
          devices: all
          deadline: 30s
        alarms:
          devices: {share: 0.5}
          between: 06:30
          and: "07:00"
          sunrise: true
          snooze: 0.2
          dismiss: 0.3
        routines:
          devices: all
          stopMidStep: 1
        faults:
          - fault: dropConnection
            devices: {share: 0.1}
            parameters: {reconnectAfter: 2}
            at: 5m
            times: 2
            every: 10m
        broker:
          - {action: kill, at: 1m, times: 10, every: 2m, downtime: 3s}
        expect:
          - metric: commands.lost
            max: 0
    expect:
      - metric: commands.latency.p99
        max: 250ms
    """
}
