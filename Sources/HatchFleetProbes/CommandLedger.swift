import Foundation
import HatchDeviceModel
import HatchDeviceSimulator
import Synchronization

/// Every command the chaos client sent, what the client was told about it, and what the devices
/// say they did with it (their applied-request log). Settling the two gives applied exactly once,
/// duplicated and lost.
package final class CommandLedger: Sendable {
    /// What the client was told.
    package enum Outcome: Sendable, Equatable {
        case pending
        case accepted(JSONValue)
        case rejected(JSONValue)
        /// No reply before the command's deadline: reported to the sender as failed.
        case failed
    }

    package struct Entry: Sendable {
        package var command: ChaosCommand
        package var outcome: Outcome = .pending
        package var attempts = 0
    }

    /// The accounting of a run.
    package struct Totals: Sendable, Codable, Equatable {
        package var sent = 0
        package var accepted = 0
        package var rejected = 0
        package var failed = 0
        package var pending = 0
        /// Applied by a device exactly once.
        package var applied = 0
        /// Applied twice or more (must be 0).
        package var duplicated = 0
        /// Sent, not reported failed or rejected, and not applied (must be 0).
        package var lost = 0
        /// Reported failed to the sender, yet applied by the device (its reply was lost).
        package var failedButApplied = 0
        /// Repeats the devices answered without applying them again (redeliveries and retries).
        package var repeatsAnswered = 0
        /// Attempts beyond the first (retries with the same `clientToken`).
        package var retries = 0
        /// Applied once according to the device's state, whose log line a kill cut off (the
        /// device later answered the command as a repeat, so its state had it).
        package var appliedWithoutLogLine = 0

        /// Nothing counted yet.
        package init() {}

        /// Two accountings added up, field by field (the commands of several stages).
        package static func + (lhs: Totals, rhs: Totals) -> Totals {
            var sum = lhs
            sum.sent += rhs.sent
            sum.accepted += rhs.accepted
            sum.rejected += rhs.rejected
            sum.failed += rhs.failed
            sum.pending += rhs.pending
            sum.applied += rhs.applied
            sum.duplicated += rhs.duplicated
            sum.lost += rhs.lost
            sum.failedButApplied += rhs.failedButApplied
            sum.repeatsAnswered += rhs.repeatsAnswered
            sum.retries += rhs.retries
            sum.appliedWithoutLogLine += rhs.appliedWithoutLogLine
            return sum
        }
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var order: [String] = []
        var applied: [String: Int] = [:]
        var repeated: [String: Int] = [:]
        var busy: Set<String> = []
    }

    private let state = Mutex(State())
    private let keepsReplies: Bool

    /// An empty ledger; with `keepingReplies` false it forgets each reply's body once settled (a long
    /// run's memory stays flat), and ``acceptedByDevice()`` has no bodies to compare.
    package init(keepingReplies: Bool = true) {
        keepsReplies = keepingReplies
    }

    /// Records a command about to be sent; false when its device already has one outstanding.
    package func begin(_ command: ChaosCommand) -> Bool {
        state.withLock { state in
            guard state.busy.insert(command.thing.rawValue).inserted else { return false }
            state.entries[command.token] = Entry(command: command)
            state.order.append(command.token)
            return true
        }
    }

    /// One more attempt of `token`.
    package func attempted(_ token: String) {
        state.withLock { $0.entries[token]?.attempts += 1 }
    }

    /// Settles `token`.
    package func settle(_ token: String, _ outcome: Outcome) {
        var outcome = outcome
        if !keepsReplies {
            switch outcome {
            case .accepted: outcome = .accepted(.null)
            case .rejected: outcome = .rejected(.null)
            default: break
            }
        }
        state.withLock { state in
            guard let thing = state.entries[token]?.command.thing else { return }
            state.entries[token]?.outcome = outcome
            state.busy.remove(thing.rawValue)
        }
    }

    /// A device applied `token` or answered it as a repeat.
    package func deviceHandled(_ request: ClientRequest) {
        state.withLock { state in
            if request.repeated {
                state.repeated[request.clientToken, default: 0] += 1
            } else {
                state.applied[request.clientToken, default: 0] += 1
            }
        }
    }

    /// Commands not settled yet.
    package var outstanding: Int { state.withLock { $0.busy.count } }

    /// The accounting so far.
    package func totals() -> Totals {
        state.withLock { state in
            var totals = Totals()
            for token in state.order {
                guard let entry = state.entries[token] else { continue }
                totals.sent += 1
                totals.retries += max(0, entry.attempts - 1)
                let applied = state.applied[token, default: 0]
                let repeated = state.repeated[token, default: 0]
                totals.repeatsAnswered += repeated
                // A device answers a repeat only for a token it applied and saved.
                let timesApplied = applied == 0 && repeated > 0 ? 1 : applied
                if applied == 0 && repeated > 0 { totals.appliedWithoutLogLine += 1 }
                switch entry.outcome {
                case .pending: totals.pending += 1
                case .accepted: totals.accepted += 1
                case .rejected: totals.rejected += 1
                case .failed: totals.failed += 1
                }
                if timesApplied == 1 { totals.applied += 1 }
                if timesApplied > 1 { totals.duplicated += 1 }
                switch entry.outcome {
                case .failed where timesApplied > 0: totals.failedButApplied += 1
                case .accepted where timesApplied == 0, .pending where timesApplied == 0: totals.lost += 1
                default: break
                }
            }
            return totals
        }
    }

    /// Tokens applied more than once, and tokens accepted but never applied (for the report).
    package func problems(limit: Int = 10) -> (duplicated: [String], lost: [String]) {
        state.withLock { state in
            var duplicated: [String] = [], lost: [String] = []
            for token in state.order {
                guard let entry = state.entries[token] else { continue }
                let applied = state.applied[token, default: 0], repeated = state.repeated[token, default: 0]
                if applied > 1 { duplicated.append("\(entry.command.thing.rawValue) \(token) applied \(applied)×") }
                if applied == 0, repeated == 0, entry.outcome != .failed, !isRejected(entry.outcome) {
                    lost.append("\(entry.command.thing.rawValue) \(token) (\(entry.command.kind.rawValue), \(entry.attempts) attempt(s))")
                }
            }
            return (Array(duplicated.prefix(limit)), Array(lost.prefix(limit)))
        }
    }

    private func isRejected(_ outcome: Outcome) -> Bool {
        if case .rejected = outcome { return true }
        return false
    }

    /// Per device, in sending order, the accepted commands: what the device must show after a restart.
    package func acceptedByDevice() -> [String: [(command: ChaosCommand, reply: JSONValue)]] {
        state.withLock { state in
            var result: [String: [(ChaosCommand, JSONValue)]] = [:]
            for token in state.order {
                guard let entry = state.entries[token], case .accepted(let reply) = entry.outcome else { continue }
                result[entry.command.thing.rawValue, default: []].append((entry.command, reply))
            }
            return result
        }
    }
}
