import Foundation
import HatchDeviceModel
import Testing
@testable import HatchDeviceSimulator

@Suite("Engine: the Rest+ (1st gen), the Rest Baby and the Rest 2nd gen clock")
struct ProductEngineTests {
    let now = EngineFixtures.monday0600

    @Test func restPlusBootsWithItsOwnDocument() {
        let engine = EngineFixtures.engine(.restPlus, routines: [])
        let wire = engine.state.jsonValue
        for absent in ["current", "toddlerLock", "toddlerLockOn", "nightlightOn", "nightlightIntensity",
                       "alarmsDisabled", "snoozeDuration", "snooze", "env"] {
            #expect(wire[absent] == nil, "a Rest+ reports no \(absent)")
        }
        #expect(wire["isPowered"] == false)
        #expect(wire["a"] == ["t": 0, "v": 32768])
        #expect(wire[path: ["c", "R"]] == false)
        #expect(wire[path: ["deviceInfo", "b"]] == 100)
        #expect(wire[path: ["deviceInfo", "powerStatus"]] == nil, "a Rest+ reports its battery level only")
        #expect(wire[path: ["programs", "0", "n"]] == "Bedtime")
        #expect(wire["activeProgramIndex"] == 0)
        #expect(wire[path: ["bM", "d"]] == 0)
        #expect(wire["name"] != nil)
        #expect(wire["clock"] == ["b": 0, "f": 0], "its own clock fields, not the Restore family's")
    }

    @Test func restPlusAppliesPowerTrackVolumeAndColor() {
        var engine = EngineFixtures.engine(.restPlus, routines: [])
        let patch: JSONValue = ["isPowered": true, "a": ["t": 5, "v": 20000], "c": ["r": 65535, "g": 0, "b": 0, "i": 30000, "R": false, "W": false]]
        let outcome = engine.apply(desired: patch, at: now)
        #expect(outcome.applied == patch)
        #expect(outcome.unapplied == .emptyObject)
        #expect(engine.state.jsonValue["a"] == ["t": 5, "v": 20000])
        #expect(engine.state.current.playing == .remote)
        #expect(engine.state.current.sound.id == 5)
        #expect(engine.settings.volume == 20000)
        #expect(engine.settings.colorPreset?.i == 30000)
        // Power off keeps the track and the colour; nothing plays.
        _ = engine.apply(desired: DeviceAction.turnOff.desiredPatch(for: .restPlus), at: now)
        #expect(engine.state.jsonValue["isPowered"] == false)
        #expect(engine.state.jsonValue[path: ["a", "t"]] == 5)
        #expect(engine.state.current.playing == PlayingMode.none)
        #expect(engine.state.current.color == .off)
    }

    @Test func restPlusRandomColourCycle() {
        var engine = EngineFixtures.engine(.restPlus, routines: [])
        _ = engine.apply(desired: ["isPowered": true, "c": ["r": 0, "g": 0, "b": 0, "i": 32768, "R": true, "W": false]], at: now)
        #expect(engine.state.jsonValue[path: ["c", "R"]] == true)
        #expect(engine.state.current.color?.id == WireConstants.customColorID)
    }

    @Test func restPlusLeavesWhatItCannotDoDesired() {
        var engine = EngineFixtures.engine(.restPlus, routines: [])
        let patch: JSONValue = ["a": ["t": 8], "current": ["playing": "routine", "srId": 1, "step": 1], "clock": ["flags": 0x8000],
                                "toddlerLock": ["turnOnMode": "always"], "nightlightOn": true, "c": ["i": 70000]]
        let before = engine.state
        let outcome = engine.apply(desired: patch, at: now)
        #expect(outcome.applied == .emptyObject)
        #expect(outcome.unapplied == patch)
        #expect(engine.state == before)
    }

    @Test func restPlusEmptyBatteryPowersOff() {
        var engine = EngineFixtures.engine(.restPlus, routines: []) { settings in
            settings.battery = 0.01
            settings.powerStatus = .notCharging
        }
        _ = engine.apply(desired: ["isPowered": true, "a": ["t": 3]], at: now)
        let events = engine.advance(to: now.addingTimeInterval(180))
        #expect(events.contains(.batteryDepleted))
        #expect(engine.state.jsonValue["isPowered"] == false)
        #expect(engine.state.deviceInfo.powerStatus == nil)
    }

    @Test func restBabyReportsTheRestFamilyDocument() {
        let engine = EngineFixtures.engine(.restBaby, routines: [])
        let wire = engine.state.jsonValue
        #expect(wire[path: ["current", "sound", "id"]] == .int(WireConstants.soundOffID))
        #expect(wire[path: ["clock", "flags"]] == .int(ClockFlags.on.rawValue))
        #expect(wire[path: ["clock", "i"]] == 0x8000)
        #expect(wire[path: ["toddlerLock", "turnOnMode"]] == "never")
        #expect(wire["toddlerLockOn"] == false)
        #expect(wire[path: ["deviceInfo", "b"]] == 100)
        #expect(wire[path: ["deviceInfo", "powerStatus"]] == 5, "an integer: 5 charging on its base")
        #expect(wire["isPowered"] == nil)
    }

    @Test func restBabyPlaysItsTracksAndFiles() {
        var engine = EngineFixtures.engine(.restBaby, routines: [])
        let ocean = HardwareProduct.restBaby.sounds.sound(named: "CaribbeanOcean")!
        _ = engine.apply(desired: DeviceAction.playSound(id: ocean.id, volume: 20000).desiredPatch(for: .restBaby), at: now)
        #expect(engine.state.current.sound.id == 10531)
        #expect(engine.state.current.sound.url == ocean.url)
        #expect(engine.state.current.playing == .remote)
        // A file alone (`set_sound_url`) plays as the track with that file.
        let birds = HardwareProduct.restBaby.sounds.sound(named: "Birds")!
        _ = engine.apply(desired: ["current": ["playing": "remote", "step": 0, "sound": ["mute": false, "url": .string(birds.url!)]]], at: now)
        #expect(engine.state.current.sound.id == 10545)
    }

    @Test(arguments: [HardwareProduct.riot, .restBaby])
    func clockOnTheRestFamily(product: HardwareProduct) {
        var engine = EngineFixtures.engine(product, routines: [])
        #expect(engine.state.clock != nil, "\(product.rawValue) reports clock")
        // `turn_clock_off`: flags with the on bit toggled off, brightness 655.
        let outcome = engine.apply(desired: ["clock": ["flags": 0, "i": 655]], at: now)
        #expect(outcome.unapplied == .emptyObject)
        #expect(engine.state.clock?.flags == 0)
        #expect(engine.state.clock?.i == 655)
        _ = engine.apply(desired: DeviceAction.setClockFlags(on: true, twentyFourHour: true).desiredPatch(for: product), at: now)
        #expect(engine.state.clock?.flags == ClockFlags.on.rawValue | ClockFlags.twentyFourHour.rawValue)
    }
}
