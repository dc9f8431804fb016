import Foundation
import HatchFleetFile

/// Which share of its fleet file a fleet process runs: `I/N` named outright; or, in a Kubernetes
/// StatefulSet, the pod's ordinal (the host name `hatch-fleet-3` runs share 4/N); or
/// `HATCH_FLEET_SHARD_ORDINAL` (0-based) with a count or `HATCH_FLEET_SHARDS`. Shares are
/// ``FleetDefinition/shard(_:of:)``'s: disjoint, covering the fleet, stable.
package struct FleetShareSelection: Sendable {
    /// `I/N` as given (`--shard`).
    package var shard: String?
    /// Whether the host name's ordinal picks the share (`--shard-from-hostname`).
    package var fromHostname: Bool
    /// How many shares, with the ordinal (`--shards`).
    package var count: Int?

    /// Creates a share selection: a shard name, the host name, or a count.
    package init(shard: String?, fromHostname: Bool, count: Int?) {
        self.shard = shard
        self.fromHostname = fromHostname
        self.count = count
    }

    /// The 0-based ordinal, e.g. from the downward API's `apps.kubernetes.io/pod-index` label.
    package static let ordinalVariable = "HATCH_FLEET_SHARD_ORDINAL"
    /// The number of shares, when no count is given.
    package static let countVariable = "HATCH_FLEET_SHARDS"

    /// The share to run (1-based index, count), or `nil` for the whole fleet; a typed error says how
    /// to fix a selection that names no share. `hostname` is asked only with ``fromHostname`` and no
    /// `$HOSTNAME` (set in every container).
    package func resolved(environment: [String: String], hostname: () -> String = Self.systemHostname) throws(FleetControlError) -> (index: Int, count: Int)? {
        if let shard {
            guard !fromHostname && count == nil else {
                throw .invalidArgument("--shard I/N names the share itself; leave out --shard-from-hostname and --shards, or --shard.")
            }
            guard let parsed = FleetDefinition.parseShard(shard) else {
                throw .invalidArgument("--shard takes I/N with 1 ≤ I ≤ N, e.g. 1/4 for the first quarter (got '\(shard)').")
            }
            return parsed
        }
        let ordinalText = environment[Self.ordinalVariable].flatMap { $0.isEmpty ? nil : $0 }
        guard fromHostname || ordinalText != nil else {
            if count != nil { throw .invalidArgument("--shards N needs --shard-from-hostname (or \(Self.ordinalVariable)) to say which share this process runs.") }
            return nil
        }
        let shares: Int
        if let count {
            shares = count
        } else if let text = environment[Self.countVariable], let value = Int(text) {
            shares = value
        } else {
            throw .invalidArgument("Say how many shares there are: --shards N (the StatefulSet's replicas), or set \(Self.countVariable).")
        }
        guard shares >= 1 else { throw .invalidArgument("--shards takes 1 or more (got \(shares)).") }
        let ordinal: Int
        if fromHostname {
            let host = environment["HOSTNAME"].flatMap { $0.isEmpty ? nil : $0 } ?? hostname()
            guard let value = Self.ordinal(ofHostname: host) else {
                throw .invalidArgument("--shard-from-hostname: the host name '\(host)' does not end in -K, the ordinal of a StatefulSet's pod "
                    + "(hatch-fleet-0, hatch-fleet-1, …). Run it in a StatefulSet, or use --shard I/N.")
            }
            ordinal = value
        } else {
            guard let text = ordinalText, let value = Int(text), value >= 0 else {
                throw .invalidArgument("\(Self.ordinalVariable) takes the pod's 0-based ordinal (got '\(ordinalText ?? "")').")
            }
            ordinal = value
        }
        guard ordinal < shares else {
            throw .invalidArgument("This pod's ordinal \(ordinal) is not below \(shares) shares: a StatefulSet of N replicas needs --shards N. "
                + "Raise --shards (or \(Self.countVariable)) or scale the StatefulSet down to \(shares) replicas.")
        }
        return (ordinal + 1, shares)
    }

    /// `shard-IofN` for a share, `fleet` for the whole fleet: the fleet's instance name.
    package static func instanceName(_ share: (index: Int, count: Int)?) -> String {
        share.map { "shard-\($0.index)of\($0.count)" } ?? "fleet"
    }

    /// The ordinal at the end of a StatefulSet pod's host name (`hatch-fleet-3` → 3), ignoring a domain.
    package static func ordinal(ofHostname host: String) -> Int? {
        let name = host.split(separator: ".").first.map(String.init) ?? host
        guard let dash = name.lastIndex(of: "-"), dash != name.startIndex else { return nil }
        let digits = name[name.index(after: dash)...]
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    /// This machine's host name, as `gethostname` gives it.
    package static func systemHostname() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
