import Foundation
import HatchDeviceModel
import HatchDeviceSimulator
import Testing

@Suite("Device model")
struct DeviceModelTests {
    @Test(arguments: ["aa:bb:cc:dd:ee:ff", "AA-BB-CC-DD-EE-FF", "aabb.ccdd.eeff", "AABBCCDDEEFF", " aa:bb:cc:dd:ee:ff "])
    func macAddressesNormalise(text: String) throws {
        let mac = try MacAddress(validating: text)
        #expect(mac.rawValue == "AA:BB:CC:DD:EE:FF")
        #expect(mac.compact == "aabbccddeeff")
    }

    @Test func malformedMacAddressesAreRejected() {
        #expect(throws: MacAddressError.wrongLength("aa:bb:cc", hexDigits: 6)) { try MacAddress(validating: "aa:bb:cc") }
        #expect(throws: MacAddressError.invalidCharacter("zz:bb:cc:dd:ee:ff", "z")) {
            try MacAddress(validating: "zz:bb:cc:dd:ee:ff")
        }
    }

    @Test func macAddressFromValueRoundTrips() throws {
        let mac = MacAddress(value: 0x024C_0000_2710)
        #expect(mac.rawValue == "02:4C:00:00:27:10")
        #expect(mac.value == 0x024C_0000_2710)
    }

    @Test func thingNameCombinesProductAndMac() throws {
        let mac = try MacAddress(validating: "A4:C1:38:00:11:22")
        let name = ThingName(product: .restoreV5, macAddress: mac)
        #expect(name.rawValue == "restoreV5_a4c138001122")
        #expect(name.parts?.product == .restoreV5)
        #expect(name.parts?.macAddress == mac)
    }

    @Test func productCapabilities() {
        #expect(HardwareProduct.restMini.capabilities.light == false)
        #expect(HardwareProduct.restMini.capabilities.clock == false)
        #expect(HardwareProduct.riotPlus.capabilities.battery)
        #expect(HardwareProduct.restoreV4.capabilities.packedClockBrightness)
        #expect(HardwareProduct.restoreV5.capabilities.packedClockBrightness)
        #expect(HardwareProduct.restoreIot.capabilities.packedClockBrightness == false)
        #expect(HardwareProduct.allCases.map(\.rawValue) == ["restoreIot", "restoreV4", "restoreV5", "riot", "riotPlus", "restMini", "restPlus", "restBaby"])
        #expect(HardwareProduct.riot.capabilities.clock, "a Rest 2nd gen reports clock like a Rest+ 2nd gen")
    }

    @Test func clockBrightnessPacksNightHighDayLowOnV4AndV5() {
        let brightness = ClockBrightness(day: 0x8000, night: 0x0400)
        #expect(brightness.packed(for: .restoreV5) == 0x0400_8000)
        #expect(brightness.packed(for: .restoreV4) == (0x0400 << 16) | 0x8000)
        #expect(brightness.packed(for: .restoreIot) == 0x8000)
        #expect(ClockBrightness(packed: 0x0400_8000, product: .restoreV4) == brightness)
    }

    @Test func clockFlagsBits() {
        #expect(ClockFlags.on.rawValue == 0x8000)
        #expect(ClockFlags.twentyFourHour.rawValue == 0x0800)
        let patch = DeviceAction.setClockFlags(on: true, twentyFourHour: true).desiredPatch(for: .restoreV5)
        #expect(patch == ["clock": ["flags": 0x8800]])
    }

    @Test func timeOfDayParsingAndWindows() throws {
        let time = try TimeOfDay(parsing: "06:30")
        #expect(time.description == "06:30")
        #expect(throws: TimeOfDayError.outOfRange("24:00")) { try TimeOfDay(parsing: "24:00") }
        #expect(throws: TimeOfDayError.malformed("6h")) { try TimeOfDay(parsing: "6h") }
        let night = (try TimeOfDay(parsing: "22:00"), try TimeOfDay(parsing: "06:00"))
        #expect(try TimeOfDay(parsing: "23:10").isWithin(from: night.0, to: night.1))
        #expect(try TimeOfDay(parsing: "05:59").isWithin(from: night.0, to: night.1))
        #expect(try TimeOfDay(parsing: "06:00").isWithin(from: night.0, to: night.1) == false)
    }

    @Test func daysOfWeekBits() {
        #expect(DaysOfWeek.sunday.rawValue == 1)
        #expect(DaysOfWeek.saturday.rawValue == 64)
        #expect(DaysOfWeek.weekdays.rawValue == 62)
        #expect(DaysOfWeek.weekdays.contains(weekday: 2))
        #expect(DaysOfWeek.weekdays.contains(weekday: 1) == false)
        #expect(DaysOfWeek.once.isOnce)
    }

    @Test func reportedStateUsesFirmwareFieldNames() throws {
        let state = ReportedState(
            current: CurrentState(srId: 0, playing: .none, color: .off, sound: .off),
            clock: ClockState(i: 0x0400_8000, flags: 0x8000, turnOffMode: .never, turnOnAt: try TimeOfDay(parsing: "07:00"),
                              turnOffAt: try TimeOfDay(parsing: "21:00"), turnDimAt: try TimeOfDay(parsing: "20:00"),
                              turnBrightAt: try TimeOfDay(parsing: "07:00")),
            toddlerLock: ToddlerLockState(turnOnMode: .never, turnOnAt: try TimeOfDay(parsing: "19:00"), turnOffAt: try TimeOfDay(parsing: "07:00")),
            toddlerLockOn: false, nightlightOn: false, nightlightIntensity: 0, alarmsDisabled: false, snoozeDuration: 540,
            snooze: SnoozeState(), deviceInfo: DeviceInfo(f: "6.1.4", hwVersion: "RESTORE-V5-3.0"), connected: true,
            rssi: -48, timezone: "Europe/Berlin", lastReset: nil)
        let json = state.jsonValue
        #expect(json[path: ["current", "color", "id"]] == 9998)
        #expect(json[path: ["current", "sound", "id"]] == 19998)
        #expect(json[path: ["clock", "i"]] == .int(0x0400_8000))
        #expect(json[path: ["deviceInfo", "f"]] == "6.1.4")
        #expect(json["deviceInfo"]?["b"] == nil)
        #expect(Set(json.objectValue!.keys) == ["current", "clock", "toddlerLock", "toddlerLockOn", "nightlightOn",
                                               "nightlightIntensity", "alarmsDisabled", "snoozeDuration", "snooze",
                                               "deviceInfo", "connected", "rssi", "timezone"])
        #expect(try ReportedState(jsonValue: json) == state)
        #expect(try JSONValue(encoding: state) == json)
    }

    @Test func actionsBecomeFirmwarePatches() {
        #expect(DeviceAction.startRoutine(id: 12).desiredPatch(for: .restoreV5)
                == ["current": ["srId": 12, "step": 1, "playing": "routine", "paused": false]])
        #expect(DeviceAction.turnOff.desiredPatch(for: .restoreV5) == ["current": ["srId": 0, "step": 0, "playing": "none"]])
        #expect(DeviceAction.lightOff.desiredPatch(for: .riot) == ["current": ["color": ["id": 9998]]])
        #expect(DeviceAction.setVolume(30000).desiredPatch(for: .restMini) == ["current": ["sound": ["v": 30000]]])
        #expect(DeviceAction.setClockBrightness(ClockBrightness(day: 1, night: 2)).desiredPatch(for: .restoreV4)
                == ["clock": ["i": .int(2 << 16 | 1)]])
        let request = DeviceAction.snooze(startTime: 100).updateRequest(for: .restoreV5, clientToken: "t1", version: 4)
        #expect(request == ["state": ["desired": ["snooze": ["active": true, "startTime": 100]]], "clientToken": "t1", "version": 4])
    }

    @Test func topicNames() throws {
        let thing = ThingName(product: .riotPlus, macAddress: try MacAddress(validating: "00:11:22:33:44:55"))
        let shadow = Topics.Shadow(thing)
        #expect(shadow.update == "$aws/things/riotPlus_001122334455/shadow/update")
        #expect(shadow.updateAccepted == "$aws/things/riotPlus_001122334455/shadow/update/accepted")
        #expect(shadow.getRejected == "$aws/things/riotPlus_001122334455/shadow/get/rejected")
        #expect(shadow.updateDelta == "$aws/things/riotPlus_001122334455/shadow/update/delta")
        #expect(shadow.updateDocuments == "$aws/things/riotPlus_001122334455/shadow/update/documents")
        #expect(Topics.presence(thing) == "hatch/things/riotPlus_001122334455/presence")
        #expect(Topics.registry(thing) == "hatch/registry/riotPlus_001122334455")
        #expect(Topics.routines(thing).request == "hatch/things/riotPlus_001122334455/routines/request")
        #expect(Topics.alarms(thing).accepted == "hatch/things/riotPlus_001122334455/alarms/request/accepted")
    }

    @Test func reportedFieldsChangedSinceAnEarlierState() throws {
        let engine = EngineFixtures.engine(.restoreV5)
        let before = engine.state
        #expect(before.fields(changedSince: nil) == before.jsonValue.objectValue)
        #expect(before.fields(changedSince: before).isEmpty)
        var after = before
        after.rssi -= 3
        after.current.sound.v = 4321
        let changed = after.fields(changedSince: before)
        #expect(Set(changed.keys) == ["rssi", "current"])
        #expect(changed["current"] == after.current.jsonValue)
        after.nightlightOn = nil
        #expect(after.fields(changedSince: before)["nightlightOn"] == .null)
    }
}
