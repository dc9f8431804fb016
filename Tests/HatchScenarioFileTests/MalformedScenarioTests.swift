import Foundation
import HatchScenarioFile
import Testing

/// Every file in `Malformed/` is rejected with the line and field its first line names
/// (`# expect: 12 stages[0].faults[0].at`), and a message that says what is allowed.
@Suite struct MalformedScenarioTests {
    /// The corpus, sorted by name.
    static let files: [URL] = {
        guard let folder = Bundle.module.url(forResource: "Malformed", withExtension: nil),
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        else { return [] }
        return names.filter { $0.hasSuffix(".yaml") }.sorted().map { folder.appendingPathComponent($0) }
    }()

    @Test func theCorpusCoversEnoughMistakes() {
        #expect(Self.files.count >= 24)
    }

    @Test(arguments: files) func isRejectedWhereItsFirstLineSays(_ url: URL) throws {
        let text = try String(contentsOf: url, encoding: .utf8)
        let header = try #require(text.split(separator: "\n", omittingEmptySubsequences: false).first)
        let expected = try #require(header.wholeMatch(of: /# expect: ([0-9]+) (\S+)/), "first line is not `# expect: LINE FIELD`")
        let line = try #require(Int(expected.1))
        do {
            let scenario = try ScenarioFileReader.read(contentsOf: url)
            Issue.record("\(url.lastPathComponent) was read as \(scenario.name)")
        } catch {
            #expect(error.location.file == url.path)
            #expect(error.location.line == line, "\(error)")
            #expect(error.location.field == String(expected.2), "\(error)")
            #expect(!error.message.isEmpty)
            let saysWhatIsAllowed = ["write", "allowed", "expected"].contains { error.message.contains($0) }
            #expect(saysWhatIsAllowed, "\(error)")
        }
    }
}
