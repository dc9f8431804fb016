import Foundation
import PropertyBased
import Synchronization
import HatchDeviceModel
import Testing
@testable import HatchDeviceSimulator

/// Random sequences of the vendor client's operations, waits, clock jumps and reboots, at random
/// times across a week with a daylight-saving change, for every product: after every step the
/// device's rules hold (``DeviceScenario/Model``). Each run explores new sequences; a failure prints
/// the shrunk sequence and the `.fixedSeed(…)` that replays it; paste the sequence into
/// ``DeviceRulesRegressionTests``.
@Suite("Device rules: property-based sequences")
struct DeviceRulesPropertyTests {
    /// Sequences per product (override with HATCH_PROPERTY_SEQUENCES).
    static let sequences = ProcessInfo.processInfo.environment["HATCH_PROPERTY_SEQUENCES"].flatMap(Int.init) ?? 300
    static let stepsPerSequence = 20

    /// The starts of the weeks the sequences run in: both 2026 daylight-saving changes in
    /// America/New_York (Sunday 2026-03-08 and Sunday 2026-11-01), from the Wednesday before.
    static let weeks: [Date] = [Date(timeIntervalSince1970: 1_772_600_400), Date(timeIntervalSince1970: 1_793_160_000)]

    /// A start at any second of either week, and the steps.
    static func scenarios(for product: HardwareProduct) -> Generator<DeviceScenario, some SendableSequenceType> {
        zip(Gen.int(in: 0...1), Gen.int(in: 0...(7 * 86_400 - 1)), DeviceStep.generator.array(of: stepsPerSequence))
            .map { week, second, steps in
                DeviceScenario(product: product, start: weeks[week].addingTimeInterval(TimeInterval(second)), steps: steps)
            }
    }

    /// The products whose document the model here describes: the Rest+ (1st gen) reports
    /// `isPowered`, `a` and `c` instead (ProductEngineTests covers it).
    static let modelledProducts = HardwareProduct.allCases.filter { !$0.reportsRestPlusDocument }

    @Test(arguments: modelledProducts)
    func rulesHoldForRandomSequences(product: HardwareProduct) async {
        let figures = Mutex(DeviceScenario.Figures())
        let failed = Mutex(false)
        await propertyCheck(count: Self.sequences, input: Self.scenarios(for: product)) { scenario in
            let failure = figures.withLock { scenario.failure(figures: &$0) }
            if failure != nil { failed.withLock { $0 = true } }
            #expect(failure == nil, "\(product.rawValue), start \(DeviceScenario.local(scenario.start)), steps:\n  \(scenario.steps.map(\.description).joined(separator: "\n  "))")
        }
        let totals = figures.withLock { $0 }
        print("device rules, \(product.rawValue): \(Self.sequences) sequences, \(totals.steps) steps, \(totals.ticks) ticks, "
              + "\(totals.firstFires) alarm firings, \(totals.transitions) schedule transitions")
        guard !failed.withLock({ $0 }) else { return }
        // Every step of every sequence ran (one sequence only when a `.fixedSeed` replays one).
        #expect(totals.steps > 0 && totals.steps % Self.stepsPerSequence == 0)
        if product.capabilities.alarms { #expect(totals.firstFires > 0, "no alarm fired in any sequence: the generator misses the alarm hours") }
        if product.capabilities.clock { #expect(totals.transitions > 0, "no schedule transition in any sequence") }
    }
}
