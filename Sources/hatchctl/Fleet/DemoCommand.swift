import ArgumentParser
import Foundation
import HatchDeviceSimulator
import HatchFleetControl
import HatchMQTT
import HatchMosquittoBroker
import Logging
import UnixSignals

/// `hatchctl demo` (what `make run` runs): a private mosquitto, the household fleet on an accelerated
/// clock just before the parents' 06:30 alarm, and a short tour of the control commands against it.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Start a private broker and the household fleet, then drive routines and an alarm."
    )

    @Option(name: .long, help: ArgumentHelp("The fleet file (YAML).", valueName: "file"))
    var devices = "devices/household.yaml"

    @Option(name: .long, help: "Simulated seconds per real second.")
    var speed: Double = 60

    @Flag(name: .long, help: "Keep the fleet running after the tour until Ctrl-C.")
    var keepRunning = false

    @OptionGroup var logging: LogOptions

    func run() async throws {
        // The fleet's events (routines, alarms, faults) are logged on standard error beside the tour.
        let logger = logging.bootstrap(json: false)
        let definition: FleetDefinition
        do {
            definition = try FleetDefinition.load(contentsOf: URL(fileURLWithPath: devices))
        } catch {
            Console.write("error: \(error)\n", to: .standardError)
            throw ExitCode(9)
        }
        let broker = try await MosquittoBroker.start()
        defer { broker.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("hatchctl-demo-\(getpid())")
        setenv("HATCH_HOME", home.path, 1)
        defer { try? FileManager.default.removeItem(at: home) }
        try BrokerRecord(url: broker.url).save()

        let startTime = SimulationClock.nextWeekday(hour: 6, minute: 26, in: TimeZone(identifier: "America/New_York") ?? .gmt)
        let clock = SimulationClock(mode: .accelerated(speed: speed), startTime: startTime)
        let fleet = try Fleet(configuration: FleetConfiguration(
            definition: definition, broker: try MQTTBrokerURL(broker.url), clock: clock,
            stateDirectory: home.appendingPathComponent("state"), telemetry: FleetTelemetry(logger: logger)))
        say("private mosquitto at \(broker.url); \(definition.devices.count) devices; simulated clock at \(startTime.formatted(.iso8601)) × \(Int(speed))")
        try await fleet.start()
        say("\(fleet.status().summary)\n")

        await step("hatchctl devices", DevicesCommand.self, [])
        await step("hatchctl routine list Nursery", RoutineListCommand.self, ["Nursery"])
        await step("hatchctl routine start Nursery Bedtime", RoutineStartCommand.self, ["Nursery", "Bedtime"])
        await step("hatchctl state Nursery", StateCommand.self, ["Nursery"])
        await step("hatchctl volume 'Travel Rest Mini' 40", VolumeCommand.self, ["Travel Rest Mini", "40"])
        await step("hatchctl alarm list Parents", AlarmListCommand.self, ["Parents"])
        let wake = startTime.addingTimeInterval(4 * 60 + 5)
        if let wait = clock.realInterval(until: wake), wait > 0 {
            say("… waiting \(String(format: "%.1f", wait)) s of real time for 06:30 on the simulated clock")
            try? await Task.sleep(for: .milliseconds(Int(wait * 1000)))
        }
        await step("hatchctl alarm list Parents", AlarmListCommand.self, ["Parents"])
        await step("hatchctl alarm snooze Parents", AlarmSnoozeCommand.self, ["Parents"])
        await step("hatchctl alarm dismiss Parents", AlarmDismissCommand.self, ["Parents"])
        await step("hatchctl routine stop Nursery", RoutineStopCommand.self, ["Nursery"])
        say("fleet: \(fleet.status().summary)")

        if keepRunning {
            say("the fleet keeps running at \(broker.url) (HATCH_HOME=\(home.path)); Ctrl-C stops it")
            for await _ in await UnixSignalsSequence(trapping: .sigint, .sigterm) { break }
        }
        await fleet.stop()
        say("demo finished: devices went offline cleanly and the broker stopped")
    }

    /// Runs one control command in-process, the way a user would from the shell, and shows its output.
    private func step<Command: AsyncParsableCommand>(_ title: String, _ command: Command.Type, _ arguments: [String]) async {
        say("$ \(title)")
        do {
            var parsed = try Command.parse(arguments)
            try await parsed.run()
        } catch {
            say("  (exit: \(Command.exitCode(for: error).rawValue)) \(Command.message(for: error))")
        }
        say("")
    }

    private func say(_ text: String) {
        Console.write(text + "\n", to: .standardOutput)
    }
}
