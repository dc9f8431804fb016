import Foundation
import HatchFleetFile

/// Writes what AWS IoT Core needs for a fleet into one folder: the device policies
/// (``DevicePolicies``), `things.json` and `things.csv`, `provision.sh` (``ProvisionScript``),
/// `cloudformation.yaml` (``CloudFormationTemplate``) and `README.txt` (``ProvisionReadme``).
///
/// It never touches what `provision.sh` made there (certificates, the root CA, the endpoint), so it
/// can be run again after the fleet file changes.
package struct CloudProvisioning {
    /// What to generate.
    package struct Settings {
        package var folder: URL
        package var policyName = "hatch-fleet-device"
        /// The region and account in the policies' ARNs; `*` is any (a policy only ever applies in the
        /// account and region it is created in).
        package var region = "*"
        package var account = "*"

        /// Settings that write into `folder`, with the default policy name and any region and account.
        package init(folder: URL) {
            self.folder = folder
        }
    }

    /// What was written: for the command's output.
    package struct Summary: Encodable {
        package var folder: String
        package var fleet: String
        package var things: Int
        package var policies: [String]
        package var files: [String]
        package var cloudFormationIncludesThings: Bool
        package var runCommands: [String]
    }

    /// The fleet files, in `--devices` order, with the path each was read from: at least one, each device
    /// in one only.
    package let fleets: [(path: String, definition: FleetDefinition)]
    /// Where to write and what to name.
    package let settings: Settings

    /// Creates the provisioning of the given fleets with `settings`.
    package init(fleets: [(path: String, definition: FleetDefinition)], settings: Settings) {
        self.fleets = fleets
        self.settings = settings
    }

    /// Writes the files and says what it wrote.
    package func generate() throws(CloudProvisioningError) -> Summary {
        guard let fleetName = fleets.first?.definition.name else { throw .noFleet }
        let things = fleets.flatMap { fleet in fleet.definition.devices.map { ProvisionedThing($0, fleet: fleet.definition.name) } }
        for thing in things where !Self.isValidThingName(thing.thingName) {
            throw .invalidThingName(thing.thingName, device: thing.name)
        }
        let policies = DevicePolicies(baseName: settings.policyName, style: .literal(region: settings.region, account: settings.account)).documents
        for policy in policies where policy.length > IoTPolicyDocument.maximumLength {
            throw .policyTooLong(file: policy.fileName, length: policy.length)
        }
        let folder = settings.folder
        let runCommands = fleets.map { Self.runCommand(fleetFile: $0.path, folder: folder) }
        let template = CloudFormationTemplate(fleet: fleetName,
                                              policies: DevicePolicies(baseName: settings.policyName, style: .cloudFormation).documents,
                                              things: things)
        var files: [(name: String, text: String)] = policies.map { ($0.fileName, $0.json()) }
        files += [
            ("things.json", Self.json(things) + "\n"),
            ("things.csv", ([ProvisionedThing.csvHeader] + things.map(\.csvRow)).joined(separator: "\n") + "\n"),
            ("provision.sh", ProvisionScript(fleet: fleetName, policies: policies, things: things, runCommands: runCommands).render()),
            ("cloudformation.yaml", template.render()),
            ("README.txt", ProvisionReadme(fleet: fleetName, folder: folder.path, policies: policies, thingCount: things.count,
                                           templateIncludesThings: template.includesThings, runCommands: runCommands).render()),
        ]
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            for file in files {
                let url = folder.appendingPathComponent(file.name)
                try Data(file.text.utf8).write(to: url, options: .atomic)
                if file.name.hasSuffix(".sh") { chmod(url.path, 0o755) }
            }
        } catch {
            throw .unwritableFolder(folder.path, reason: error.localizedDescription)
        }
        return Summary(folder: folder.path, fleet: fleetName, things: things.count, policies: policies.map(\.name),
                       files: files.map(\.name), cloudFormationIncludesThings: template.includesThings, runCommands: runCommands)
    }

    /// The `hatchctl fleet run` line for one fleet file against AWS IoT Core, `ENDPOINT` standing for the endpoint.
    package static func runCommand(fleetFile: String, folder: URL) -> String {
        let ca = folder.appendingPathComponent(ProvisionScript.rootCAFile).path
        let certificates = folder.appendingPathComponent(ProvisionScript.certificatesFolder).path
        return ["hatchctl", "fleet", "run", "--shadow-service", "external", "--devices", fleetFile,
                "--broker", "mqtts://ENDPOINT:8883", "--ca-file", ca, "--certificates", certificates]
            .map(ShellWord.quoted).joined(separator: " ")
    }

    /// `things.json`: sorted keys, indented, slashes as they are.
    private static func json(_ things: [ProvisionedThing]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return (try? encoder.encode(things)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }

    /// AWS IoT's thing name pattern: `[a-zA-Z0-9:_-]+`, at most 128 characters.
    package static func isValidThingName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 128 && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || ":_-".contains($0)) }
    }
}
