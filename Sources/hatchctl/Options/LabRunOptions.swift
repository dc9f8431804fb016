import ArgumentParser

/// `--speed` and `--json`, shared by the fleet-lab commands that run a generated fleet on an
/// accelerated clock and print a summary: `fleet chaos` and `fleet soak`.
struct LabRunOptions: ParsableArguments {
    @Option(name: .long, help: "Simulated seconds per real second (routine steps are 60 simulated seconds).")
    var speed: Double = 60

    @Flag(name: .long, help: "Print the summary as JSON (soak: with every sample).")
    var json = false

    func validate() throws {
        guard speed > 0 else { throw ValidationError("--speed must be greater than 0 (got \(speed)).") }
    }
}
