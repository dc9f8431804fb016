import Prometheus
import Synchronization

/// Brings Prometheus counters up to totals that the process keeps elsewhere (atomic message
/// counters, CPU seconds), read when Prometheus scrapes: a counter only goes up, by the difference
/// since the previous scrape.
package final class CounterMirror: Sendable {
    /// What each counter showed at the previous scrape.
    private let previous = Mutex<[ObjectIdentifier: Double]>([:])

    /// A mirror that has seen no scrape yet.
    package init() {}

    /// Brings `counter` up to `value`; a value lower than before leaves it as it is.
    package func advance(_ counter: Prometheus.Counter, to value: Double) {
        previous.withLock { previous in
            let key = ObjectIdentifier(counter)
            let difference = value - (previous[key] ?? 0)
            if difference > 0 {
                // Whole counts stay integers in the exposition; CPU seconds are fractional.
                if difference == difference.rounded() { counter.increment(by: Int64(difference)) } else { counter.increment(by: difference) }
            }
            previous[key] = max(value, previous[key] ?? 0)
        }
    }
}
