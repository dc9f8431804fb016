import HatchServiceHTTP
import Prometheus
import Testing

/// Counters that follow totals kept elsewhere only go up, by the difference since the last scrape.
@Suite("Counter mirror")
struct CounterMirrorTests {
    @Test("a counter follows a growing total, ignores a lower one, and keeps fractions")
    func follows() {
        let registry = PrometheusCollectorRegistry()
        let whole = registry.makeCounter(descriptor: .named("whole_total", "Whole counts."))
        let seconds = registry.makeCounter(descriptor: .named("seconds_total", "Fractional seconds."))
        let mirror = CounterMirror()
        mirror.advance(whole, to: 5)
        mirror.advance(whole, to: 3)
        mirror.advance(whole, to: 8)
        mirror.advance(seconds, to: 0.25)
        mirror.advance(seconds, to: 1.5)
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        let samples = PrometheusSamples(exposition: String(decoding: buffer, as: UTF8.self))
        #expect(samples["whole_total"] == 8, "\(samples)")
        #expect(samples["seconds_total"] == 1.5, "\(samples)")
    }
}
