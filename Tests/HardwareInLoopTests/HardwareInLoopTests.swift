import Testing

/// The hardware-in-loop scenarios: the suite's container, the live IoT clients and the feature modules
/// over HatchMQTT and a real broker, against a private fleet the suite starts (default) or against
/// devices it did not start (`HATCH_HIL_BROKER_URL`, `HATCH_HIL_DEVICES`). One scenario at a time: each
/// measures timings on the devices' clock. The scenarios live in Scenarios/, one a file.
@Suite("Hardware in the loop", .serialized, .timeLimit(.minutes(30)))
@MainActor
struct HardwareInLoopTests {}
