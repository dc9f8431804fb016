import Foundation
import HatchctlTestSupport
import HatchMosquittoBroker
import HatchDeviceSimulator
import Testing

/// The built `hatchctl` binary against the household fleet: output and exit statuses.
@Suite("hatchctl against a fleet", .serialized, .timeLimit(.minutes(3)))
struct HatchctlAgainstFleetTests {
    @Test("devices: a table of the household, from the recorded broker; --json lists the same devices")
    func devicesTable() async throws {
        try await HouseholdFleet.with { household in
            let hatchctl = try Hatchctl()
            try Data(#"{"url": "\#(household.broker.url)"}"#.utf8).write(to: hatchctl.home.appendingPathComponent("broker.json"))
            let result = try await hatchctl.run(["devices"])
            #expect(result.status == 0, "\(result)")
            let lines = result.standardOutput.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("NAME") == true)
            #expect(lines.first?.contains("NEXT ALARM") == true)
            #expect(lines.count == 5, "\(result)")
            #expect(!lines.contains { $0.contains("no answer") }, "\(result)")
            let parents = try #require(lines.first { $0.hasPrefix("Parents") })
            #expect(parents.contains("A4:C1:38:10:00:02"))
            #expect(parents.contains("restoreV4"))
            #expect(parents.contains("online"))
            #expect(parents.contains("nothing"))
            #expect(parents.contains("Mon 06:30 Work days"))

            let json = try await hatchctl.run(["devices", "--json"])
            let devices = try #require(try json.json() as? [[String: Any]])
            #expect(devices.compactMap { $0["name"] as? String } == ["Kids room Rest+", "Nursery", "Parents", "Travel Rest Mini"])
            #expect(devices.allSatisfy { $0["presence"] as? String == "online" })
        }
    }

    @Test("routine list, start, next and stop; state shows the running step")
    func routines() async throws {
        try await HouseholdFleet.with { household in
            let hatchctl = try Hatchctl()
            let broker = ["--broker", household.broker.url]
            let list = try await hatchctl.run(["routine", "list", "parents"] + broker)
            #expect(list.status == 0, "\(list)")
            #expect(list.standardOutput.contains("Wind down"))

            let start = try await hatchctl.run(["routine", "start", "Parents", "wind down"] + broker)
            #expect(start.status == 0, "\(start)")
            #expect(start.standardOutput == "Started \"Wind down\" on Parents.\n")

            let state = try await hatchctl.waitForState(broker: broker, device: "A4-C1-38-10-00-02") { ($0["playing"] as? [String: Any])?["step"] as? Int == 1 }
            let playing = try #require(state["playing"] as? [String: Any])
            #expect(playing["routineName"] as? String == "Wind down")
            #expect(playing["stepCount"] as? Int == 2)

            let next = try await hatchctl.run(["routine", "next", "Parents"] + broker)
            #expect(next.status == 0, "\(next)")
            #expect(next.standardOutput.contains("Wind down step 2/2"))
            _ = try await hatchctl.waitForState(broker: broker, device: "Parents") { ($0["playing"] as? [String: Any])?["step"] as? Int == 2 }

            let stop = try await hatchctl.run(["routine", "stop", "Parents", "--json"] + broker)
            #expect(stop.status == 0, "\(stop)")
            #expect((try stop.json() as? [String: Any])?["accepted"] as? Bool == true)

            let missing = try await hatchctl.run(["routine", "start", "Parents", "Yoga"] + broker)
            #expect(missing.status == 8, "\(missing)")
            #expect(missing.standardError.contains("Wind down (1)"))
        }
    }

    @Test("alarms: add, list, disable, delete; snooze with nothing ringing is refused")
    func alarms() async throws {
        try await HouseholdFleet.with { household in
            let hatchctl = try Hatchctl()
            let broker = ["--broker", household.broker.url]
            let add = try await hatchctl.run(["alarm", "add", "Nursery", "--time", "07:00", "--days", "weekend", "--name", "Weekend"] + broker)
            #expect(add.status == 0, "\(add)")
            #expect(add.standardOutput.contains("Added \"Weekend\" at 07:00 (weekend)"))

            let list = try await hatchctl.run(["alarm", "list", "Nursery", "--json"] + broker)
            let report = try #require(try list.json() as? [String: Any])
            let alarms = try #require(report["alarms"] as? [[String: Any]])
            #expect(alarms.compactMap { $0["name"] as? String } == ["Okay to wake", "Weekend"])
            #expect(report["status"] as? String == "idle")
            #expect(report["nextAlarmID"] as? Int == 1)

            let disable = try await hatchctl.run(["alarm", "disable", "Nursery", "weekend"] + broker)
            #expect(disable.status == 0, "\(disable)")
            let text = try await hatchctl.run(["alarm", "list", "Nursery"] + broker)
            let weekend = try #require(text.standardOutput.split(separator: "\n").first { $0.contains("Weekend") })
            #expect(weekend.contains(" no "))

            let delete = try await hatchctl.run(["alarm", "delete", "Nursery", "Weekend"] + broker)
            #expect(delete.status == 0, "\(delete)")
            let snooze = try await hatchctl.run(["alarm", "snooze", "Nursery"] + broker)
            #expect(snooze.status == 9, "\(snooze)")
            #expect(snooze.standardError.contains("No alarm is ringing"))
        }
    }

    @Test("light, sound and volume; a Rest Mini has no light")
    func lightSoundVolume() async throws {
        try await HouseholdFleet.with { household in
            let hatchctl = try Hatchctl()
            let broker = ["--broker", household.broker.url]
            let light = try await hatchctl.run(["light", "Nursery", "#FF8800", "--brightness", "40"] + broker)
            #expect(light.status == 0, "\(light)")
            let sound = try await hatchctl.run(["sound", "Nursery", "3", "--volume", "25"] + broker)
            #expect(sound.status == 0, "\(sound)")
            let volume = try await hatchctl.run(["volume", "Nursery", "60"] + broker)
            #expect(volume.status == 0, "\(volume)")
            let state = try await hatchctl.waitForState(broker: broker, device: "Nursery") { report in
                let current = (report["reported"] as? [String: Any])?["current"] as? [String: Any]
                return (current?["sound"] as? [String: Any])?["v"] as? Int == 60 * 65535 / 100
            }
            let current = try #require((state["reported"] as? [String: Any])?["current"] as? [String: Any])
            let color = try #require(current["color"] as? [String: Any])
            #expect(color["r"] as? Int == 65535)
            #expect(color["i"] as? Int == 40 * 65535 / 100)
            #expect((current["sound"] as? [String: Any])?["id"] as? Int == 3)

            let mini = try await hatchctl.run(["light", "Travel Rest Mini", "warm"] + broker)
            #expect(mini.status == 9, "\(mini)")
            #expect(mini.standardError.contains("it has no light"))

            // Sounds by the vendor's names for the product; the state shows the name.
            let ocean = try await hatchctl.run(["sound", "Travel Rest Mini", "ocean"] + broker)
            #expect(ocean.status == 0, "\(ocean)")
            #expect(ocean.standardOutput.contains("Ocean (10128)"), "\(ocean)")
            let miniState = try await hatchctl.waitForState(broker: broker, device: "Travel Rest Mini") { report in
                let current = (report["reported"] as? [String: Any])?["current"] as? [String: Any]
                return (current?["sound"] as? [String: Any])?["id"] as? Int == 10128
            }
            #expect((miniState["reported"] as? [String: Any])?["snooze"] == nil, "a Rest Mini reports no alarm fields")
            let text = try await hatchctl.run(["state", "Travel Rest Mini"] + broker)
            #expect(text.standardOutput.contains("Ocean (10128)"), "\(text)")
            let wrong = try await hatchctl.run(["sound", "Travel Rest Mini", "thunderstorm"] + broker)
            #expect(wrong.status != 0 && wrong.standardError.contains("Heartbeat, Water, WhiteNoise"), "\(wrong)")
            let off = try await hatchctl.run(["sound", "Travel Rest Mini", "off"] + broker)
            #expect(off.status == 0, "\(off)")
        }
    }

    @Test("an unknown device lists the known ones; an offline one says so; a rejection shows the device's reason")
    func failures() async throws {
        try await HouseholdFleet.with { household in
            let hatchctl = try Hatchctl()
            let broker = ["--broker", household.broker.url]
            let unknown = try await hatchctl.run(["state", "Kitchen"] + broker)
            #expect(unknown.status == 4, "\(unknown)")
            #expect(unknown.standardError.contains("Nursery (A4:C1:38:10:00:01, restoreV5)"))
            #expect(unknown.standardError.contains("Travel Rest Mini (A4:C1:38:10:00:04, restMini)"))

            await household.fleet.inject(FaultInjection(kind: .rejectUpdates(count: 1), target: .devices(["Nursery"])))
            let rejected = try await hatchctl.run(["volume", "Nursery", "20"] + broker)
            #expect(rejected.status == 6, "\(rejected)")
            #expect(rejected.standardError.contains("Nursery (A4:C1:38:10:00:01, restoreV5) rejected the command (503)"))
            #expect(rejected.standardError.contains("injected fault"))

            await household.fleet.inject(FaultInjection(kind: .offline(seconds: 60), target: .devices(["Kids room Rest+"])))
            let offline = try await eventually("`hatchctl state` saying the Kids room Rest+ is offline (exit 5)", within: .seconds(60),
                                               interval: .milliseconds(100)) {
                let answer = try await hatchctl.run(["state", "Kids room Rest+", "--json"] + broker)
                return answer.status == 5 ? answer : nil
            }
            let error = try #require((try offline.json() as? [String: Any])?["error"] as? [String: Any])
            #expect(error["kind"] as? String == "deviceOffline")
            #expect((error["message"] as? String)?.contains("is offline") == true)
            #expect((error["message"] as? String)?.contains("(connectionLost)") == true)

            await household.fleet.inject(FaultInjection(kind: .dropCommands(share: 1, seconds: 0), target: .devices(["Parents"])))
            let silent = try await hatchctl.run(["volume", "Parents", "20", "--timeout", "0.5"] + broker)
            #expect(silent.status == 7, "\(silent)")
            #expect(silent.standardError.contains("did not answer within 0.5 s"), "\(silent)")
            let silentByEnvironment = try await hatchctl.run(["volume", "Parents", "20"] + broker, environment: ["HATCH_TIMEOUT": "0.7"])
            #expect(silentByEnvironment.status == 7, "\(silentByEnvironment)")
            #expect(silentByEnvironment.standardError.contains("did not answer within 0.7 s"), "\(silentByEnvironment)")

            // A clean shutdown records when: the simulation clock's 05:50 in New York.
            await household.fleet.device("Travel Rest Mini")?.disconnect(reason: "shutdown")
            let shutdown = try await hatchctl.run(["sound", "Travel Rest Mini", "3"] + broker)
            #expect(shutdown.status == 5, "\(shutdown)")
            #expect(shutdown.standardError.contains("is offline since 2026-01-05T10:50:00Z (shutdown)"), "\(shutdown)")

            // Parents still drops every request: listed as not answering within the timeout, not an error.
            let table = try await hatchctl.run(["devices", "--timeout", "1"] + broker)
            #expect(table.status == 0, "\(table)")
            let rows = table.standardOutput.split(separator: "\n")
            let kids = try #require(rows.first { $0.hasPrefix("Kids room Rest+") })
            #expect(kids.contains("offline"))
            let parents = try #require(rows.first { $0.hasPrefix("Parents") })
            #expect(parents.contains("online") && parents.contains("no answer"), "\(table)")
        }
    }

    @Test("state --watch --json prints one JSON object per accepted change")
    func watch() async throws {
        try await HouseholdFleet.with { household in
            let process = ChildProcess()
            process.executableURL = Hatchctl.executable
            process.arguments = ["state", "Nursery", "--watch", "--json", "--broker", household.broker.url]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            defer { if process.isRunning { process.terminate() } }
            let reader = Task { () -> [String] in
                await withCheckedContinuation { continuation in
                    // Read on a Dispatch thread: blocking reads must not starve the fleet on the cooperative pool.
                    DispatchQueue.global().async {
                        // The first report is pretty-printed; every change after it is one compact line.
                        var buffer = Data()
                        let handle = output.fileHandleForReading
                        while true {
                            let chunk = handle.availableData
                            if chunk.isEmpty { return continuation.resume(returning: []) }
                            buffer.append(chunk)
                            let lines = String(decoding: buffer, as: UTF8.self).split(separator: "\n").map(String.init)
                                .filter { $0.hasPrefix("{\"reported\"") }
                            if !lines.isEmpty { return continuation.resume(returning: lines) }
                        }
                    }
                }
            }
            // Change the volume until the watcher has printed a change (it may still be subscribing at first).
            let hatchctl = try Hatchctl()
            let done = Task {
                for percent in stride(from: 10, through: 90, by: 5) {
                    _ = try? await hatchctl.run(["volume", "Nursery", String(percent), "--broker", household.broker.url])
                    do { try await Task.sleep(for: .milliseconds(300)) } catch { return }  // cancelled: the watcher printed
                }
                process.terminate()  // nothing was printed: end the watcher so the reader sees end of file
            }
            let watched = await reader.value
            done.cancel()
            process.terminate()
            #expect(!watched.isEmpty, "no --watch line was printed")
            for line in watched {
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                #expect(object?["version"] is Int)
                #expect(object?["reported"] is [String: Any])
            }
        }
    }

    @Test("state --watch --json reports the device dropping off and coming back")
    func watchConnection() async throws {
        try await HouseholdFleet.with { household in
            let process = ChildProcess()
            process.executableURL = Hatchctl.executable
            process.arguments = ["state", "Parents", "--watch", "--json", "--broker", household.broker.url]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            defer { if process.isRunning { process.terminate() } }
            let reader = Task { await LineReader.firstLines(of: output) { $0.hasPrefix("{\"connection\":\"online\"") } }
            // The watcher first reads the device (which must be online then) and subscribes; give it a
            // moment, then drop the device until the watcher has seen it come back.
            let dropping = Task {
                for _ in 0..<20 {
                    do { try await Task.sleep(for: .milliseconds(1500)) } catch { return }  // cancelled: the watcher saw it
                    await household.fleet.inject(FaultInjection(kind: .dropConnection(reconnectAfter: 0.3), target: .devices(["Parents"])))
                }
                process.terminate()
            }
            let lines = await reader.value
            dropping.cancel()
            process.terminate()
            let online = try #require(lines.first)
            let object = try JSONSerialization.jsonObject(with: Data(online.utf8)) as? [String: Any]
            #expect(object?["connection"] as? String == "online")
        }
    }
}
