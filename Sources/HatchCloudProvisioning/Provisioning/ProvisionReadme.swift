/// Renders `README.txt` of a provisioning folder: what each file is and the exact next steps, down
/// to the `hatchctl fleet run --shadow-service external` line.
package struct ProvisionReadme {
    package var fleet: String
    package var folder: String
    package var policies: [IoTPolicyDocument]
    package var thingCount: Int
    package var templateIncludesThings: Bool
    /// One `hatchctl fleet run` line per fleet file, with `ENDPOINT` for the account's endpoint.
    package var runCommands: [String]

    /// The README's text.
    package func render() -> String {
        let dir = ShellWord.quoted(folder)
        let policyFiles = policies.map(\.fileName).joined(separator: ", ")
        let stack = "hatch-" + fleet.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        var lines = [
            "AWS IoT Core provisioning for the fleet \"\(fleet)\" (\(thingCount) things), written by `hatchctl cloud provision`.",
            "",
            "What is here",
            "  \(policyFiles)",
            "      the device policies (\(policies.map(\.name).joined(separator: ", "))), both attached to every certificate: a",
            "      thing connects only as itself (client id = thing name, its certificate attached to it) and",
            "      publishes, subscribes to and receives only its own topics; never a shadow reply.",
            "  things.json, things.csv",
            "      thing name, MAC address, product, name and fleet of every device.",
            "  provision.sh",
            "      the aws iot commands that create the policies, the things and a certificate per thing,",
            "      attach them, fetch the Amazon root CA and look up the account's ATS endpoint. Safe to run again.",
            "  cloudformation.yaml",
            "      the policies" + (templateIncludesThings ? " and things" : " (the things are too many for one stack)")
                + " as a CloudFormation stack; no certificates,",
            "      which CloudFormation cannot create without a certificate signing request.",
            "",
            "Next steps, with the AWS CLI v2 configured for a staging account and region (aws configure):",
            "  1. Optional, to manage the policies\(templateIncludesThings ? " and things" : "") as a stack:",
            "       aws cloudformation deploy --template-file \(dir)/cloudformation.yaml --stack-name \(stack)",
            "     (provision.sh then keeps what the stack made.)",
            "  2. bash \(dir)/provision.sh",
            "     It writes \(dir)/certificates/<thing>/certificate.pem.crt and private.pem.key (mode 0600),",
            "     \(dir)/\(ProvisionScript.rootCAFile) and the endpoint in \(dir)/\(ProvisionScript.endpointFile).",
            "  3. Run the devices against AWS IoT Core; its shadow service answers them, so no hatchctl shadow service:",
        ]
        for command in runCommands {
            lines.append("       " + command.replacingOccurrences(of: "ENDPOINT", with: "$(cat \(dir)/\(ProvisionScript.endpointFile))"))
        }
        lines += [
            "     Where outbound port 8883 is closed, use port 443 instead (mqtts://ENDPOINT:443, ALPN x-amzn-mqtt-ca).",
            "  4. Look: AWS IoT console, Things, a thing, Device Shadows; or the MQTT test client subscribed to",
            "     $aws/things/+/shadow/update/accepted. An app or hatchctl needs its own identity and policy there.",
            "",
            "Keep this folder private: it holds every device's private key. Never commit it.",
            "Clean up, per thing: aws iot detach-thing-principal, detach-policy, update-certificate --new-status",
            "INACTIVE, delete-certificate, delete-thing; then delete-policy (or delete the stack).",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
