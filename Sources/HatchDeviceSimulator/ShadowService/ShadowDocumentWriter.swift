import Foundation
import HatchDeviceModel
import Logging
import Synchronization

/// Writes the shadow service's documents to its ``ShadowDocumentStore``: one shadow's at once when
/// its reply must wait for it (an update with a `clientToken`), the others in batches on a queue of
/// their own, so that the service keeps answering requests while they are written (the folder is
/// synced once per batch, each file still on its own). Each snapshot carries the generation of the
/// change it saves, and a snapshot never replaces a newer one of the same shadow, whichever of the
/// two ways wrote that one.
final class ShadowDocumentWriter: Sendable {
    /// Documents that could not be written.
    var failures: Int { failed.load(ordering: .relaxed) }
    /// Documents written so far.
    var writes: Int { done.load(ordering: .relaxed) }

    private let store: ShadowDocumentStore
    private let logger: Logger
    private let queue = DispatchQueue(label: "hatch.shadow-service.writer")
    /// The generation on disk, by shadow; held while a file is written, so the check and the write are one step.
    private let written = Mutex<[ShadowKey: Int]>([:])
    private let batchInFlight = Atomic<Bool>(false)
    private let failed = Atomic<Int>(0)
    private let done = Atomic<Int>(0)

    /// A shadow's document as of one change.
    struct Snapshot: Sendable {
        var shadowKey: ShadowKey
        var generation: Int
        var shadow: PersistedShadow
    }

    init(store: ShadowDocumentStore, logger: Logger) {
        self.store = store
        self.logger = logger
    }

    /// Writes `snapshot` now (blocking) unless a newer one of the shadow is on disk already; durably
    /// unless `syncingFolder` is `false` (a batch syncs the folder once, after its last file).
    func write(_ snapshot: Snapshot, syncingFolder: Bool = true) {
        do {
            try written.withLock { (written: inout [ShadowKey: Int]) throws(DeviceStateStoreError) in
                guard written[snapshot.shadowKey, default: -1] < snapshot.generation else { return }
                try store.save(snapshot.shadow, for: snapshot.shadowKey, syncingFolder: syncingFolder)
                written[snapshot.shadowKey] = snapshot.generation
                done.add(1, ordering: .relaxed)
            }
        } catch {
            failed.add(1, ordering: .relaxed)
            logger.error("could not save the shadow \(snapshot.shadowKey): \(error)")
        }
    }

    /// Queues `batch` to be written in the background, unless the previous batch is still being
    /// written: then it returns `false` and the caller keeps those shadows for its next batch.
    func writeInBackground(_ batch: [Snapshot]) -> Bool {
        guard !batch.isEmpty else { return true }
        guard batchInFlight.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else { return false }
        queue.async { [self] in
            for snapshot in batch { write(snapshot, syncingFolder: false) }
            do {
                try store.syncFolder()
            } catch {
                failed.add(1, ordering: .relaxed)
                logger.error("could not sync the shadow folder after saving \(batch.count) documents: \(error)")
            }
            batchInFlight.store(false, ordering: .releasing)
        }
        return true
    }

    /// Waits until the batch being written, if any, is on disk.
    func finishBackgroundWrites() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async { continuation.resume() }
        }
    }
}
