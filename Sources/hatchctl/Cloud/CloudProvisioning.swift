import Foundation
import HatchDeviceSimulator

/// Writes what AWS IoT Core needs for a fleet into one folder: the device policies
/// (``DevicePolicies``), `things.json` and `things.csv`, `provision.sh` (``ProvisionScript``),
/// `cloudformation.yaml` (``CloudFormationTemplate``) and `README.txt` (``ProvisionReadme``).
///
/// It never touches what `provision.sh` made there (certificates, the root CA, the endpoint), so it
/// can be run again after the fleet file changes.
struct CloudProvisioning {
    /// What to generate.
    struct Settings {
        var folder: URL
        var policyName = "hatch-fleet-device"
        /// The region and account in the policies' ARNs; `*` is any (a policy only ever applies in the
        /// account and region it is created in).
        var region = "*"
        var account = "*"
    }

    /// What was written: for the command's output.
    struct Summary: Encodable {
        var folder: String
        var fleet: String
        var things: Int
        var policies: [String]
        var files: [String]
        var cloudFormationIncludesThings: Bool
        var runCommands: [String]
    }

    /// The fleet files, in `--devices` order, with the path each was read from.
    let fleets: [(path: String, definition: FleetDefinition)]
    let settings: Settings

    func generate() throws(HatchctlError) -> Summary {
        let combined = try FleetFiles.combined(fleets.map(\.definition))
        let things = fleets.flatMap { fleet in fleet.definition.devices.map { ProvisionedThing($0, fleet: fleet.definition.name) } }
        for thing in things where !Self.isValidThingName(thing.thingName) {
            throw .invalidArgument("'\(thing.thingName)' (\(thing.name)) is not a valid AWS IoT thing name ([a-zA-Z0-9:_-], at most 128 "
                + "characters); check the device's product and MAC address in the fleet file.")
        }
        let policies = DevicePolicies(baseName: settings.policyName, style: .literal(region: settings.region, account: settings.account)).documents
        for policy in policies where policy.length > IoTPolicyDocument.maximumLength {
            throw .invalidArgument("The policy \(policy.fileName) would be \(policy.length) characters, over AWS IoT's "
                + "\(IoTPolicyDocument.maximumLength); use --region and --account-id of at most a few characters each, or leave them out.")
        }
        let folder = settings.folder
        let runCommands = fleets.map { Self.runCommand(fleetFile: $0.path, folder: folder) }
        let template = CloudFormationTemplate(fleet: combined.name,
                                              policies: DevicePolicies(baseName: settings.policyName, style: .cloudFormation).documents,
                                              things: things)
        var files: [(name: String, text: String)] = policies.map { ($0.fileName, $0.json()) }
        files += [
            ("things.json", Console.encode(things) + "\n"),
            ("things.csv", ([ProvisionedThing.csvHeader] + things.map(\.csvRow)).joined(separator: "\n") + "\n"),
            ("provision.sh", ProvisionScript(fleet: combined.name, policies: policies, things: things, runCommands: runCommands).render()),
            ("cloudformation.yaml", template.render()),
            ("README.txt", ProvisionReadme(fleet: combined.name, folder: folder.path, policies: policies, thingCount: things.count,
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
            throw .invalidArgument("Cannot write into \(folder.path): \(error.localizedDescription). Check that the --out folder is writable.")
        }
        return Summary(folder: folder.path, fleet: combined.name, things: things.count, policies: policies.map(\.name),
                       files: files.map(\.name), cloudFormationIncludesThings: template.includesThings, runCommands: runCommands)
    }

    /// The `hatchctl fleet run` line for one fleet file against AWS IoT Core, `ENDPOINT` standing for the endpoint.
    static func runCommand(fleetFile: String, folder: URL) -> String {
        let ca = folder.appendingPathComponent(ProvisionScript.rootCAFile).path
        let certificates = folder.appendingPathComponent(ProvisionScript.certificatesFolder).path
        return ["hatchctl", "fleet", "run", "--shadow-service", "external", "--devices", fleetFile,
                "--broker", "mqtts://ENDPOINT:8883", "--ca-file", ca, "--certificates", certificates]
            .map(ShellWord.quoted).joined(separator: " ")
    }

    /// AWS IoT's thing name pattern: `[a-zA-Z0-9:_-]+`, at most 128 characters.
    static func isValidThingName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 128 && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || ":_-".contains($0)) }
    }
}
