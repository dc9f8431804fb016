import Foundation
import HatchDashboard
import HatchDeviceModel
import HatchIoTDeviceStateEmitterClient
import Testing

@Suite("The engine's batches")
struct DashboardEngineTests {
    let devices = (1...3).map { index in
        DashboardDevice(name: "Device \(index)", macAddress: MacAddress(value: 0xA4C1_3810_0000 + UInt64(index)), product: .restoreV5)
    }

    private func red(_ intensity: Int, _ device: DashboardDevice) -> IoTDeviceState {
        .mock(macAddress: device.macAddress, product: device.product,
              current: CurrentState(playing: .remote, color: ColorState(id: WireConstants.customColorID, r: 65535, i: intensity), sound: .off))
    }

    @Test("Many reports of one device between two batches go out as its latest card, once")
    func coalesces() throws {
        let engine = DashboardEngine(devices: devices)
        let device = devices[1]
        for intensity in stride(from: 1000, through: 65535, by: 1000) {
            engine.update(device.thingName) { $0.state = red(intensity, device) }
        }
        let batch = try #require(engine.flush())
        #expect(batch.cards.count == 1)
        #expect(batch.cards.first?.thing == device.thingName.rawValue)
        #expect(batch.cards.first?.light?.brightness == 99)
        #expect(engine.flush() == nil, "nothing changed since the last batch")
    }

    @Test("A report that changes nothing the card shows sends no card")
    func unchangedCardIsNotSent() throws {
        let engine = DashboardEngine(devices: devices)
        let device = devices[0]
        engine.update(device.thingName) { $0.state = red(30000, device) }
        _ = try #require(engine.flush())
        engine.update(device.thingName) { $0.state = red(30000, device).with(version: 7) }
        #expect(try #require(engine.flush()).cards.map(\.version) == [7], "a new shadow version is a change")
        engine.update(device.thingName) { $0.state = red(30000, device).with(version: 7) }
        #expect(engine.flush() == nil)
    }

    @Test("A page gets every card in display order first, then only the changes")
    func subscribe() async throws {
        let engine = DashboardEngine(devices: devices.reversed())
        var stream = engine.subscribe().makeAsyncIterator()
        let first = try #require(await stream.next())
        #expect(first.full)
        #expect(first.cards.map(\.name) == ["Device 1", "Device 2", "Device 3"])
        #expect(first.sounds?["restoreV5"] != nil)

        engine.update(devices[2].thingName) { $0.connection = .offline(since: nil, reason: "reboot") }
        // Reading a card before the batch must not swallow the change.
        #expect(engine.card(devices[2].thingName.rawValue)?.presenceReason == "reboot")
        engine.flush()
        let second = try #require(await stream.next())
        #expect(!second.full)
        #expect(second.cards.map(\.presence) == ["offline"])
        engine.finish()
        #expect(await stream.next() == nil, "the stream ends when the engine finishes")
    }

    @Test("The log keeps the newest messages, classified; a batch carries at most its limit")
    func log() throws {
        let engine = DashboardEngine(devices: devices)
        let thing = devices[0].thingName.rawValue
        engine.record(topic: "$aws/things/\(thing)/shadow/update", payload: Data(#"{"state":{"reported":{"x":1}}}"#.utf8))
        engine.record(topic: "$aws/things/\(thing)/shadow/update", payload: Data(#"{"state":{"desired":{"x":1}},"clientToken":"a"}"#.utf8))
        engine.record(topic: "$aws/things/\(thing)/shadow/update/delta", payload: Data("{}".utf8))
        engine.record(topic: "hatch/things/\(thing)/presence", payload: Data(#"{"state":"online"}"#.utf8))
        let batch = try #require(engine.flush())
        #expect(batch.log.map(\.kind) == ["update", "update", "delta", "presence"])
        #expect(batch.log.map(\.direction) == ["device → cloud", "app → cloud", "cloud → device", "device"])
        #expect(batch.log.allSatisfy { $0.thing == thing })

        for index in 0..<(DashboardEngine.logBatchLimit * 3) {
            engine.record(topic: "hatch/registry/\(thing)", payload: Data("\(index)".utf8))
        }
        let busy = try #require(engine.flush())
        #expect(busy.log.count == DashboardEngine.logBatchLimit)
        #expect(busy.log.last?.payload == "\(DashboardEngine.logBatchLimit * 3 - 1)", "the newest are kept")
    }

    @Test("Batches go out on their interval while the engine runs")
    func runsBatches() async throws {
        let engine = DashboardEngine(devices: devices, batchInterval: .milliseconds(20))
        var stream = engine.subscribe().makeAsyncIterator()
        _ = await stream.next()
        let runner = Task { await engine.runBatches() }
        engine.update(devices[0].thingName) { $0.state = red(65535, devices[0]) }
        let batch = try #require(await stream.next(), "a batch within the engine's run")
        #expect(batch.cards.first?.light?.css == "rgb(255, 0, 0)")
        runner.cancel()
        #expect(await stream.next() == nil, "cancelling the run ends the streams")
    }
}

extension IoTDeviceState {
    func with(version: Int) -> IoTDeviceState {
        var copy = self
        copy.version = version
        return copy
    }
}
