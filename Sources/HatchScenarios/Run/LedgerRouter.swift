import HatchDeviceSimulator
import HatchFleetProbes
import Synchronization

/// Hands each request a device applied to the ledger of the stage whose clients sent it, by the
/// prefix of its `clientToken` (`<run>s<stage>-…`).
final class LedgerRouter: Sendable {
    private let ledgers = Mutex<[String: CommandLedger]>([:])

    func add(_ ledger: CommandLedger, prefix: String) {
        ledgers.withLock { $0[prefix] = ledger }
    }

    func deviceHandled(_ request: ClientRequest) {
        guard let dash = request.clientToken.firstIndex(of: "-") else { return }
        let prefix = String(request.clientToken[..<dash])
        ledgers.withLock { $0[prefix] }?.deviceHandled(request)
    }
}
