import Foundation
import HatchDeviceModel

/// A fixed piece of device work without the network, for measuring what one report and one command
/// cost the simulator (`Benchmarks/` FleetBenchmarks, `hatch-engine-bench`, `Scripts/callgrind-fleet.sh`).
///
/// The devices (the bench fleet's product mix) run a routine of 60-second steps on a manual clock,
/// restarted when it ends. ``step()`` moves every device one step on, so each reports once
/// (`/update/accepted` + `/update/documents`); ``command()`` sends every device a volume command as
/// an app would (desired update → accepted, delta, the device's report).
///
/// With `firmwareOnly` the devices run their firmware alone (``FirmwareCore``, the device role of
/// ``ShadowServiceMode/external``): a step publishes the device's `/update` request, and a command
/// arrives as the `/update/delta` the shadow service would send.
///
/// A benchmark hook, not part of the simulator's API: `@_spi(Benchmarks) import HatchDeviceSimulator`.
@_spi(Benchmarks)
public final class EngineWorkload {
    private var cores: [DeviceCore] = []
    private var firmware: [FirmwareCore] = []
    private var now = Date(timeIntervalSince1970: 1_767_592_800)
    private var reports = 0
    private var bytes = 0
    private var commandCount = 0

    /// The number of devices each ``step()`` and ``command()`` covers.
    public var deviceCount: Int { cores.count + firmware.count }

    /// Creates `count` connected devices, each with its routine of `routineSteps` steps started
    /// (30 by default; `fleet bench` runs a routine of 3, where every third step restarts it).
    public init(count: Int = 100, routineSteps: Int = 30, firmwareOnly: Bool = false) {
        let routine = Routine(id: 1, name: "Cycle", steps: (0..<max(1, min(30, routineSteps))).map { step in
            RoutineStep(color: ColorState(id: 9999, r: 65535 - step * 1000, g: 20000, b: step * 2000, w: 0, i: 20000 - step * 500),
                        sound: step % 3 == 2 ? nil : SoundState(id: 3 + step % 4, v: 20000 - step * 300), duration: 60)
        })
        let products: [HardwareProduct] = [.restoreV5, .restoreV4, .riot, .riotPlus, .restMini]
        let start = now
        for index in 0..<count {
            let product = products[index % products.count]
            var settings = DeviceSettings.factory(for: product, timezone: "UTC")
            settings.routines = RecordCollection(items: [routine])
            let mac = try! MacAddress(validating: String(format: "02:4C:00:00:%02X:%02X", index / 256 % 256, index % 256))
            let profile = DeviceProfile(name: "bench-\(index)", macAddress: mac, product: product)
            if firmwareOnly {
                var core = FirmwareCore(profile: profile, settings: settings, knownShadow: ShadowDocument(), now: start)
                _ = core.connected(now: start)
                _ = core.autoStart(routine: 1, now: start)
                firmware.append(core)
            } else {
                var core = DeviceCore(profile: profile, settings: settings, shadow: ShadowDocument(), now: start)
                _ = core.connected(now: start)
                _ = core.autoStart(routine: 1, now: start)
                cores.append(core)
            }
        }
    }

    /// Moves every device one routine step (60 simulated seconds) on; returns the messages published.
    public func step() -> Int {
        now += 60
        var messages = 0
        for index in cores.indices {
            var out = cores[index].tick(now: now)
            if cores[index].engine.state.current.playing == .none { out += cores[index].autoStart(routine: 1, now: now) }
            count(out, into: &messages)
        }
        for index in firmware.indices {
            var out = firmware[index].tick(now: now)
            if firmware[index].firmware.engine.state.current.playing == .none { out += firmware[index].autoStart(routine: 1, now: now) }
            count(out, into: &messages)
        }
        return messages
    }

    private func count(_ out: [OutgoingMessage], into messages: inout Int) {
        messages += out.count
        reports += 1
        for message in out { bytes += message.body.count }
    }

    /// Sends every device a volume command as an app would; returns the messages published.
    public func command() -> Int {
        commandCount += 1
        let volume: JSONValue = ["current": ["sound": ["v": .int(1000 + commandCount % 1000)]]]
        let request = ShadowRequest.update(desired: volume, clientToken: "bench-\(commandCount)").jsonData
        // What the shadow service sends a device for that request.
        let delta = JSONValue.object(["state": volume, "version": .int(commandCount), "timestamp": .int(Int(now.timeIntervalSince1970))]).jsonData
        var messages = 0
        for index in cores.indices {
            messages += cores[index].receive(topic: cores[index].shadowTopics.update, payload: request, now: now).count
        }
        for index in firmware.indices {
            messages += firmware[index].receive(topic: firmware[index].firmware.shadowTopics.updateDelta, payload: delta, now: now).count
        }
        return messages
    }

    /// Average payload bytes of the messages published per report so far.
    public var bytesPerReport: Int { reports == 0 ? 0 : bytes / reports }
}
