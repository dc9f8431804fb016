extension BrokerSecurity.Summary {
    /// Whether the ACL is an AWS IoT-like policy for a broker whose shadow service answers.
    private var externalShadowService: Bool { shadowService == "external" }

    /// What `hatchctl broker config` wrote and how to use it, for a person; never a password.
    package var text: String {
        var lines = [
            "Wrote a locked-down mosquitto configuration for \(fleet) (\(devices) devices) to \(folder):",
            "  mosquitto.conf     listeners: " + [plainPort.map { "mqtt \($0)" }, tlsPort.map { "mqtts \($0)" }]
                .compactMap { $0 }.joined(separator: ", ") + "; anonymous access off",
            "  passwords          \(devices + 2) users (mosquitto 2 hashes, mode 0600)",
            externalShadowService
                ? "  acl                each device only its firmware's topics (as an AWS IoT policy); \(controllerUsername) every device; "
                    + "\(serviceUsername) the shadow service and the fleet's control channel"
                : "  acl                each device its own topics; \(controllerUsername) every device; \(serviceUsername) the fleet service",
            "  client-ids.json    each device's login connects only as its own thing (mosquitto's dynamic-security plugin)",
            "  credentials.json   the passwords (mode 0600): \(newPasswords) new, \(keptPasswords) kept",
        ]
        if let caFile {
            lines.append("  tls/               CA \(caFile), server certificate" + (clientCertificates ? ", a client certificate per user (required)" : ""))
        }
        lines.append("Run the fleet against it: hatchctl fleet run --broker \(tlsPort != nil && plainPort == nil ? "mqtts" : "mqtt")://HOST:"
                     + "\(plainPort ?? tlsPort ?? 1883) --credentials \(credentialsFile)" + (externalShadowService ? " --shadow-service external" : ""))
        if externalShadowService {
            lines.append("Answer the shadows beside it: hatchctl shadow-service --broker URL --credentials \(credentialsFile) --state DIR")
        }
        lines.append("Keep the folder private; do not commit it.")
        return lines.joined(separator: "\n")
    }
}
