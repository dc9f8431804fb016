import Foundation
import Testing

/// `hatchctl fleet run --source-address` (connections from the addresses given, in turn) and
/// `--in-memory` (no state folder).
@Suite("fleet run: source addresses and in-memory state", .timeLimit(.minutes(2)))
struct FleetSourceAddressTests {
    static let household = HouseholdFleet.packageRoot.appendingPathComponent("devices/household.yaml").path

    /// The established IPv4 connections whose local address is `address`, from `/proc/net/tcp`.
    private func establishedConnections(from address: String) -> Int {
        // The kernel prints the address as one little-endian 32-bit number: 127.0.71.1 is 0147007F.
        let hex = address.split(separator: ".").compactMap { UInt8($0) }.reversed()
            .map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
        // Read to the end: the file reports no size, and a single read stops after a page.
        guard let data = try? FileHandle(forReadingAtPath: "/proc/net/tcp")?.readToEnd() else { return 0 }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").dropFirst().filter { line in
            let columns = line.split(separator: " ")
            return columns.count > 3 && columns[1].hasPrefix(hex + ":") && columns[3] == "01"
        }.count
    }

    @Test("the devices connect from the addresses given, each used, and --in-memory leaves no state folder",
          .enabled(if: FileManager.default.fileExists(atPath: "/proc/net/tcp"), "reads the connections from /proc/net/tcp"))
    func devicesConnectFromTheAddressesGiven() async throws {
        let hatchctl = try Hatchctl()
        let addresses = ["127.0.71.1", "127.0.71.2"]
        try await FleetRunProcess.with(hatchctl, ["--dev", "--in-memory", "--source-address", addresses[0], "--source-address", addresses[1]]) { _ in
            // Every device is online (`hatchctl devices` says so): the household's four take the two addresses in turn.
            let seen = addresses.map(establishedConnections(from:))
            #expect(seen.allSatisfy { $0 >= 1 }, "connections from \(addresses): \(seen)")
        }
        #expect(!FileManager.default.fileExists(atPath: hatchctl.home.appendingPathComponent("state").path))
    }

    @Test("an address that is not one or not this machine's, or --in-memory with --state-dir: exit 64 saying what to give")
    func refusals() async throws {
        let hatchctl = try Hatchctl()
        let bad = try await hatchctl.run(["fleet", "run", "--devices", Self.household, "--dev", "--source-address", "laptop"])
        #expect(bad.status == 64 && bad.standardError.contains("--source-address takes an IPv4 or IPv6 address"), "\(bad)")
        // 192.0.2.0/24 is set aside for documentation: never an address of this machine.
        let elsewhere = try await hatchctl.run(["fleet", "run", "--devices", Self.household, "--dev", "--source-address", "192.0.2.7"])
        #expect(elsewhere.status == 64 && elsewhere.standardError.contains("192.0.2.7 is not an address of this machine"), "\(elsewhere)")
        let both = try await hatchctl.run(["fleet", "run", "--devices", Self.household, "--dev", "--in-memory", "--state-dir", "/tmp/x"])
        #expect(both.status == 64 && both.standardError.contains("--in-memory keeps no folder"), "\(both)")
    }
}
