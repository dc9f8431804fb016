import ArgumentParser
import HatchFleetLab
import HatchServiceSupport

/// `hatchctl fleet soak`: a generated fleet with looping routines on an accelerated clock for a long
/// time, sampling the resident memory of the fleet and of the broker, to show that neither grows
/// once warmed up.
struct FleetSoakCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Run a fleet for a long time and sample the fleet's and the broker's resident memory.",
        discussion: "Prints memory at start, after the warm-up and at the end, and the growth after the warm-up; exits with status 1 when it exceeds --threshold."
    )

    @Option(name: .long, help: "Devices of the generated fleet (each loops an accelerated routine).")
    var devices = 2000

    @Option(name: .long, help: "Real minutes to run.")
    var minutes: Double = 30

    @Option(name: .long, help: ArgumentHelp("Real minutes before the baseline sample.", valueName: "minutes"))
    var warmUp: Double = 5

    @Option(name: .long, help: ArgumentHelp("Seconds between samples.", valueName: "seconds"))
    var sampleEvery: Double = 10

    @Option(name: .long, help: ArgumentHelp("Growth after warm-up, in percent, that flags the run.", valueName: "percent"))
    var threshold: Double = 10

    @OptionGroup var lab: LabRunOptions

    func validate() throws {
        guard devices > 0, minutes > 0, sampleEvery > 0, threshold > 0 else {
            throw ValidationError("--devices, --minutes, --sample-every and --threshold must be greater than 0.")
        }
        guard warmUp >= 0, warmUp < minutes else { throw ValidationError("--warm-up must be at least 0 and shorter than --minutes.") }
    }

    func run() async throws {
        let console = Console(json: lab.json)
        try await console.run {
            let plan = SoakReport(devices: devices, minutes: minutes, speed: lab.speed, warmUpMinutes: warmUp, thresholdPercent: threshold)
            let report = try await SoakRun(plan: plan, sampleEvery: sampleEvery, progress: BenchProgress(quiet: false, prefix: "soak")).run()
            console.emit(report) { report.text }
            if !report.flags.isEmpty { throw ExitCode.failure }
        }
    }
}
