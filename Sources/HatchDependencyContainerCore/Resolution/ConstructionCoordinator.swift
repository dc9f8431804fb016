import Foundation

/// Makes sure a singleton (or scoped instance) is constructed once, makes other threads wait for it, and
/// detects wait cycles between threads instead of deadlocking.
///
/// Only the slow path takes this lock: a published value is read from its ``InstanceCell`` without it.
final class ConstructionCoordinator: @unchecked Sendable {
    /// Why a construction did not produce a value.
    enum Failure: Error {
        /// Waiting would close a cycle with other threads; each string array is one thread's path.
        case crossThreadCycle(mine: [String], others: [[String]])
        /// The factory threw.
        case factory(any Error)
    }

    private struct WaitRecord {
        let cell: InstanceCell
        let path: [String]
    }

    static let shared = ConstructionCoordinator()

    private let condition = NSCondition()
    /// What each blocked resolution waits for. Guarded by `condition`.
    private var waits: [ObjectIdentifier: WaitRecord] = [:]

    /// Returns the value published in `cell`, running `make` on this thread if nobody has started it, or
    /// waiting for the thread that has.
    func value(
        in cell: InstanceCell,
        context: ResolutionContext,
        requested: String,
        make: () throws -> AnyInstanceBox
    ) throws(Failure) -> Void {
        condition.lock()
        while true {
            if cell.isFilled {
                condition.unlock()
                return
            }
            guard let owner = cell.owner else {
                cell.owner = context
                break
            }
            if let others = waitCycle(from: owner, to: context) {
                condition.unlock()
                throw .crossThreadCycle(mine: context.path(appending: requested), others: others)
            }
            let me = ObjectIdentifier(context)
            waits[me] = WaitRecord(cell: cell, path: context.path(appending: requested))
            condition.wait()
            waits[me] = nil
        }
        condition.unlock()

        let box: AnyInstanceBox
        do {
            box = try make()
        } catch {
            condition.lock()
            cell.owner = nil
            condition.broadcast()
            condition.unlock()
            throw .factory(error)
        }
        condition.lock()
        cell.publish(box)
        cell.owner = nil
        condition.broadcast()
        condition.unlock()
    }

    /// Follows "owner waits for a cell owned by …" from `owner`; returns the paths of the threads on the way
    /// if the chain comes back to `context`. Called with the lock held.
    private func waitCycle(from owner: ResolutionContext, to context: ResolutionContext) -> [[String]]? {
        var paths: [[String]] = []
        var current = owner
        for _ in 0...waits.count {
            guard let record = waits[ObjectIdentifier(current)] else { return nil }
            paths.append(record.path)
            guard let next = record.cell.owner else { return nil }
            if next === context { return paths }
            current = next
        }
        return nil
    }
}
