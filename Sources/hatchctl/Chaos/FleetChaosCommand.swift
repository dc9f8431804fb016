import ArgumentParser
import Foundation
import HatchFleetControl
import HatchFleetLab

/// `hatchctl fleet chaos`: proves the fleet and its clients reliable under faults. A fleet with
/// accelerated routines and a client sending QoS 1 commands with unique `clientToken`s run on a
/// private persistent mosquitto, while the broker is killed and restarted, frozen, and the fleet
/// process itself is killed mid-write. Every command must end applied exactly once or reported
/// failed to its sender: none duplicated, none lost.
struct FleetChaosCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chaos",
        abstract: "Kill and freeze the broker and kill the fleet while commands flow; check none is lost or applied twice.",
        discussion: """
            Prints commands sent / applied / failed / duplicated / lost, broker kills survived, fleet kills \
            survived with settings intact and recovery times, and exits with status 1 when an invariant fails: \
            a command duplicated or lost, a setting accepted before a fleet kill missing after it, a last will \
            later than 1.5 × keep-alive, or a recovery slower than 2 × keep-alive.
            """
    )

    @Option(name: .long, help: "Devices of a generated fleet (the product mix of `fleet bench`, each looping a routine).")
    var devices = 200

    @Option(name: .long, help: ArgumentHelp("A fleet file to use instead of a generated fleet.", valueName: "file"))
    var fleetFile: String?

    @Option(name: .long, help: "Times the broker is killed with SIGKILL and restarted on the same port.")
    var brokerKills = 10

    @Option(name: .long, help: "Times the fleet process is killed with SIGKILL and restarted on its state folder.")
    var fleetKills = 10

    @Option(name: .long, help: ArgumentHelp("Seconds the broker is frozen with SIGSTOP (default 2.5 × keep-alive; 0: no hang).", valueName: "seconds"))
    var hangSeconds: Double?

    @Option(name: .long, help: ArgumentHelp("MQTT keep-alive of devices and client (5…3600).", valueName: "seconds"))
    var keepAlive = 10

    @Option(name: .long, help: "Commands per second.")
    var rate: Double = 20

    @Option(name: .long, help: ArgumentHelp("Seconds of traffic between two faults.", valueName: "seconds"))
    var interval: Double = 3

    @Option(name: .long, help: ArgumentHelp("Seconds a killed broker stays down.", valueName: "seconds"))
    var brokerDowntime: Double = 1

    @Option(name: .long, help: ArgumentHelp("Seconds a command is retried with the same token before it is reported failed.", valueName: "seconds"))
    var commandDeadline: Double = 90

    @Option(name: .long, help: ArgumentHelp("Seconds one attempt waits for its reply before the command is sent again.", valueName: "seconds"))
    var attemptTimeout: Double = 5

    @OptionGroup var lab: LabRunOptions

    func validate() throws {
        guard devices > 0 else { throw ValidationError("--devices must be greater than 0.") }
        guard brokerKills >= 0, fleetKills >= 0 else { throw ValidationError("--broker-kills and --fleet-kills cannot be negative.") }
        guard (5...3600).contains(keepAlive) else { throw ValidationError("--keep-alive takes 5 to 3600 seconds (got \(keepAlive)).") }
        guard rate > 0 else { throw ValidationError("--rate must be greater than 0.") }
        guard interval >= 0, brokerDowntime >= 0, (hangSeconds ?? 0) >= 0 else {
            throw ValidationError("--interval, --broker-downtime and --hang-seconds cannot be negative.")
        }
        guard commandDeadline > 0, attemptTimeout > 0 else { throw ValidationError("--command-deadline and --attempt-timeout must be greater than 0.") }
    }

    func run() async throws {
        let console = Console(json: lab.json)
        let interactive = isatty(STDERR_FILENO) == 1
        let started = ContinuousClock.now
        let settings = try makeSettings()
        let run = ChaosRun(settings: settings) { line in
            let elapsed = String(format: "%6.1f", (ContinuousClock.now - started).seconds)
            Console.write((interactive ? "\r\u{1B}[2K" : "") + "chaos \(elapsed)s: " + line + "\n", to: .standardError)
        }
        let report: ChaosReport
        do {
            report = try await run.run()
        } catch {
            let failure = FleetControlError.invalidArgument("the chaos run could not start: \(error)")
            console.report(failure)
            throw ExitCode(failure.exitStatus)
        }
        console.emit(report) { report.text }
        if !report.passed { throw ExitCode.failure }
    }

    private func makeSettings() throws -> ChaosSettings {
        let fleet: ChaosFleet
        do {
            fleet = try fleetFile.map { try ChaosFleet.file($0) } ?? ChaosFleet.generated(devices: devices)
        } catch let error as FleetLabError {
            throw ValidationError(error.description)
        }
        return ChaosSettings(
            definition: fleet.definition, fleetFileText: fleet.text, fleetFile: fleet.file, keepAlive: keepAlive, rate: rate, brokerKills: brokerKills,
            fleetKills: fleetKills, hangSeconds: hangSeconds ?? Double(keepAlive) * 2.5, speed: lab.speed, interval: interval,
            brokerDowntime: brokerDowntime, commandDeadline: commandDeadline, attemptTimeout: attemptTimeout)
    }
}
