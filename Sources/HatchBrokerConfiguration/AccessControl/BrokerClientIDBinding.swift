import Foundation

/// Renders the configuration of mosquitto's dynamic-security plugin that ties each device's login to
/// its own client id, so that one device's credential cannot connect as another thing and take its
/// session over.
///
/// mosquitto checks a login with the plugin first: a username the plugin knows must come with its
/// client id (the thing name, as the firmware connects) and its password, or the broker refuses the
/// CONNECT as not authorized before it touches the session of that id. The plugin holds no topic
/// rules: its default access is "no decision", so the ACL file still decides every publish, delivery
/// and subscription. Usernames it does not know (the controller, the fleet service) fall through to the
/// password file and may use any client id (several `hatchctl` commands, IoT clients and services
/// connect at once under one login).
package struct BrokerClientIDBinding {
    /// A device login and the hash line the password file holds for it (`username:$7$iterations$salt$hash`).
    package struct Device: Sendable, Equatable {
        /// The device's username (its thing name).
        package var username: String
        /// Its whole line of the password file.
        package var hashedLine: String

        /// Creates a device login and the hash line the password file holds for it.
        package init(username: String, hashedLine: String) {
            self.username = username
            self.hashedLine = hashedLine
        }
    }

    /// The device logins to bind.
    package var devices: [Device]

    /// Creates the client-id binding of the given device logins.
    package init(devices: [Device]) {
        self.devices = devices
    }

    /// The plugin's JSON: one client per device, bound to the client id equal to its username.
    package func render() throws(BrokerConfigurationError) -> Data {
        var clients: [Client] = []
        for device in devices {
            let hash = device.hashedLine.dropFirst(device.username.count + 1).split(separator: "$", omittingEmptySubsequences: false)
            // "", "7", iterations, salt, hash: mosquitto 2's PBKDF2-SHA512, the plugin's own format.
            guard device.hashedLine.hasPrefix(device.username + ":"), hash.count == 5, hash[1] == "7", let iterations = Int(hash[2]) else {
                throw .passwordFile("The password file has no mosquitto 2 (`$7$`) hash for '\(device.username)'; "
                    + "install mosquitto 2's mosquitto_passwd and run `hatchctl broker config` again.")
            }
            clients.append(Client(username: device.username, clientid: device.username, password: String(hash[4]),
                                  salt: String(hash[3]), iterations: iterations))
        }
        let document = Document(clients: clients.sorted { $0.username < $1.username })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        do {
            return try encoder.encode(document) + Data("\n".utf8)
        } catch {
            throw .unwritable(path: "the client-id binding", reason: "\(error)", hint: "Report this as a bug.")
        }
    }

    /// The hash lines of `passwordFile` (written by ``MosquittoPasswordFile``) for `usernames`.
    package static func devices(_ usernames: [String], inPasswordFile passwordFile: URL) throws(BrokerConfigurationError) -> [Device] {
        let text: String
        do {
            text = try String(contentsOf: passwordFile, encoding: .utf8)
        } catch {
            throw .passwordFile("Cannot read the password file \(passwordFile.path) back: \(error.localizedDescription).")
        }
        var lines: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            lines[String(line[..<colon])] = String(line)
        }
        return try usernames.map { username throws(BrokerConfigurationError) in
            guard let line = lines[username] else {
                throw .passwordFile("The password file \(passwordFile.path) has no line for '\(username)'; run `hatchctl broker config` again.")
            }
            return Device(username: username, hashedLine: line)
        }
    }

    /// The plugin's file format (mosquitto 2.0).
    private struct Document: Encodable {
        /// No decision on publishing, receiving and subscribing (the ACL file decides); unsubscribing is always harmless.
        var defaultACLAccess = ["publishClientSend": false, "publishClientReceive": false, "subscribe": false, "unsubscribe": true]
        var clients: [Client]
        var groups: [String] = []
        var roles: [String] = []
    }

    private struct Client: Encodable {
        var username: String
        var clientid: String
        var password: String
        var salt: String
        var iterations: Int
        var roles: [String] = []
        var groups: [String] = []
    }
}
