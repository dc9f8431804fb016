import HatchFleetProbes
import Testing

/// Nearest-rank percentiles, as the chaos and bench reports give them.
@Suite("Percentile")
struct PercentileTests {
    @Test("nearest rank over unsorted values", arguments: [
        (0.5, 50.0), (0.99, 99.0), (1.0, 100.0), (0.0, 1.0), (0.01, 1.0), (0.011, 2.0),
    ])
    func nearestRank(fraction: Double, expected: Double) {
        let values = (1...100).map(Double.init).shuffled()
        #expect(percentile(values, fraction) == expected)
    }

    @Test("none of nothing; one value is every percentile")
    func edges() {
        #expect(percentile([], 0.5) == nil)
        #expect(percentile([7], 0.01) == 7)
        #expect(percentile([7], 0.99) == 7)
    }
}
