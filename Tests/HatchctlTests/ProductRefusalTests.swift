import Foundation
import HatchDeviceSimulator
import Testing

/// The built `hatchctl` binary against one device of each of the eight products: what a product
/// cannot do is refused with exit status 9 before anything is sent; what it can do reaches it in its
/// own document (a Rest+ has `isPowered`, `a` and `c`).
@Suite("hatchctl on every product", .serialized, .timeLimit(.minutes(3)))
struct ProductRefusalTests {
    @Test("refusals with exit status 9: a light on a Rest Mini, a track a Rest+ lacks, muting nothing")
    func refusals() async throws {
        try await HouseholdFleet.with(fleetFile: "devices/all-products.yaml") { fleet in
            let hatchctl = try Hatchctl()
            let broker = ["--broker", fleet.broker.url]
            let devices = try await hatchctl.run(["devices", "--json"] + broker)
            let listed = try #require(try devices.json() as? [[String: Any]])
            #expect(Set(listed.compactMap { $0["product"] as? String })
                    == ["restoreIot", "restoreV4", "restoreV5", "riot", "riotPlus", "restMini", "restPlus", "restBaby"], "\(devices)")

            let mini = try await hatchctl.run(["light", "Rest Mini", "warm"] + broker)
            #expect(mini.status == 9, "\(mini)")
            #expect(mini.standardError.contains("it has no light"), "\(mini)")

            let track = try await hatchctl.run(["sound", "Rest+", "8"] + broker)
            #expect(track.status == 9, "\(track)")
            #expect(track.standardError.contains("is not one of its tracks"), "\(track)")

            let named = try await hatchctl.run(["sound", "Rest+", "thunderstorm"] + broker)
            #expect(named.status == 9, "\(named)")
            #expect(named.standardError.contains("PinkNoise"), "\(named)")
        }
    }

    @Test("a Rest+ plays a track, takes a colour and a volume in its own fields; a Rest Baby plays its tracks")
    func restPlusAndRestBaby() async throws {
        try await HouseholdFleet.with(fleetFile: "devices/all-products.yaml") { fleet in
            let hatchctl = try Hatchctl()
            let broker = ["--broker", fleet.broker.url]
            let sound = try await hatchctl.run(["sound", "Rest+", "ocean", "--volume", "50"] + broker)
            #expect(sound.status == 0, "\(sound)")
            #expect(sound.standardOutput.contains("Ocean (5)"), "\(sound)")
            let light = try await hatchctl.run(["light", "Rest+", "#FF0000", "--brightness", "40"] + broker)
            #expect(light.status == 0, "\(light)")
            let state = try await hatchctl.waitForState(broker: broker, device: "Rest+") { report in
                let reported = report["reported"] as? [String: Any]
                return (reported?["c"] as? [String: Any])?["r"] as? Int == 65535 && reported?["isPowered"] as? Bool == true
            }
            let reported = try #require(state["reported"] as? [String: Any])
            #expect(reported["current"] == nil, "a Rest+ reports no current")
            #expect((reported["a"] as? [String: Any])?["t"] as? Int == 5)
            #expect((reported["a"] as? [String: Any])?["v"] as? Int == 50 * 65535 / 100)
            #expect((reported["c"] as? [String: Any])?["i"] as? Int == 40 * 65535 / 100)

            let off = try await hatchctl.run(["sound", "Rest+", "off"] + broker)
            #expect(off.status == 0, "\(off)")

            let baby = try await hatchctl.run(["sound", "Rest Baby", "womb sounds"] + broker)
            #expect(baby.status == 0, "\(baby)")
            #expect(baby.standardOutput.contains("WombSounds (10515)"), "\(baby)")
            let babyState = try await hatchctl.waitForState(broker: broker, device: "Rest Baby") { report in
                let current = (report["reported"] as? [String: Any])?["current"] as? [String: Any]
                return (current?["sound"] as? [String: Any])?["id"] as? Int == 10515
            }
            let info = (babyState["reported"] as? [String: Any])?["deviceInfo"] as? [String: Any]
            #expect(info?["powerStatus"] as? Int == 5, "\(babyState)")
        }
    }
}
