import ArgumentParser
import HatchMQTT

/// `--nice N`: the simulator's CPU priority below the broker's. A fleet that keeps every core busy
/// otherwise delays a broker on the same machine, and the payloads the broker has not read yet
/// make each socket write dearer (see ``SchedulingPriority``).
struct PriorityOptions: ParsableArguments {
    /// The default: well below the broker's 0, so a waking broker gets a core at once.
    static let defaultNice: Int32 = 10

    @Option(name: .long, help: ArgumentHelp("The simulator's nice value, 0…19 (0 leaves its priority as it is). Below the broker's priority, a broker on the same machine reads what the devices write at once, which makes every message cheaper for the fleet.", valueName: "n"))
    var nice: Int32 = Self.defaultNice

    func validate() throws {
        guard SchedulingPriority.lowerRange.contains(nice) else {
            throw ValidationError("--nice takes 0 to 19 (got \(nice)); 0 leaves the priority as it is.")
        }
    }

    /// Lowers every thread of this process to `--nice` and returns the nice value in force. Call it
    /// after starting a private broker: a process started later inherits the value.
    ///
    /// libdispatch's worker threads set their own nice value from their queue's QoS when they start
    /// (0 at the default QoS), so a thread the runtime starts later is lowered within a second.
    @discardableResult
    func apply() -> Int32 {
        let nice = nice
        guard nice > 0 else { return SchedulingPriority.current }
        let applied = SchedulingPriority.lower(to: nice)
        Task.detached(priority: .background) {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                SchedulingPriority.lower(to: nice)
            }
        }
        return applied
    }
}
