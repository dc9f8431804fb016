import Foundation

/// A fleet experiment as a scenario file describes it: the devices and where they run, the clock,
/// the stages in order and the expectations that decide the verdict.
///
/// A value comes from ``ScenarioFileReader``, which has checked every field's type and range; what
/// needs the simulator to check (products, fault parameters, device names) the engine checks before
/// it starts anything, with the same ``ScenarioFileError``.
public struct Scenario: Sendable, Equatable {
    /// The scenario's name, as reports show it.
    public var name: String
    /// What it shows, in a sentence or two.
    public var description: String?
    /// The seed of every random choice (devices picked, commands, jitter); `--seed` overrides it.
    public var seed: UInt64
    /// The devices and where they run.
    public var fleet: ScenarioFleet
    /// The simulated clock.
    public var clock: ScenarioClock
    /// The stages, run in order.
    public var stages: [ScenarioStage]
    /// Expectations over the whole run.
    public var expectations: [Expectation]
    /// The file it was read from, as given (for messages).
    public var file: String

    /// Creates a scenario from its parts.
    public init(name: String, description: String? = nil, seed: UInt64 = 1, fleet: ScenarioFleet, clock: ScenarioClock = ScenarioClock(),
                stages: [ScenarioStage], expectations: [Expectation] = [], file: String = "<memory>") {
        self.name = name
        self.description = description
        self.seed = seed
        self.fleet = fleet
        self.clock = clock
        self.stages = stages
        self.expectations = expectations
        self.file = file
    }

    /// Every expectation with the stage it belongs to (`nil` for the run's).
    public var allExpectations: [(stage: String?, expectation: Expectation)] {
        stages.flatMap { stage in stage.expectations.map { (stage.name, $0) } } + expectations.map { (nil, $0) }
    }
}

/// Where a value was written: the file, its line (1-based) and the field's path, e.g.
/// `stages[2].faults[0].fault`. Every error about the value names all three.
public struct FieldLocation: Sendable, Hashable, CustomStringConvertible {
    /// The scenario file, as given.
    public var file: String
    /// The line, 1-based (0 when the value was not read from a file).
    public var line: Int
    /// The field's path in the document.
    public var field: String

    /// Creates a location.
    public init(file: String, line: Int, field: String) {
        self.file = file
        self.line = line
        self.field = field
    }

    /// A location for values built in code rather than read from a file.
    public static func code(_ field: String) -> FieldLocation { FieldLocation(file: "<code>", line: 0, field: field) }

    /// `file:line: field`, as compilers print it.
    public var description: String { "\(file):\(line): \(field)" }
}
