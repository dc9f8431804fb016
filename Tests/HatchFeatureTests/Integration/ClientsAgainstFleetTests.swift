import Foundation
import HatchDeviceModel
import HatchDeviceSimulator
import HatchIoTActionSenderClient
import HatchIoTDeviceConnectionStateClient
import HatchIoTDeviceStateEmitterClient
import Testing

/// The three live clients against the simulated household over a real mosquitto.
@Suite("IoT clients against the fleet", .serialized, .timeLimit(.minutes(2)))
struct ClientsAgainstFleetTests {
    @Test("the state stream starts with the shadow, then follows accepted changes in version order, without repeats")
    func stateStreamOrderAndDeduplication() async throws {
        try await FleetHarness.with { harness in
            let (mac, product) = harness.device("Nursery")
            let emitter = IoTDeviceStateEmitterClient.live(session: harness.session)
            let sender = IoTActionSenderClient.live(session: harness.session)
            let current = try await emitter.currentState(mac, product)
            #expect(current.reported.current.playing == PlayingMode.none)

            var changes = StreamReading(emitter.states(mac, product))
            _ = await changes.first()
            _ = try await sender.send(.playSound(id: 3, volume: 9000), mac, product)
            _ = try await sender.send(.setVolume(9000), mac, product)  // changes nothing the device reports
            _ = try await sender.send(.setVolume(5000), mac, product)
            let states = await changes.until { states in states.last?.reported.current.sound.v == 5000 }

            #expect(states.first?.version ?? 0 >= current.version)
            #expect(states.first?.reported.current.sound.id == current.reported.current.sound.id || states.first?.version != current.version)
            let versions = states.map(\.version)
            #expect(versions == versions.sorted() && Set(versions).count == versions.count, "versions \(versions)")
            for (previous, next) in zip(states, states.dropFirst()) {
                #expect(previous.reported != next.reported, "a repeated state was emitted at version \(next.version)")
            }
            #expect(states.contains { $0.reported.current.sound.id == 3 && $0.reported.current.sound.v == 9000 })
            let latest = try await emitter.currentState(mac, product)
            #expect(latest.reported == states.last?.reported)
        }
    }

    @Test("an action is accepted and the device reports it")
    func actionAccepted() async throws {
        try await FleetHarness.with { harness in
            let (mac, product) = harness.device("Nursery")
            let emitter = IoTDeviceStateEmitterClient.live(session: harness.session)
            let sender = IoTActionSenderClient.live(session: harness.session)
            var states = StreamReading(emitter.states(mac, product))
            _ = await states.first()
            let receipt = try await sender.send(.startRoutine(id: 1), mac, product)
            #expect(receipt.version > 0)
            #expect(receipt.clientToken.hasPrefix("action-"))
            let state = try #require(await states.until { $0.last?.reported.current.srId == 1 }.last)
            #expect(state.reported.current.playing == .routine)
            #expect(state.reported.current.step == 1)
        }
    }

    @Test("a rejection carries the device's code and reason; the next update goes through")
    func actionRejected() async throws {
        try await FleetHarness.with { harness in
            let (mac, product) = harness.device("Parents")
            let sender = IoTActionSenderClient.live(session: harness.session)
            await harness.fleet.inject(FaultInjection(kind: .rejectUpdates(count: 1), target: .devices(["Parents"])))
            do {
                _ = try await sender.send(.setNightlight(true), mac, product)
                Issue.record("the injected rejection did not arrive")
            } catch let IoTActionSenderError.rejected(rejection) {
                #expect(rejection.code == 503)
                #expect(rejection.message.contains("injected fault"))
            }
            _ = try await sender.send(.setNightlight(true), mac, product)

            await #expect(throws: IoTActionSenderError.self) {
                _ = try await sender.editAlarms(RecordRequest(op: .delete, id: 99), mac, product)
            }
            do {
                _ = try await sender.editAlarms(RecordRequest(op: .delete, id: 99), mac, product)
            } catch let IoTActionSenderError.rejected(rejection) {
                #expect(rejection.code == 404)
                #expect(rejection.message == "No alarm with id 99")
            }
        }
    }

    @Test("a device that drops every command makes the sender time out")
    func actionTimeout() async throws {
        try await FleetHarness.with { harness in
            let (mac, product) = harness.device("Kids room Rest+")
            let sender = IoTActionSenderClient.live(session: harness.session, timeout: .milliseconds(400))
            await harness.fleet.inject(FaultInjection(kind: .dropCommands(share: 1, seconds: 0), target: .devices(["Kids room Rest+"])))
            await #expect(throws: IoTActionSenderError.timeout(thingName: ThingName(product: product, macAddress: mac), after: .milliseconds(400))) {
                _ = try await sender.send(.setVolume(1000), mac, product)
            }
            await harness.fleet.inject(FaultInjection(kind: .clear, target: .devices(["Kids room Rest+"])))
            _ = try await sender.send(.setVolume(1000), mac, product)
        }
    }

    @Test("a Rest Mini's light command is refused before it is sent")
    func unsupported() async throws {
        try await FleetHarness.with { harness in
            let (mac, product) = harness.device("Travel Rest Mini")
            let sender = IoTActionSenderClient.live(session: harness.session)
            await #expect(throws: IoTActionSenderError.unsupported(product: .restMini, reason: "it has no light")) {
                _ = try await sender.send(.setColor(r: 1, g: 2, b: 3, w: 0, intensity: 100), mac, product)
            }
        }
    }

    @Test("connection state follows an injected disconnect: online, offline (connectionLost), online again")
    func connectionStateThroughDisconnect() async throws {
        try await FleetHarness.with { harness in
            let (mac, product) = harness.device("Nursery")
            let client = IoTDeviceConnectionStateClient.Factory.live(session: harness.session)(mac, product)
            #expect(await client.current().isOnline)
            var reading = StreamReading(client.states())
            #expect(await reading.first()?.isOnline == true)
            await harness.fleet.inject(FaultInjection(kind: .dropConnection(reconnectAfter: 0.5), target: .devices(["Nursery"])))
            let states = await reading.until { states in
                states.contains { $0.name == "offline" } && states.last?.isOnline == true
            }
            let offline = try #require(states.first { $0.name == "offline" })
            #expect(offline == .offline(since: offline.since, reason: "connectionLost"))
            #expect(offline.since != nil)
            #expect(states.last?.isOnline == true)
        }
    }

    @Test("when this process's own broker link drops, every device is unknown until it is back")
    func ownLinkDrop() async throws {
        try await FleetHarness.with { harness in
            let (mac, product) = harness.device("Parents")
            let client = IoTDeviceConnectionStateClient.Factory.live(session: harness.session)(mac, product)
            var reading = StreamReading(client.states())
            #expect(await reading.first()?.isOnline == true)
            await harness.session.dropConnection()
            let states = await reading.until { states in states.contains(.unknown) && states.last?.isOnline == true }
            #expect(states.contains(.unknown))
            #expect(states.last?.isOnline == true)
        }
    }

    @Test("records: routines and alarms stream their retained documents and every newer dataVersion")
    func recordStreams() async throws {
        try await FleetHarness.with { harness in
            let (mac, product) = harness.device("Parents")
            let emitter = IoTDeviceStateEmitterClient.live(session: harness.session)
            let sender = IoTActionSenderClient.live(session: harness.session)
            var routines = StreamReading(emitter.routines(mac, product))
            #expect(await routines.first()?.items.map(\.name) == ["Wind down"])

            var alarms = StreamReading(emitter.alarms(mac, product))
            #expect(await alarms.first()?.items.map(\.name) == ["Work days", "Flight"])
            let nap = Alarm(id: 0, name: "Nap", daysOfWeek: .once, wakeTime: Fixtures.time("14:30"))
            let receipt = try await sender.editAlarms(RecordRequest(op: .create, item: nap), mac, product)
            let collections = await alarms.until { $0.last?.items.contains { $0.name == "Nap" } == true }
            #expect(collections.last?.dataVersion == receipt.dataVersion)
            #expect(collections.map(\.dataVersion) == collections.map(\.dataVersion).sorted())
        }
    }
}
