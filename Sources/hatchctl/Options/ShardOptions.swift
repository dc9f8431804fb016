import ArgumentParser
import Foundation
import HatchFleetControl

/// Which share of its fleet file `hatchctl fleet run` runs: `--shard I/N`; or, in a Kubernetes
/// StatefulSet, the pod's ordinal (`--shard-from-hostname --shards N`: the pod `hatch-fleet-3` runs
/// shard 4/N); or `HATCH_FLEET_SHARD_ORDINAL` (0-based) with `--shards N` or `HATCH_FLEET_SHARDS`
/// (``FleetShareSelection`` resolves them).
struct ShardOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Run only share I of N of the fleet file (1-based: 1/4 … 4/4), every N-th device from the I-th.", valueName: "I/N"))
    var shard: String?

    @Flag(name: .long, help: "Run the share of this pod's ordinal: host name NAME-K runs share K+1 of --shards (a StatefulSet's pods).")
    var shardFromHostname = false

    @Option(name: .long, help: ArgumentHelp("With --shard-from-hostname or HATCH_FLEET_SHARD_ORDINAL: how many shares (the StatefulSet's replicas; default: $HATCH_FLEET_SHARDS).", valueName: "N"))
    var shards: Int?

    func validate() throws {
        _ = try resolved()
    }

    /// The share to run (1-based index, count), or `nil` for the whole fleet.
    func resolved(environment: [String: String] = ProcessInfo.processInfo.environment) throws(ValidationError) -> (index: Int, count: Int)? {
        do {
            return try FleetShareSelection(shard: shard, fromHostname: shardFromHostname, count: shards).resolved(environment: environment)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
