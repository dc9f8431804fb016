import ArgumentParser

/// `--timeout SECONDS`: how long a command waits for a device to answer.
struct TimeoutOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Seconds to wait for the device to answer.", valueName: "seconds"))
    var timeout: Double = 5

    /// The timeout as a `Duration`, clamped to at least 10 ms so bad input never hangs or crashes.
    var duration: Duration {
        guard timeout.isFinite, timeout > 0.01 else { return .milliseconds(10) }
        return .milliseconds(Int64(min(timeout, 86_400) * 1000))
    }
}
