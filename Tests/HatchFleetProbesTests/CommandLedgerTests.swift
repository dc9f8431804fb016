import HatchDeviceModel
import HatchDeviceSimulator
import HatchFleetProbes
import Testing

/// The chaos run's accounting: what the client was told, settled against what the devices applied.
@Suite("Command ledger")
struct CommandLedgerTests {
    private let thing = ThingName(rawValue: "restoreV5-a4c138000001")
    private let other = ThingName(rawValue: "riot-a4c138000002")

    private func command(_ sequence: Int, thing: ThingName? = nil) -> ChaosCommand {
        ChaosCommand.make(sequence: sequence, run: "t", thing: thing ?? self.thing, product: .restoreV5)
    }

    private func applied(_ token: String, repeated: Bool = false) -> ClientRequest {
        ClientRequest(kind: .shadowUpdate, clientToken: token, repeated: repeated)
    }

    @Test("one outstanding command per device; settling frees the device")
    func oneOutstandingPerDevice() {
        let ledger = CommandLedger()
        #expect(ledger.begin(command(0)))
        #expect(!ledger.begin(command(1)), "the device already has a command in flight")
        #expect(ledger.begin(command(2, thing: other)))
        #expect(ledger.outstanding == 2)
        ledger.settle(command(0).token, .accepted(.object([:])))
        #expect(ledger.outstanding == 1)
        #expect(ledger.begin(command(1)))
    }

    @Test("accepted and applied once counts as applied; nothing duplicated or lost")
    func appliedOnce() {
        let ledger = CommandLedger()
        let sent = command(0)
        _ = ledger.begin(sent)
        ledger.attempted(sent.token)
        ledger.settle(sent.token, .accepted(.object([:])))
        ledger.deviceHandled(applied(sent.token))
        let totals = ledger.totals()
        #expect(totals.sent == 1 && totals.accepted == 1 && totals.applied == 1)
        #expect(totals.duplicated == 0 && totals.lost == 0 && totals.retries == 0)
    }

    @Test("applied twice is duplicated; accepted and never applied is lost; both are named in problems")
    func duplicatedAndLost() {
        let ledger = CommandLedger()
        let twice = command(0), never = command(1, thing: other)
        for sent in [twice, never] {
            _ = ledger.begin(sent)
            ledger.settle(sent.token, .accepted(.object([:])))
        }
        ledger.deviceHandled(applied(twice.token))
        ledger.deviceHandled(applied(twice.token))
        let totals = ledger.totals()
        #expect(totals.duplicated == 1)
        #expect(totals.lost == 1)
        #expect(totals.applied == 0)
        let problems = ledger.problems()
        #expect(problems.duplicated == ["\(thing.rawValue) \(twice.token) applied 2×"])
        #expect(problems.lost.count == 1 && problems.lost[0].hasPrefix("\(other.rawValue) \(never.token)"))
    }

    @Test("a retry answered as a repeat is applied once, and counted as a retry and a repeat")
    func retryAnsweredAsRepeat() {
        let ledger = CommandLedger()
        let sent = command(0)
        _ = ledger.begin(sent)
        ledger.attempted(sent.token)
        ledger.attempted(sent.token)
        ledger.deviceHandled(applied(sent.token))
        ledger.deviceHandled(applied(sent.token, repeated: true))
        ledger.settle(sent.token, .accepted(.object([:])))
        let totals = ledger.totals()
        #expect(totals.applied == 1 && totals.duplicated == 0)
        #expect(totals.retries == 1 && totals.repeatsAnswered == 1)
    }

    @Test("a repeat answered without a log line means the device applied it (its line was cut off by a kill)")
    func repeatWithoutLogLine() {
        let ledger = CommandLedger()
        let sent = command(0)
        _ = ledger.begin(sent)
        ledger.deviceHandled(applied(sent.token, repeated: true))
        ledger.settle(sent.token, .accepted(.object([:])))
        let totals = ledger.totals()
        #expect(totals.appliedWithoutLogLine == 1 && totals.applied == 1 && totals.lost == 0)
    }

    @Test("failed but applied (its reply lost) is not lost; rejected and never applied is not lost; pending is lost")
    func failedRejectedAndPending() {
        let ledger = CommandLedger()
        let failed = command(0), rejected = command(1, thing: other)
        let pending = command(2, thing: ThingName(rawValue: "restMini-a4c138000003"))
        for sent in [failed, rejected, pending] { _ = ledger.begin(sent) }
        ledger.settle(failed.token, .failed)
        ledger.deviceHandled(applied(failed.token))
        ledger.settle(rejected.token, .rejected(.object(["code": .int(400)])))
        let totals = ledger.totals()
        #expect(totals.failed == 1 && totals.failedButApplied == 1)
        #expect(totals.rejected == 1)
        #expect(totals.pending == 1)
        #expect(totals.lost == 1, "only the pending, never-applied command is lost")
        #expect(ledger.problems().lost.count == 1)
    }

    @Test("accepted commands per device, in sending order, with their replies")
    func acceptedByDevice() {
        let ledger = CommandLedger()
        let first = command(0), second = command(4)
        for (index, sent) in [first, second].enumerated() {
            _ = ledger.begin(sent)
            ledger.settle(sent.token, .accepted(.object(["n": .int(index)])))
        }
        let accepted = ledger.acceptedByDevice()[thing.rawValue] ?? []
        #expect(accepted.map(\.command.token) == [first.token, second.token])
        #expect(accepted.map(\.reply) == [.object(["n": .int(0)]), .object(["n": .int(1)])])
    }
}
