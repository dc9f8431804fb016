import Foundation
import Testing
@testable import HatchDeviceSimulator

/// Every malformed fleet file of the corpus (`Tests/Fixtures/bad-input/fleet-files`) is refused
/// with an error that names the file, the line and the field.
@Suite("Malformed fleet files")
struct FleetFileCorpusTests {
    struct Expectation: Decodable, Sendable, CustomStringConvertible {
        var file: String
        var line: Int
        var field: String
        var message: String
        var description: String { file }
    }

    static let folder = BadInputCorpus.folder.appendingPathComponent("fleet-files")

    static func expectations() throws -> [Expectation] {
        struct Manifest: Decodable { var cases: [Expectation] }
        return try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: folder.appendingPathComponent("expected.json"))).cases
    }

    @Test("every file in the folder has an expectation")
    func everyFileIsListed() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".yaml") }
        #expect(Set(files) == Set(try Self.expectations().map(\.file)))
        #expect(files.count >= 20)
    }

    @Test("the error names file, line and field", arguments: (try? FleetFileCorpusTests.expectations()) ?? [])
    func errorNamesFileLineAndField(_ expected: Expectation) throws {
        let url = Self.folder.appendingPathComponent(expected.file)
        let error = try #require(throws: FleetFileError.self) { try FleetDefinition.load(contentsOf: url) }
        #expect(error.file == url.path)
        #expect(error.line == expected.line, "\(error)")
        #expect(error.field == expected.field, "\(error)")
        #expect(error.message.contains(expected.message), "\(error)")
        #expect(error.description.hasPrefix("\(url.path):\(expected.line): "))
    }
}
