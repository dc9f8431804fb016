import Foundation
@testable import HatchDashboard
import Testing

/// The page's saved commands in their file, and the bulk tally.
@Suite struct SavedCommandStoreTests {
    private func home() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("hatch-saved-\(UUID().uuidString.prefix(8))", isDirectory: true)
    }

    private func light(_ color: String) -> DashboardRequest {
        var request = DashboardRequest(action: "light")
        request.color = color
        request.brightness = 20
        return request
    }

    @Test func savedCommandsOutliveTheStoreAndReplaceByName() throws {
        let folder = home()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = SavedCommandStore(home: folder)
        #expect(try store.list().isEmpty)
        try store.save(SavedCommand(name: "Night red", command: light("#FF0000")))
        try store.save(SavedCommand(name: "Snooze", command: DashboardRequest(action: "snooze")))
        try store.save(SavedCommand(name: "Night red", command: light("#AA0000")))
        let reread = try SavedCommandStore(home: folder).list()
        #expect(reread.map(\.name) == ["Night red", "Snooze"])
        #expect(reread.first?.command.color == "#AA0000")
        #expect(try store.delete(named: "Snooze").map(\.name) == ["Night red"])
    }

    @Test func aClockChangeOrAnUnnamedCommandIsNotSaved() throws {
        let folder = home()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = SavedCommandStore(home: folder)
        var clock = DashboardRequest(action: "clock")
        clock.speed = 60
        #expect(throws: SavedCommandStore.StoreError.self) { try store.save(SavedCommand(name: "Fast", command: clock)) }
        #expect(throws: SavedCommandStore.StoreError.self) { try store.save(SavedCommand(name: "  ", command: light("#FF0000"))) }
        #expect(try store.list().isEmpty)
    }

    @Test func aDamagedFileIsReportedAndNeverOverwritten() throws {
        let folder = home()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(SavedCommandStore.fileName)
        try Data("{ not json".utf8).write(to: file)
        let store = SavedCommandStore(home: folder)
        let error = #expect(throws: SavedCommandStore.StoreError.self) { try store.save(SavedCommand(name: "Night red", command: light("#FF0000"))) }
        #expect(error?.description.contains("fix it or move it away") == true)
        #expect(try String(contentsOf: file, encoding: .utf8) == "{ not json")
    }

    @Test func theTallyCountsEachOutcomeAndKeepsTheFirstReason() {
        var tally = BulkTally(id: 1, name: "Night red", total: 4)
        tally.count(.done("ok"))
        tally.count(.failed("Nursery is offline.", .offline))
        tally.count(.failed("rejected (400): bad", .rejected))
        tally.count(.failed("rejected (400): other", .rejected))
        #expect((tally.applied, tally.offline, tally.rejected, tally.answered) == (1, 1, 2, 4))
        #expect(tally.reasons["rejected"] == "rejected (400): bad")
    }
}
