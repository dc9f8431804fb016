import ArgumentParser
import Foundation
import HatchDeviceSimulator

/// Which share of its fleet file `hatchctl fleet run` runs: `--shard I/N`; or, in a Kubernetes
/// StatefulSet, the pod's ordinal (`--shard-from-hostname --shards N`: the pod `hatch-fleet-3` runs
/// shard 4/N); or `HATCH_FLEET_SHARD_ORDINAL` (0-based) with `--shards N` or `HATCH_FLEET_SHARDS`.
/// Shares are ``FleetDefinition/shard(_:of:)``'s: disjoint, covering the fleet, stable.
struct ShardOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Run only share I of N of the fleet file (1-based: 1/4 … 4/4), every N-th device from the I-th.", valueName: "I/N"))
    var shard: String?

    @Flag(name: .long, help: "Run the share of this pod's ordinal: host name NAME-K runs share K+1 of --shards (a StatefulSet's pods).")
    var shardFromHostname = false

    @Option(name: .long, help: ArgumentHelp("With --shard-from-hostname or HATCH_FLEET_SHARD_ORDINAL: how many shares (the StatefulSet's replicas; default: $HATCH_FLEET_SHARDS).", valueName: "N"))
    var shards: Int?

    /// The 0-based ordinal, e.g. from the downward API's `apps.kubernetes.io/pod-index` label.
    static let ordinalVariable = "HATCH_FLEET_SHARD_ORDINAL"
    /// The number of shares, when `--shards` is not given.
    static let countVariable = "HATCH_FLEET_SHARDS"

    func validate() throws {
        _ = try resolved()
    }

    /// The share to run (1-based index, count), or `nil` for the whole fleet. The host name is
    /// `$HOSTNAME` when set (as in every container), else the system's.
    func resolved(environment: [String: String] = ProcessInfo.processInfo.environment) throws(ValidationError) -> (index: Int, count: Int)? {
        if let shard {
            guard !shardFromHostname && shards == nil else {
                throw ValidationError("--shard I/N names the share itself; leave out --shard-from-hostname and --shards, or --shard.")
            }
            guard let parsed = FleetDefinition.parseShard(shard) else {
                throw ValidationError("--shard takes I/N with 1 ≤ I ≤ N, e.g. 1/4 for the first quarter (got '\(shard)').")
            }
            return parsed
        }
        let ordinalText = environment[Self.ordinalVariable].flatMap { $0.isEmpty ? nil : $0 }
        guard shardFromHostname || ordinalText != nil else {
            if shards != nil { throw ValidationError("--shards N needs --shard-from-hostname (or \(Self.ordinalVariable)) to say which share this process runs.") }
            return nil
        }
        let count: Int
        if let shards {
            count = shards
        } else if let text = environment[Self.countVariable], let value = Int(text) {
            count = value
        } else {
            throw ValidationError("Say how many shares there are: --shards N (the StatefulSet's replicas), or set \(Self.countVariable).")
        }
        guard count >= 1 else { throw ValidationError("--shards takes 1 or more (got \(count)).") }
        let ordinal: Int
        if shardFromHostname {
            let host = environment["HOSTNAME"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.systemHostname()
            guard let value = Self.ordinal(ofHostname: host) else {
                throw ValidationError("--shard-from-hostname: the host name '\(host)' does not end in -K, the ordinal of a StatefulSet's pod "
                    + "(hatch-fleet-0, hatch-fleet-1, …). Run it in a StatefulSet, or use --shard I/N.")
            }
            ordinal = value
        } else {
            guard let text = ordinalText, let value = Int(text), value >= 0 else {
                throw ValidationError("\(Self.ordinalVariable) takes the pod's 0-based ordinal (got '\(ordinalText ?? "")').")
            }
            ordinal = value
        }
        guard ordinal < count else {
            throw ValidationError("This pod's ordinal \(ordinal) is not below \(count) shares: a StatefulSet of N replicas needs --shards N. "
                + "Raise --shards (or \(Self.countVariable)) or scale the StatefulSet down to \(count) replicas.")
        }
        return (ordinal + 1, count)
    }

    /// `shard-IofN` for a share, `fleet` for the whole fleet: the fleet's instance name.
    func instanceName(_ share: (index: Int, count: Int)?) -> String {
        share.map { "shard-\($0.index)of\($0.count)" } ?? "fleet"
    }

    /// The ordinal at the end of a StatefulSet pod's host name (`hatch-fleet-3` → 3), ignoring a domain.
    static func ordinal(ofHostname host: String) -> Int? {
        let name = host.split(separator: ".").first.map(String.init) ?? host
        guard let dash = name.lastIndex(of: "-"), dash != name.startIndex else { return nil }
        let digits = name[name.index(after: dash)...]
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    private static func systemHostname() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
