import ArgumentParser
import Foundation
import HatchCloudProvisioning
import HatchFleetControl

/// `hatchctl cloud provision`: writes what AWS IoT Core needs to run a fleet file's devices there.
struct CloudProvisionCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "provision",
        abstract: "Write AWS IoT policies, a thing list, provision.sh and a CloudFormation template for a fleet.",
        discussion: """
            Nothing is sent to AWS: the command writes files, and README.txt in the folder says what to \
            run next. The policies let each thing connect only as itself and use only its own topics \
            (policy variables, so one pair of policies serves the whole fleet); provision.sh creates \
            them, the things and a certificate per thing in DIR/certificates/<thing>/, the layout \
            `hatchctl fleet run --shadow-service external --certificates DIR/certificates` reads. \
            Running the command again rewrites the generated files and keeps the certificates.
            """
    )

    @Option(name: .long, help: ArgumentHelp("The fleet file (YAML); repeat it to provision several fleets together.", valueName: "file"))
    var devices: [String] = ["devices/household.yaml"]

    @Option(name: .long, help: ArgumentHelp("The folder to write (created when missing).", valueName: "dir"))
    var out: String

    @Option(name: .long, help: ArgumentHelp("The AWS IoT policy name; the subscribe policy adds -subscribe.", valueName: "name"))
    var policyName = "hatch-fleet-device"

    @Option(name: .long, help: ArgumentHelp("The region in the policies' ARNs; * is any.", valueName: "region"))
    var region = "*"

    @Option(name: .long, help: ArgumentHelp("The 12-digit account id in the policies' ARNs; * is any.", valueName: "id"))
    var accountId = "*"

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard DevicePolicies.isValidName(policyName) else {
            throw ValidationError("--policy-name takes letters, digits and _+=,.@- (at most 118 characters; got '\(policyName)').")
        }
        if region != "*" && !region.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }) {
            throw ValidationError("--region takes an AWS region such as us-east-1, or * (got '\(region)').")
        }
        if accountId != "*" && !(accountId.count == 12 && accountId.allSatisfy({ $0.isASCII && $0.isNumber })) {
            throw ValidationError("--account-id takes the 12-digit AWS account id, or * (got '\(accountId)').")
        }
    }

    func run() async throws {
        let console = Console(json: output.json)
        try await console.run {
            let fleets = Array(zip(devices, try FleetFiles.load(devices))).map { (path: $0.0, definition: $0.1) }
            var settings = CloudProvisioning.Settings(folder: URL(fileURLWithPath: out, isDirectory: true).standardizedFileURL)
            settings.policyName = policyName
            settings.region = region
            settings.account = accountId
            _ = try FleetFiles.combined(fleets.map(\.definition))
            let summary = try CloudProvisioning(fleets: fleets, settings: settings).generate()
            console.emit(summary) { Self.describe(summary) }
        }
    }

    /// The text report: what was written and what to run next.
    static func describe(_ summary: CloudProvisioning.Summary) -> String {
        var lines = [
            "Wrote AWS IoT Core provisioning for \(summary.fleet) (\(summary.things) things) to \(summary.folder):",
            "  " + summary.files.joined(separator: ", "),
            "Next: bash \(ShellWord.quoted(summary.folder + "/provision.sh")) (with the AWS CLI configured), then, as README.txt says:",
        ]
        lines += summary.runCommands.map { "  " + $0 }
        lines.append("Keep the folder private once provision.sh has run: it holds every device's private key.")
        return lines.joined(separator: "\n")
    }
}
