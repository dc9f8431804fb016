import Foundation
import HatchDeviceModel
import Testing
@testable import HatchDeviceSimulator

@Suite("Fleet files (YAML)")
struct FleetFileTests {
    static let devicesFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("devices")

    @Test func householdSampleParses() throws {
        let fleet = try FleetDefinition.load(contentsOf: Self.devicesFolder.appendingPathComponent("household.yaml"))
        #expect(fleet.name == "household")
        #expect(fleet.devices.map(\.profile.product) == [.restoreV5, .restoreV4, .riotPlus, .restMini])
        let nursery = fleet.devices[0]
        #expect(nursery.profile.name == "Nursery")
        #expect(nursery.initialSettings.timezone == "America/New_York")
        #expect(nursery.initialSettings.clock?.i == 2000 << 16 | 40000)
        #expect(nursery.initialSettings.toddlerLock?.turnOnMode == .custom)
        #expect(nursery.initialSettings.alarms.items.first?.wakeTime.description == "06:45")
        #expect(nursery.initialSettings.routines.items.map(\.name) == ["Bedtime", "Ocean favorite"])
        let rest = fleet.devices[2]
        #expect(rest.initialSettings.battery == 76)
        #expect(rest.initialSettings.powerStatus == .notCharging)
        #expect(fleet.devices[1].initialSettings.alarms.items.last?.daysOfWeek == .once)
    }

    @Test func loadFleetGeneratesTenThousandDevices() throws {
        let fleet = try FleetDefinition.load(contentsOf: Self.devicesFolder.appendingPathComponent("load-10k.yaml"))
        #expect(fleet.devices.count == 10_000)
        #expect(Set(fleet.devices.map(\.profile.macAddress)).count == 10_000)
        #expect(fleet.devices[0].profile.macAddress.rawValue == "02:4C:00:00:00:01")
        #expect(fleet.devices.filter { $0.profile.product == .restoreV5 }.count == 4000)
        #expect(fleet.devices.allSatisfy { $0.autoStartRoutine == 1 })
    }

    @Test func shardsAreDisjointAndCoverTheFleet() throws {
        let fleet = try FleetDefinition.load(contentsOf: Self.devicesFolder.appendingPathComponent("load-1k.yaml"))
        let shards = (1...3).map { fleet.shard($0, of: 3) }
        let macs = shards.flatMap { $0.devices.map(\.profile.macAddress) }
        #expect(macs.count == 1000)
        #expect(Set(macs).count == 1000)
        #expect(FleetDefinition.parseShard("2/3")! == (2, 3))
        #expect(FleetDefinition.parseShard("4/3") == nil)
        #expect(FleetDefinition.parseShard("x") == nil)
    }

    func error(_ yaml: String) -> FleetFileError? {
        do {
            _ = try FleetFileParser.parse(yaml, file: "test.yaml")
            return nil
        } catch {
            return error
        }
    }

    @Test func duplicateMacNamesFileLineAndField() throws {
        let failure = try #require(error("""
        devices:
          - { name: A, mac: "AA:BB:CC:00:00:01", product: restoreV5 }
          - name: B
            mac: "aa-bb-cc-00-00-01"
            product: riot
        """))
        #expect(failure.file == "test.yaml")
        #expect(failure.line == 4)
        #expect(failure.field == "devices[1].mac")
        #expect(failure.message.contains("duplicate MAC address AA:BB:CC:00:00:01"))
        #expect(failure.description.hasPrefix("test.yaml:4: devices[1].mac: duplicate"))
    }

    @Test func unknownProduct() throws {
        let failure = try #require(error("""
        devices:
          - name: A
            mac: "AA:BB:CC:00:00:01"
            product: restoreV9
        """))
        #expect(failure.line == 4)
        #expect(failure.field == "devices[0].product")
        #expect(failure.message.contains("unknown product 'restoreV9'"))
        #expect(failure.message.contains("restPlus, restBaby"), "the valid names are listed: \(failure.message)")
    }

    @Test func allProductsHasEveryProductOnce() throws {
        let fleet = try FleetDefinition.load(contentsOf: Self.devicesFolder.appendingPathComponent("all-products.yaml"))
        #expect(fleet.devices.map(\.profile.product).sorted { $0.rawValue < $1.rawValue }
                == HardwareProduct.allCases.sorted { $0.rawValue < $1.rawValue })
        let riot = try #require(fleet.devices.first { $0.profile.product == .riot })
        #expect(riot.initialSettings.clock?.i == 25000)
        let plus = try #require(fleet.devices.first { $0.profile.product == .restPlus })
        #expect(plus.initialSettings.battery == 64)
        #expect(plus.initialSettings.nightlightOn == nil)
        #expect(plus.initialSettings.colorPreset?.r == 65535)
        #expect(plus.initialSettings.routines.items.isEmpty)
    }

    @Test func restPlusRefusesWhatItLacks() throws {
        let routines = try #require(error("""
        devices:
          - { name: A, mac: "AA:BB:CC:00:00:01", product: restPlus, routines: [ { id: 1, name: X, type: favorite, steps: [ { sound: { id: 5, v: 1 } } ] } ] }
        """))
        #expect(routines.message.contains("has no routines or favorites"), "\(routines.message)")
        let clock = try #require(error("""
        devices:
          - { name: A, mac: "AA:BB:CC:00:00:01", product: restPlus, state: { clock: { i: 1 } } }
        """))
        #expect(clock.message.contains("restPlus has no clock"), "\(clock.message)")
        let battery = try #require(error("""
        devices:
          - { name: A, mac: "AA:BB:CC:00:00:01", product: restMini, battery: 50 }
        """))
        #expect(battery.message.contains("only riotPlus, restPlus, restBaby do"), "\(battery.message)")
    }

    @Test func malformedMac() throws {
        let failure = try #require(error("""
        devices:
          - name: A
            mac: "AA:BB:CC:00:01"
            product: riot
        """))
        #expect(failure.line == 3)
        #expect(failure.field == "devices[0].mac")
        #expect(failure.message.contains("not a MAC address"))
    }

    @Test func alarmTimeOutOfRange() throws {
        let failure = try #require(error("""
        devices:
          - name: A
            mac: "AA:BB:CC:00:00:01"
            product: restoreV5
            alarms:
              - { id: 1, daysOfWeek: 62, wakeTime: "25:30" }
        """))
        #expect(failure.line == 6)
        #expect(failure.field == "devices[0].alarms[0].wakeTime")
        #expect(failure.message.contains("out of range"))
    }

    @Test func unknownFieldsAndBadValues() throws {
        #expect(try #require(error("devices:\n  - { mac: \"AA:BB:CC:00:00:01\", product: riot, colour: red }\n")).message.contains("unknown field"))
        #expect(try #require(error("devices:\n  - { mac: \"AA:BB:CC:00:00:01\", product: riot, battery: 50 }\n")).message.contains("no battery"))
        #expect(try #require(error("devices:\n  - { mac: \"AA:BB:CC:00:00:01\", product: riot, timezone: Mars/Olympus }\n")).message.contains("IANA"))
        #expect(try #require(error("cohorts:\n  - { count: 5, macPrefix: \"02:4C\" }\n")).field == "cohorts[0].macPrefix")
        #expect(try #require(error("devices: [\n")).message.contains("not valid YAML"))
        #expect(try #require(error("faults:\n  - { fault: explode, all: true }\ndevices:\n  - { mac: \"AA:BB:CC:00:00:01\", product: riot }\n")).line == 2)
    }

    @Test func cohortsAndFaultsParse() throws {
        let fleet = try FleetFileParser.parse("""
        cohorts:
          - { name: c, count: 4, macPrefix: "02:00:00", products: { restMini: 1, riotPlus: 1 }, power: battery }
        faults:
          - { fault: rejectUpdates, count: 3, share: 0.5, after: 10 }
          - { fault: offline, seconds: 5, devices: [c-1] }
        """, file: "c.yaml")
        #expect(fleet.devices.map(\.profile.product) == [.restMini, .riotPlus, .restMini, .riotPlus])
        #expect(fleet.devices[1].initialSettings.powerStatus == .notCharging)
        #expect(fleet.faults.first?.kind == .rejectUpdates(count: 3))
        #expect(fleet.faults.first?.after == 10)
        #expect(fleet.faults.last?.target == .devices(["c-1"]))
    }
}
