import Foundation
import HatchDeviceModel
import Testing

@Suite("Model: the Rest+ (1st gen) and Rest Baby as the vendor's client knows them")
struct ProductDocumentTests {
    @Test func restPlusAndRestBabyCapabilities() {
        let plus = HardwareProduct.restPlus.capabilities
        #expect(plus.light && plus.battery)
        #expect(!plus.clock && !plus.toddlerLock && !plus.alarms && !plus.nightlight && !plus.routines && !plus.mute)
        let baby = HardwareProduct.restBaby.capabilities
        #expect(baby.light && baby.clock && baby.battery && baby.toddlerLock && baby.nightlight && baby.routines)
        #expect(!baby.packedClockBrightness)
        #expect(HardwareProduct.restPlus.noSoundID == 0)
        #expect(HardwareProduct.restBaby.noSoundID == WireConstants.soundOffID)
        #expect(HardwareProduct.restPlus.reportsRestPlusDocument)
        #expect(HardwareProduct.allCases.filter(\.reportsRestPlusDocument) == [.restPlus])
    }

    @Test func soundCatalogsFollowTheVendorTables() {
        let plus = HardwareProduct.restPlus.sounds
        #expect(plus.sounds.map(\.id) == [2, 3, 4, 5, 6, 7, 9, 10, 11, 13, 14])
        #expect(plus.sound(named: "pink noise")?.id == 3)
        #expect(plus.sounds.allSatisfy { $0.url == nil })
        let baby = HardwareProduct.restBaby.sounds
        #expect(baby.sounds.count == 42)
        #expect(Set(baby.sounds.map(\.id)).count == 42)
        #expect(baby.sounds.allSatisfy { (10511...10553).contains($0.id) && $0.url?.hasSuffix(".wav") == true })
        #expect(baby.sound(named: "CaribbeanOcean")?.url?.contains("HatchBaby_CaribbeanOcean_CGV6") == true)
    }

    @Test func restPlusActionsUseItsOwnFields() {
        #expect(DeviceAction.turnOff.desiredPatch(for: .restPlus) == ["isPowered": false])
        #expect(DeviceAction.playSound(id: 5, volume: 30000).desiredPatch(for: .restPlus)
                == ["a": ["t": 5, "v": 30000], "isPowered": true])
        #expect(DeviceAction.stopSound.desiredPatch(for: .restPlus) == ["a": ["t": 0]])
        #expect(DeviceAction.setVolume(1000).desiredPatch(for: .restPlus) == ["a": ["v": 1000]])
        #expect(DeviceAction.setColor(r: 65535, g: 0, b: 0, w: 0, intensity: 20000).desiredPatch(for: .restPlus)
                == ["c": ["R": false, "W": false, "b": 0, "g": 0, "i": 20000, "r": 65535], "isPowered": true])
        #expect(DeviceAction.setColor(r: 0, g: 0, b: 0, w: 65535, intensity: 9).desiredPatch(for: .restPlus)[path: ["c", "W"]] == true)
        #expect(DeviceAction.lightOff.desiredPatch(for: .restPlus)[path: ["c", "i"]] == 0)
        // Other products keep the Restore-family patch.
        #expect(DeviceAction.turnOff.desiredPatch(for: .restBaby) == ["current": ["playing": "none", "srId": 0, "step": 0]])
    }

    @Test func restPlusDocumentHasNoCurrentAndDerivesIt() throws {
        let wire: JSONValue = [
            "isPowered": true, "a": ["t": 5, "v": 30000], "c": ["r": 65535, "g": 0, "b": 0, "i": 20000, "R": false, "W": false],
            "deviceInfo": ["f": "3.4.24", "fR": 0, "hwVersion": "3.0.0", "b": 64], "connected": true, "rssi": -50,
            "timezone": "UTC", "presets": ["0": ["f": 0]], "clock": ["b": 0, "f": 0],
        ]
        let state = try ReportedState(jsonValue: wire)
        #expect(state.isRestPlusDocument)
        #expect(state.current.playing == .remote)
        #expect(state.current.sound.id == 5)
        #expect(state.current.sound.v == 30000)
        #expect(state.current.color == ColorState(id: WireConstants.customColorID, r: 65535, i: 20000))
        #expect(state.deviceInfo.b == 64)
        #expect(state.jsonValue["current"] == nil, "a Rest+ reports no current")
        #expect(state.jsonValue["a"] == ["t": 5, "v": 30000])
        #expect(state.jsonValue[path: ["presets", "0", "f"]] == 0)
        #expect(state.clock == nil, "a Rest+'s clock {b, f} is its own, not the Restore family's")
        #expect(state.jsonValue["clock"] == ["b": 0, "f": 0])
    }

    @Test func restPlusUnpoweredShowsNothingPlaying() {
        var fields = RestPlusFields.booted(volume: 1234)
        #expect(RestPlusFields.current(from: fields).playing == PlayingMode.none)
        fields["c"] = ["R": true, "W": false, "r": 0, "g": 0, "b": 0, "i": 100]
        #expect(RestPlusFields.current(from: fields).color == .off, "off while unpowered")
        fields["isPowered"] = true
        #expect(RestPlusFields.current(from: fields).color?.id == WireConstants.customColorID, "the random cycle shows")
        #expect(RestPlusFields.current(from: fields).sound == SoundState(id: 0, v: 1234))
    }

    @Test func restPlusFieldProblems() {
        #expect(RestPlusFields.problem(key: "a", value: ["t": 5, "v": 1]) == nil)
        #expect(RestPlusFields.problem(key: "a", value: ["t": 8]) != nil, "8 is no RestPlusAudioTrack")
        #expect(RestPlusFields.problem(key: "a", value: ["v": 70000]) != nil)
        #expect(RestPlusFields.problem(key: "c", value: ["R": 1]) != nil)
        #expect(RestPlusFields.problem(key: "c", value: ["r": -1]) != nil)
        #expect(RestPlusFields.problem(key: "isPowered", value: "yes") != nil)
        #expect(RestPlusFields.problem(key: "current", value: [:]) != nil)
    }
}
