import Foundation
import HatchDeviceModel
import Testing
@testable import HatchDeviceSimulator

/// A device's report of values alone, written leaf by leaf into its local shadow (or its own copy of
/// its shadow, and its request), against the same report made as a patch: the same messages, byte for
/// byte, and the same stored document.
@Suite("Reported leaves: a report written leaf by leaf is the report made as a patch")
struct ReportedLeavesTests {
    /// A routine of steps of different lengths, light and sound changing at each.
    static func settings(for product: HardwareProduct) -> DeviceSettings {
        var settings = DeviceSettings.factory(for: product, timezone: "America/New_York")
        settings.routines = RecordCollection(items: [Routine(id: 1, name: "Cycle", steps: (0..<7).map { step in
            RoutineStep(color: ColorState(id: 9999, r: 65535 - step * 9000, g: 20000, b: step * 2000, w: 0, i: 20000 - step * 1500),
                        sound: step % 3 == 2 ? nil : SoundState(id: 3 + step % 4, v: 20000 - step * 900), duration: 45 + step * 30)
        })])
        return settings
    }

    static let products = HardwareProduct.allCases
    /// Start times over the day (UTC hours): night, morning alarms, afternoon, evening schedules.
    static let startHours = [2, 7, 13, 21]

    /// A device of `product` named by `suffix` (the last byte of its MAC address), and a start time
    /// 17 minutes past `hour` on 5 January 2026 (UTC).
    static func device(_ product: HardwareProduct, suffix: String, hour: Int) throws -> (DeviceProfile, Date) {
        let profile = DeviceProfile(name: "leaves", macAddress: try MacAddress(validating: "02:4C:00:00:\(suffix):\(String(format: "%02X", hour))"),
                                    product: product)
        return (profile, Date(timeIntervalSince1970: 1_767_571_200 + Double(hour * 3600 + 17 * 60)))
    }

    @Test("the same messages and document over four simulated hours", arguments: products, startHours)
    func sameAsPatch(product: HardwareProduct, hour: Int) throws {
        var (profile, now) = try Self.device(product, suffix: "10", hour: hour)
        var leaves = DeviceCore(profile: profile, settings: Self.settings(for: product), shadow: ShadowDocument(), now: now)
        var patch = leaves
        patch.firmware.writesLeaves = false
        #expect(leaves.connected(now: now) == patch.connected(now: now))
        #expect(leaves.autoStart(routine: 1, now: now) == patch.autoStart(routine: 1, now: now))
        let realNow = Date(timeIntervalSince1970: 1_767_571_200)
        for minute in 1...240 {
            now += 41
            #expect(leaves.tick(now: now) == patch.tick(now: now), "\(product) at minute \(minute)")
            if minute % 23 == 0 {
                // An app's volume command: accepted, delta, the device's report clearing it.
                let request = DeviceAction.setVolume(1000 + minute).updateRequest(for: product, clientToken: "volume-\(minute)").jsonData
                #expect(leaves.receive(topic: leaves.shadowTopics.update, payload: request, now: now, realNow: realNow)
                    == patch.receive(topic: patch.shadowTopics.update, payload: request, now: now, realNow: realNow))
            }
            if leaves.engine.state.current.playing == PlayingMode.none {
                #expect(leaves.autoStart(routine: 1, now: now) == patch.autoStart(routine: 1, now: now))
            }
        }
        #expect(leaves.shadow == patch.shadow)
        #expect(leaves.shadow.document.reported == patch.shadow.document.reported)
        #expect(leaves.shadow.document.reportedMetadata == patch.shadow.document.reportedMetadata)
    }

    @Test("the firmware alone: the same requests and the same copy of its shadow over four simulated hours", arguments: products, startHours)
    func firmwareSameAsPatch(product: HardwareProduct, hour: Int) throws {
        var (profile, now) = try Self.device(product, suffix: "30", hour: hour)
        var leaves = FirmwareCore(profile: profile, settings: Self.settings(for: product), knownShadow: ShadowDocument(), now: now)
        var patch = leaves
        patch.firmware.writesLeaves = false
        #expect(leaves.connected(now: now) == patch.connected(now: now))
        #expect(leaves.autoStart(routine: 1, now: now) == patch.autoStart(routine: 1, now: now))
        let realNow = Date(timeIntervalSince1970: 1_767_571_200)
        var version = 100
        for minute in 1...240 {
            now += 41
            #expect(leaves.tick(now: now) == patch.tick(now: now), "\(product) at minute \(minute)")
            if minute % 23 == 0 {
                // The delta the shadow service sends for an app's volume command; the report clears it.
                version += 1
                let state = DeviceAction.setVolume(1000 + minute).desiredPatch(for: product)
                let delta = JSONValue.object(["state": state, "version": .int(version), "timestamp": .int(Int(now.timeIntervalSince1970))]).jsonData
                let topic = leaves.firmware.shadowTopics.updateDelta
                #expect(leaves.receive(topic: topic, payload: delta, now: now, realNow: realNow)
                    == patch.receive(topic: topic, payload: delta, now: now, realNow: realNow))
            }
            if leaves.firmware.engine.state.current.playing == PlayingMode.none {
                #expect(leaves.autoStart(routine: 1, now: now) == patch.autoStart(routine: 1, now: now))
            }
        }
        #expect(leaves.knownShadow == patch.knownShadow)
        #expect(leaves.knownShadow.document.reported == patch.knownShadow.document.reported)
    }

    @Test("a routine step's report takes the leaf path on every product that reports `current`", arguments: products)
    func routineStepWritesLeaves(product: HardwareProduct) throws {
        let profile = DeviceProfile(name: "leaves", macAddress: try MacAddress(validating: "02:4C:00:00:20:01"), product: product)
        var now = Date(timeIntervalSince1970: 1_767_592_800)
        var core = DeviceCore(profile: profile, settings: Self.settings(for: product), shadow: ShadowDocument(), now: now)
        _ = core.connected(now: now)
        _ = core.autoStart(routine: 1, now: now)
        now += 45
        _ = core.firmware.advance(to: now)
        let stepped = core.engine.stateChanged
        var shadow = core.shadow
        let version = shadow.document.version
        var result: DeviceShadow.LeafReplies?
        if case .replies(let replies)? = core.firmware.reportLeaves(into: &shadow, as: .service(timestamp: DeviceEngine.epoch(now))) { result = replies }
        if product.reportsRestPlusDocument {
            // Its `isPowered`, `a` and `c` are firmware fields: its reports are patches.
            #expect(result == nil)
        } else {
            #expect(stepped)
            let replies = try #require(result)
            let accepted = try JSONValue(data: replies.accepted.data), documents = try JSONValue(data: replies.documents.data)
            #expect(accepted["state"]?["reported"] != nil && accepted["metadata"]?["reported"] != nil)
            #expect(documents["current"]?["version"] == .int(version + 1) && documents["previous"]?["version"] == .int(version))
            #expect(shadow.document.version == version + 1)
        }

        // The firmware alone, into its own copy of its shadow: the request `shadow/update` carries.
        var firmware = FirmwareCore(profile: profile, settings: Self.settings(for: product), knownShadow: ShadowDocument(), now: now)
        _ = firmware.connected(now: now)
        _ = firmware.autoStart(routine: 1, now: now)
        _ = firmware.firmware.advance(to: now + 45)
        var known = firmware.knownShadow
        var request: Data?
        if case .request(let payload)? = firmware.firmware.reportLeaves(into: &known, as: .copy(timestamp: DeviceEngine.epoch(now + 45))) {
            request = payload
        }
        if product.reportsRestPlusDocument {
            #expect(request == nil)
        } else {
            let payload = try #require(request)
            let reported = try #require(try JSONValue(data: payload)["state"]?["reported"])
            #expect(reported["current"] != nil)
            #expect(known.document.reported == firmware.knownShadow.document.reported.map { old in
                var merged = old
                merged.merge(reported)
                return merged
            })
        }
    }
}
