import ArgumentParser

/// `--json`, shared by every command: machine-readable output on standard output.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print JSON instead of human-readable text.")
    var json = false
}
