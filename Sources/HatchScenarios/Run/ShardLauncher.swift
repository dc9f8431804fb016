import Foundation

/// Where the engine finds the `hatchctl` that runs a scenario's fleet in shard processes
/// (`fleet.shards` above 1): each shard is `hatchctl fleet run --shard I/N` on the scenario's broker.
/// `hatchctl scenario run` gives its own executable; a test that runs a sharded scenario through the
/// hardware-in-loop kit gives the path of a built `hatchctl`.
public struct ShardLauncher: Sendable {
    /// The `hatchctl` executable.
    public var executable: URL
    /// Extra environment for every shard (its `HATCH_HOME` is always its own folder).
    public var environment: [String: String]

    /// A launcher that runs `executable`.
    public init(executable: URL, environment: [String: String] = [:]) {
        self.executable = executable
        self.environment = environment
    }
}
