import Foundation
import HatchDeviceModel

/// The committed bad-input corpus (`Tests/Fixtures/bad-input`, written by
/// `Scripts/make-bad-input-corpus.py`): one case per malformed request, with the topic it is
/// published on and the answer it must get.
struct BadInputCase: Decodable, Sendable, CustomStringConvertible {
    /// What the fleet must answer.
    struct Expectation: Decodable, Sendable {
        /// `rejected`, `ignored` or `accepted` (a valid read-only request).
        var outcome: String
        /// The AWS-style code of the rejection.
        var code: Int?
        /// Text the rejection's message contains.
        var message: String?
    }

    var id: String
    var kind: String
    /// `shadow/get|update|delete`, `routines/request`, `alarms/request` or `fleet/control`.
    var topic: String
    /// The payload file, relative to the corpus folder.
    var payload: String
    /// The device (household fleet name) the request is for.
    var device: String?
    /// A thing name that is not in the fleet, used instead of `device`.
    var thing: String?
    /// A literal topic (`{Name}` stands for that device's thing name).
    var publishTopic: String?
    var expect: Expectation

    var description: String { id }
}

enum BadInputCorpus {
    /// `Tests/Fixtures/bad-input`.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/bad-input")

    private struct Manifest: Decodable {
        var cases: [BadInputCase]
    }

    /// Every case, in manifest order.
    static func cases() throws -> [BadInputCase] {
        try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: folder.appendingPathComponent("cases.json"))).cases
    }

    /// The exact bytes of a case.
    static func payload(of testCase: BadInputCase) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(testCase.payload))
    }
}
