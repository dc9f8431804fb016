import Foundation
import HatchDeviceModel
import HatchMosquittoBroker
import Testing
import Yams

/// `hatchctl cloud provision`: the AWS IoT policies grant each thing exactly its firmware's topics,
/// and the thing list, provision.sh and the CloudFormation template are what AWS takes.
@Suite("hatchctl cloud provision", .timeLimit(.minutes(2)))
struct CloudProvisionTests {
    static let household = HouseholdFleet.packageRoot.appendingPathComponent("devices/household.yaml").path
    static let thingVariable = "${iot:Connection.Thing.ThingName}"

    /// This test's `hatchctl`, whose home holds the generated folders for as long as the test runs.
    let ownHatchctl: Hatchctl

    init() throws {
        ownHatchctl = try Hatchctl()
    }

    /// Runs the command into a fresh folder and returns it.
    private func provision(_ extra: [String] = [], hatchctl: Hatchctl? = nil) async throws -> URL {
        let hatchctl = hatchctl ?? ownHatchctl
        let folder = hatchctl.home.appendingPathComponent("aws-\(UUID().uuidString)")
        let result = try await hatchctl.run(["cloud", "provision", "--devices", Self.household, "--out", folder.path] + extra)
        #expect(result.status == 0, "\(result)")
        return folder
    }

    /// Every statement of the policy files as (actions, resources, condition).
    private func statements(in folder: URL) throws -> [[String: Any]] {
        var all: [[String: Any]] = []
        for file in ["policy.json", "policy-subscribe.json"] {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(file)")
            #expect(document["Version"] as? String == "2012-10-17", "\(file)")
            #expect(text.unicodeScalars.filter { !$0.properties.isWhitespace }.count <= 2048, "\(file) is over AWS IoT's 2,048 characters")
            all += try #require(document["Statement"] as? [[String: Any]], "\(file)")
        }
        return all
    }

    /// The resource names (after `client/`, `topic/`, `topicfilter/`) each action is allowed on, for one thing.
    private func grants(_ statements: [[String: Any]], thing: String) throws -> [String: Set<String>] {
        var grants: [String: Set<String>] = [:]
        for statement in statements {
            #expect(statement["Effect"] as? String == "Allow")
            let condition = (statement["Condition"] as? [String: Any])?["Bool"] as? [String: Any]
            #expect(condition?["iot:Connection.Thing.IsAttached"] as? String == "true", "every statement needs the certificate attached: \(statement)")
            let actions = try #require(statement["Action"] as? [String])
            for arn in try #require(statement["Resource"] as? [String]) {
                #expect(arn.hasPrefix("arn:aws:iot:*:*:"), "\(arn)")
                let resource = String(arn.dropFirst("arn:aws:iot:*:*:".count))
                #expect(!resource.contains(where: { "*?+#".contains($0) }), "a wildcard lets one thing reach others' topics: \(arn)")
                for action in actions { grants[action, default: []].insert(resource.replacingOccurrences(of: Self.thingVariable, with: thing)) }
            }
        }
        return grants
    }

    @Test("each thing may connect as itself and publish, subscribe to and receive exactly its FirmwareTopics; no reply, no wildcard")
    func policiesGrantExactlyTheFirmwareTopics() async throws {
        let statements = try statements(in: try await provision())
        let things = ["restoreV5_a4c138100001", "riotPlus_a4c138100003"]
        for thing in things {
            let topics = FirmwareTopics(ThingName(rawValue: thing))
            let grants = try grants(statements, thing: thing)
            #expect(Set(grants.keys) == ["iot:Connect", "iot:Publish", "iot:RetainPublish", "iot:Subscribe", "iot:Receive"])
            #expect(grants["iot:Connect"] == ["client/\(thing)"])
            #expect(grants["iot:Publish"] == Set(topics.publishes.map { "topic/" + $0 }))
            #expect(grants["iot:Subscribe"] == Set(topics.subscribes.map { "topicfilter/" + $0 }))
            #expect(grants["iot:Receive"] == Set(topics.subscribes.map { "topic/" + $0 }))
            #expect(grants["iot:RetainPublish"].map { $0.isSubset(of: grants["iot:Publish"] ?? []) } == true)
            #expect(grants["iot:RetainPublish"]?.contains("topic/" + Topics.presence(topics.thing)) == true, "the retained last will")
            for reply in topics.reservedReplies {
                #expect(grants["iot:Publish"]?.contains("topic/" + reply) == false, "a device may not publish \(reply)")
            }
            let others = things.filter { $0 != thing }
            for resource in grants.values.flatMap({ $0 }) {
                for other in others { #expect(!resource.contains(other), "\(thing) reaches \(other): \(resource)") }
            }
        }
    }

    @Test("with a region and an account the ARNs name them, and each policy still fits AWS IoT's 2,048 characters")
    func regionAndAccount() async throws {
        let folder = try await provision(["--region", "eu-central-1", "--account-id", "123456789012", "--policy-name", "staging.hatch"])
        for file in ["policy.json", "policy-subscribe.json"] {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            #expect(text.contains("arn:aws:iot:eu-central-1:123456789012:"))
            #expect(!text.contains("arn:aws:iot:*"))
            #expect(text.unicodeScalars.filter { !$0.properties.isWhitespace }.count <= 2048)
        }
        #expect(try String(contentsOf: folder.appendingPathComponent("provision.sh"), encoding: .utf8)
            .contains("policy_names=(staging.hatch staging.hatch-subscribe)"))
        let result = try await Hatchctl().run(["cloud", "provision", "--out", "x", "--account-id", "12345"])
        #expect(result.status == 64 && result.standardError.contains("12-digit"), "\(result)")
    }

    @Test("things.json and things.csv: thing name, MAC, product, name and fleet of every device")
    func thingList() async throws {
        let folder = try await provision()
        let things = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("things.json"))) as? [[String: String]])
        #expect(things.count == 4)
        #expect(things.first == ["thingName": "restoreV5_a4c138100001", "macAddress": "A4:C1:38:10:00:01", "product": "restoreV5",
                                 "name": "Nursery", "fleet": "household"])
        let csv = try String(contentsOf: folder.appendingPathComponent("things.csv"), encoding: .utf8).split(separator: "\n")
        #expect(csv.first == "thingName,macAddress,product,name,fleet")
        #expect(csv.contains("riotPlus_a4c138100003,A4:C1:38:10:00:03,riotPlus,Kids room Rest+,household"))
        let readme = try String(contentsOf: folder.appendingPathComponent("README.txt"), encoding: .utf8)
        #expect(readme.contains("hatchctl fleet run --shadow-service external --devices \(Self.household) --broker mqtts://$(cat "))
        #expect(readme.contains("--ca-file \(folder.path)/AmazonRootCA1.pem --certificates \(folder.path)/certificates"))
    }

    @Test("provision.sh passes bash -n")
    func scriptParses() async throws {
        let folder = try await provision()
        let result = try await Hatchctl.run(URL(fileURLWithPath: "/bin/bash"), ["-n", folder.appendingPathComponent("provision.sh").path])
        #expect(result.status == 0, "\(result.description)")
    }

    @Test("provision.sh passes shellcheck", .enabled(if: Self.which("shellcheck") != nil, "shellcheck is not installed (make deps installs it)"))
    func scriptPassesShellcheck() async throws {
        let folder = try await provision()
        let result = try await Hatchctl.run(URL(fileURLWithPath: try #require(Self.which("shellcheck"))), [folder.appendingPathComponent("provision.sh").path])
        #expect(result.status == 0, "\(result.description)")
    }

    @Test("provision.sh against a stand-in aws CLI: policies, things and a certificate per thing in the fleet run's layout; a second run creates nothing")
    func scriptAgainstAStandInCLI() async throws {
        let hatchctl = try Hatchctl()
        let folder = try await provision(hatchctl: hatchctl)
        let bin = hatchctl.home.appendingPathComponent("bin"), state = hatchctl.home.appendingPathComponent("aws-state")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        // A stand-in for the AWS CLI: logs each call, remembers what exists, writes certificate files.
        try Self.executable(bin.appendingPathComponent("aws"), #"""
            #!/usr/bin/env bash
            state="$AWS_STAND_IN_STATE"; echo "$*" >> "$state/calls"
            arg() { local want="$1"; shift; while [ $# -gt 0 ]; do [ "$1" = "$want" ] && { echo "$2"; return; }; shift; done; }
            case "$1 $2" in
                "sts get-caller-identity") echo 123456789012 ;;
                "configure get") echo us-east-1 ;;
                "iot get-policy") [ -e "$state/policy-$(arg --policy-name "$@")" ] ;;
                "iot create-policy") touch "$state/policy-$(arg --policy-name "$@")"; document="$(arg --policy-document "$@")"; test -f "${document#file://}" ;;
                "iot describe-thing") [ -e "$state/thing-$(arg --thing-name "$@")" ] ;;
                "iot create-thing") touch "$state/thing-$(arg --thing-name "$@")" ;;
                "iot create-keys-and-certificate")
                    echo CERT > "$(arg --certificate-pem-outfile "$@")"; echo KEY > "$(arg --private-key-outfile "$@")"
                    echo PUB > "$(arg --public-key-outfile "$@")"; echo "arn:aws:iot:us-east-1:123456789012:cert/$RANDOM$RANDOM" ;;
                "iot attach-policy"|"iot attach-thing-principal") ;;
                "iot describe-endpoint") echo "abc123-ats.iot.us-east-1.amazonaws.com" ;;
                *) echo "unexpected: $*" >&2; exit 2 ;;
            esac
            """#)
        try Self.executable(bin.appendingPathComponent("curl"), #"""
            #!/usr/bin/env bash
            while [ $# -gt 0 ]; do [ "$1" = -o ] && echo ROOT-CA > "$2"; shift; done
            """#)
        let environment = ["PATH": bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"), "AWS_STAND_IN_STATE": state.path]
        let script = folder.appendingPathComponent("provision.sh").path

        let first = try await Hatchctl.run(URL(fileURLWithPath: "/bin/bash"), [script], environment: environment)
        #expect(first.status == 0, "\(first.description)")
        #expect(first.description.contains("certificates: 4 created, 0 kept"), "\(first.description)")
        #expect(first.description.contains("--broker mqtts://abc123-ats.iot.us-east-1.amazonaws.com:8883"), "\(first.description)")
        let calls = try String(contentsOf: state.appendingPathComponent("calls"), encoding: .utf8)
        #expect(calls.components(separatedBy: "iot create-policy").count - 1 == 2)
        #expect(calls.components(separatedBy: "iot create-thing").count - 1 == 4)
        #expect(calls.contains("--attribute-payload {\"attributes\":{\"macAddress\":\"A4:C1:38:10:00:01\",\"product\":\"restoreV5\"}}"), "\(calls)")
        #expect(calls.components(separatedBy: "iot attach-policy").count - 1 == 8)
        #expect(calls.components(separatedBy: "iot attach-thing-principal --thing-name restMini_a4c138100004").count - 1 == 1)
        #expect(calls.contains("iot describe-endpoint --endpoint-type iot:Data-ATS"))
        for thing in ["restoreV5_a4c138100001", "restMini_a4c138100004"] {
            let certificates = folder.appendingPathComponent("certificates/\(thing)")
            #expect(FileManager.default.fileExists(atPath: certificates.appendingPathComponent("certificate.pem.crt").path))
            #expect(SecretFile.permissions(of: certificates.appendingPathComponent("private.pem.key")) == 0o600)
        }
        #expect(try String(contentsOf: folder.appendingPathComponent("endpoint.txt"), encoding: .utf8) == "abc123-ats.iot.us-east-1.amazonaws.com\n")

        // Provisioning again (e.g. after the fleet file changed) keeps the certificates; so does the script.
        _ = try await hatchctl.run(["cloud", "provision", "--devices", Self.household, "--out", folder.path])
        try FileManager.default.removeItem(at: state.appendingPathComponent("calls"))
        let second = try await Hatchctl.run(URL(fileURLWithPath: "/bin/bash"), [script], environment: environment)
        #expect(second.status == 0, "\(second.description)")
        #expect(second.description.contains("certificates: 0 created, 4 kept"), "\(second.description)")
        let again = try String(contentsOf: state.appendingPathComponent("calls"), encoding: .utf8)
        #expect(!again.contains("create-"), "a second run created something:\n\(again)")
    }

    @Test("cloudformation.yaml parses; its policies are policy.json's with the stack's partition, region and account; one thing per device")
    func cloudFormationTemplate() async throws {
        let folder = try await provision()
        let text = try String(contentsOf: folder.appendingPathComponent("cloudformation.yaml"), encoding: .utf8)
        #expect(text.contains("cannot create a device certificate"))
        let template = try #require(try Yams.load(yaml: text) as? [String: Any])
        #expect(template["AWSTemplateFormatVersion"] as? String == "2010-09-09")
        let resources = try #require(template["Resources"] as? [String: [String: Any]])
        let things = resources.values.filter { $0["Type"] as? String == "AWS::IoT::Thing" }
            .compactMap { ($0["Properties"] as? [String: Any])?["ThingName"] as? String }
        #expect(Set(things) == ["restoreV5_a4c138100001", "restoreV4_a4c138100002", "riotPlus_a4c138100003", "restMini_a4c138100004"])
        let policies = resources.values.filter { $0["Type"] as? String == "AWS::IoT::Policy" }
        #expect(policies.count == 2)
        for policy in policies {
            let properties = try #require(policy["Properties"] as? [String: Any])
            let name = try #require(properties["PolicyName"] as? String)
            let file = name.hasSuffix("-subscribe") ? "policy-subscribe.json" : "policy.json"
            // Fn::Sub as CloudFormation resolves it, in a stack whose region and account are the file's `*`.
            func resolve(_ value: Any) -> Any {
                if let object = value as? [String: Any], let template = object["Fn::Sub"] as? String {
                    return template.replacingOccurrences(of: "${AWS::Partition}", with: "aws").replacingOccurrences(of: "${AWS::Region}", with: "*")
                        .replacingOccurrences(of: "${AWS::AccountId}", with: "*").replacingOccurrences(of: "${!", with: "${")
                }
                if let object = value as? [String: Any] { return object.mapValues(resolve) }
                if let array = value as? [Any] { return array.map(resolve) }
                return value
            }
            let resolved = try JSONSerialization.data(withJSONObject: resolve(try #require(properties["PolicyDocument"])), options: .sortedKeys)
            let expected = try JSONSerialization.data(withJSONObject: try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(file))),
                                                      options: .sortedKeys)
            #expect(resolved == expected, "\(name) differs from \(file)")
        }
    }

    @Test("a device in two fleet files is refused with exit 9, naming it")
    func duplicateDevice() async throws {
        let result = try await Hatchctl().run(["cloud", "provision", "--devices", Self.household, "--devices", Self.household, "--out", "unused"])
        #expect(result.status == 9, "\(result)")
        #expect(result.standardError.contains("A4:C1:38:10:00:01 is in fleet 'household' and in an earlier fleet file"), "\(result)")
    }

    // MARK: - Helpers

    private static func which(_ name: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/\(name)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private static func executable(_ url: URL, _ text: String) throws {
        try Data((text + "\n").utf8).write(to: url)
        chmod(url.path, 0o755)
    }
}
