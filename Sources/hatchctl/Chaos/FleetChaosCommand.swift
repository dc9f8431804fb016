import ArgumentParser
import Foundation
import HatchFleetControl
import HatchFleetLab
import HatchScenarioFile
import HatchScenarios

/// `hatchctl fleet chaos`: proves the fleet and its clients reliable under faults. First the shipped
/// chaos scenario (`scenarios/chaos.yaml`) through the engine `hatchctl scenario run` uses: the broker
/// killed and restarted, frozen past the keep-alive, devices rebooted and dropped, while a client
/// sends QoS 1 commands with a `clientToken` each. Then what the engine cannot do with a fleet in its
/// own process: a `hatchctl fleet run` child killed mid-write and restarted on its state folder.
struct FleetChaosCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chaos",
        abstract: "Kill and freeze the broker and kill the fleet while commands flow; check none is lost or applied twice.",
        discussion: """
            Runs scenarios/chaos.yaml (`hatchctl scenario run` runs it, too) with the options in place of the \
            file's, then kills a `fleet run` process --fleet-kills times. Prints the scenario's expectations and \
            the fleet kills survived with settings intact, and exits with status 1 when an invariant fails: a \
            command lost or applied twice, a device not back within 2 × keep-alive, a setting accepted before a \
            fleet kill missing after it, or a last will later than 1.5 × keep-alive.
            """
    )

    @Option(name: .long, help: "Devices of the generated fleet (the file's product mix).")
    var devices = 200

    @Option(name: .long, help: "Times the broker is killed with SIGKILL and restarted on the same port.")
    var brokerKills = 10

    @Option(name: .long, help: "Times a `fleet run` process is killed with SIGKILL and restarted on its state folder.")
    var fleetKills = 10

    @Option(name: .long, help: ArgumentHelp("Seconds the broker is frozen with SIGSTOP (default 2.5 × keep-alive; 0: no hang).", valueName: "seconds"))
    var hangSeconds: Double?

    @Option(name: .long, help: ArgumentHelp("MQTT keep-alive of devices and client (5…3600).", valueName: "seconds"))
    var keepAlive = 10

    @Option(name: .long, help: "Commands per second.")
    var rate: Double = 20

    @Option(name: .long, help: ArgumentHelp("Real seconds of traffic between two broker kills.", valueName: "seconds"))
    var interval: Double = 12

    @Option(name: .long, help: ArgumentHelp("Seconds a killed broker stays down.", valueName: "seconds"))
    var brokerDowntime: Double = 1

    @Option(name: .long, help: ArgumentHelp("Seconds a command is retried with the same token before it is reported failed.", valueName: "seconds"))
    var commandDeadline: Double = 90

    @Option(name: .long, help: ArgumentHelp("Seconds one attempt waits for its reply before the command is sent again (fleet kills).", valueName: "seconds"))
    var attemptTimeout: Double = 5

    @Option(name: .long, help: ArgumentHelp("Write the scenario's HTML report.", valueName: "file.html"))
    var report: String?

    @OptionGroup var lab: LabRunOptions

    func validate() throws {
        guard devices > 0 else { throw ValidationError("--devices must be greater than 0.") }
        guard brokerKills >= 0, fleetKills >= 0 else { throw ValidationError("--broker-kills and --fleet-kills cannot be negative.") }
        guard (5...3600).contains(keepAlive) else { throw ValidationError("--keep-alive takes 5 to 3600 seconds (got \(keepAlive)).") }
        guard rate > 0 else { throw ValidationError("--rate must be greater than 0.") }
        guard interval > 0, brokerDowntime > 0, (hangSeconds ?? 1) >= 0 else {
            throw ValidationError("--interval and --broker-downtime must be greater than 0; --hang-seconds cannot be negative.")
        }
        guard commandDeadline > 0, attemptTimeout > 0 else { throw ValidationError("--command-deadline and --attempt-timeout must be greater than 0.") }
    }

    /// What one `fleet chaos` run found: the scenario's result, and the fleet kills when there were any.
    struct Outcome: Encodable {
        let scenario: ScenarioResult
        let fleetKills: ChaosReport?

        var passed: Bool { scenario.exitStatus == 0 && (fleetKills?.passed ?? true) }

        var text: String {
            [ScenarioTextReport.text(scenario), fleetKills.map { "Fleet kills:\n" + $0.text }].compactMap { $0 }.joined(separator: "\n\n")
        }
    }

    func run() async throws {
        let console = Console(json: lab.json)
        let shortcut = ChaosShortcut(
            devices: devices, brokerKills: brokerKills, hangSeconds: hangSeconds ?? Double(keepAlive) * 2.5, keepAlive: keepAlive,
            rate: rate, interval: interval, brokerDowntime: brokerDowntime, commandDeadline: commandDeadline, speed: lab.speed)
        let (result, say) = try await ScenarioShortcutRun.run(shortcut.scenario, label: "chaos", report: report)
        var kills: ChaosReport?
        let interrupted = result.verdict == .interrupted
        if fleetKills > 0, !interrupted {
            do {
                kills = try await ChaosRun(settings: try fleetKillSettings(), say: say).run()
            } catch {
                let failure = FleetControlError.invalidArgument("the fleet kills could not start: \(error)")
                console.report(failure)
                throw ExitCode(failure.exitStatus)
            }
        }
        let outcome = Outcome(scenario: result, fleetKills: kills)
        console.emit(outcome) { outcome.text }
        if interrupted { throw ExitCode(130) }
        if !outcome.passed { throw ExitCode.failure }
    }

    private func fleetKillSettings() throws -> ChaosSettings {
        let fleet: ChaosFleet
        do {
            fleet = try ChaosFleet.generated(devices: devices)
        } catch let error as FleetLabError {
            throw ValidationError(error.description)
        }
        return ChaosSettings(
            definition: fleet.definition, fleetFileText: fleet.text, fleetFile: fleet.file, keepAlive: keepAlive, rate: rate, brokerKills: 0,
            fleetKills: fleetKills, hangSeconds: 0, speed: lab.speed, interval: 3,
            brokerDowntime: brokerDowntime, commandDeadline: commandDeadline, attemptTimeout: attemptTimeout)
    }
}
