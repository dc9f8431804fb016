import Foundation
import HatchCloudProvisioning
import HatchDeviceModel
import HatchDeviceSimulator
import Testing

/// What `hatchctl cloud provision` writes, and its refusals, without the command line.
@Suite("Cloud provisioning")
struct CloudProvisioningTests {
    private static let fleetYAML = """
        fleet: lab, "north"
        devices:
          - { name: "Nursery, left", mac: "A4:C1:38:00:00:01", product: restoreV5 }
          - { name: Bedroom, mac: "A4:C1:38:00:00:02", product: riotPlus }
        """

    private func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("cloud-provisioning-\(UUID().uuidString)", isDirectory: true)
    }

    private func fleet() throws -> FleetDefinition {
        try FleetFileParser.parse(Self.fleetYAML, file: "lab.yaml")
    }

    @Test("writes the policies, things.json, things.csv, provision.sh, the template and README.txt")
    func writesEveryFile() throws {
        let out = folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let summary = try CloudProvisioning(fleets: [(path: "lab.yaml", definition: fleet())], settings: .init(folder: out)).generate()
        #expect(summary.things == 2)
        #expect(Set(summary.files) == ["policy.json", "policy-subscribe.json", "things.json", "things.csv", "provision.sh",
                                       "cloudformation.yaml", "README.txt"])
        for file in summary.files {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(file).path), "\(file) missing")
        }
        let script = try FileManager.default.attributesOfItem(atPath: out.appendingPathComponent("provision.sh").path)
        #expect(((script[.posixPermissions] as? NSNumber)?.intValue ?? 0) & 0o111 != 0, "provision.sh is executable")
        let things = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("things.json"))) as? [[String: String]]
        #expect(things?.map { $0["product"] } == ["restoreV5", "riotPlus"])
        #expect(summary.runCommands == [CloudProvisioning.runCommand(fleetFile: "lab.yaml", folder: out)])
    }

    @Test("things.csv quotes a field with a comma, and the run command quotes what the shell would split")
    func quoting() throws {
        let device = try fleet().devices[0]
        let thing = ProvisionedThing(device, fleet: "lab")
        #expect(thing.csvRow.hasSuffix(",\"Nursery, left\",lab"))
        #expect(ShellWord.quoted("plain/path.yaml") == "plain/path.yaml")
        #expect(ShellWord.quoted("it's here") == #"'it'\''s here'"#)
        #expect(ShellWord.quoted("") == "''")
    }

    @Test("a policy over AWS's length is refused and nothing is written")
    func policyTooLong() throws {
        let out = folder()
        var settings = CloudProvisioning.Settings(folder: out)
        settings.region = String(repeating: "r", count: 80)
        settings.account = String(repeating: "1", count: 80)
        #expect {
            _ = try CloudProvisioning(fleets: [(path: "lab.yaml", definition: fleet())], settings: settings).generate()
        } throws: { error in
            guard case .policyTooLong(let file, let length) = error as? CloudProvisioningError else { return false }
            return file == "policy.json" && length > IoTPolicyDocument.maximumLength
        }
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test("no fleet, and a folder that cannot be written, are refused with what to do")
    func refusals() throws {
        #expect(throws: CloudProvisioningError.noFleet) {
            _ = try CloudProvisioning(fleets: [], settings: .init(folder: folder())).generate()
        }
        let blocker = folder()
        try Data().write(to: blocker)
        defer { try? FileManager.default.removeItem(at: blocker) }
        let inside = blocker.appendingPathComponent("out")
        #expect {
            _ = try CloudProvisioning(fleets: [(path: "lab.yaml", definition: fleet())], settings: .init(folder: inside)).generate()
        } throws: { error in
            (error as? CloudProvisioningError)?.description.contains("Check that the --out folder is writable") == true
        }
    }

    @Test("thing names: AWS IoT's pattern and length", arguments: [
        ("restoreV5-a4c138000001", true), ("a:b_c-d", true), ("", false), ("has space", false), ("slash/x", false),
        (String(repeating: "t", count: 128), true), (String(repeating: "t", count: 129), false),
    ])
    func thingNames(name: String, valid: Bool) {
        #expect(CloudProvisioning.isValidThingName(name) == valid)
    }
}
