import ArgumentParser

/// `--metrics-port` and `--metrics-host`: where `fleet run` and `shadow-service` serve Prometheus metrics (off by default).
struct MetricsOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Serve Prometheus metrics at http://HOST:PORT/metrics (0: pick a free port and log it).",
                                            valueName: "port"))
    var metricsPort: Int?

    @Option(name: .long, help: ArgumentHelp("The address the metrics server binds (0.0.0.0 in a container).", valueName: "host"))
    var metricsHost = "127.0.0.1"

    func validate() throws {
        if let metricsPort, !(0...65_535).contains(metricsPort) {
            throw ValidationError("--metrics-port takes 0…65535, 0 for a free port (got \(metricsPort)).")
        }
        if metricsHost.isEmpty { throw ValidationError("--metrics-host must not be empty (127.0.0.1, 0.0.0.0 or ::).") }
    }
}
