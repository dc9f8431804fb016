import Foundation

/// Renders a `mosquitto.conf`: the one renderer behind the private broker that tests and
/// `hatchctl fleet run --dev` start, and the locked-down configurations `hatchctl broker config` and
/// `hatchctl fleet run` write (password file, ACL, dynamic-security plugin, TLS).
///
/// Global settings come first, then each listener with its own lines (mosquitto applies listener
/// settings such as `cafile` to the `listener` line above them), then ``extraLines`` verbatim.
package struct MosquittoConfigFile: Sendable {
    /// One `listener` line and the lines that belong to it.
    package struct Listener: Sendable {
        /// The port; 0 for a Unix domain socket.
        package var port: Int
        /// The address it binds, or `nil` for every interface; a Unix domain socket's path when ``port`` is 0.
        package var host: String?
        /// Comment lines written (after a blank line) above the listener.
        package var comment: [String] = []
        /// The certificate files of a TLS listener, or `nil` for plain MQTT.
        package var tls: MosquittoBroker.TLSListener? = nil
        /// The oldest TLS version accepted (`tls_version`), or `nil` for mosquitto's default.
        package var minimumTLSVersion: String? = nil

        /// Creates one `listener` line and the lines that belong to it.
        package init(
            port: Int,
            host: String?,
            comment: [String] = [],
            tls: MosquittoBroker.TLSListener? = nil,
            minimumTLSVersion: String? = nil
        ) {
            self.port = port
            self.host = host
            self.comment = comment
            self.tls = tls
            self.minimumTLSVersion = minimumTLSVersion
        }
    }

    /// Who may connect.
    package enum Access: Sendable {
        /// Anyone, without a username.
        case anonymous
        /// Only users of a mosquitto password file; optionally an ACL file and mosquitto's
        /// dynamic-security plugin with its configuration file.
        case passwords(file: String, aclFile: String? = nil, dynamicSecurity: DynamicSecurity? = nil)
    }

    /// mosquitto's dynamic-security plugin and its JSON configuration, as the broker sees them.
    package struct DynamicSecurity: Sendable {
        /// `mosquitto_dynamic_security.so`.
        package var plugin: String
        /// The plugin's configuration file.
        package var configurationFile: String
        /// A comment line written above the `plugin` line.
        package var comment: String? = nil

        /// Creates mosquitto's dynamic-security plugin and its JSON configuration.
        package init(plugin: String, configurationFile: String, comment: String? = nil) {
            self.plugin = plugin
            self.configurationFile = configurationFile
            self.comment = comment
        }
    }

    /// The comment lines at the top (each starts with `#`).
    package var header: [String]
    /// Who may connect.
    package var access: Access
    /// The broker's `max_connections`; `-1` means unlimited.
    package var maxConnections = -1
    /// The log file, or `nil` for standard output.
    package var logFile: String?
    /// The `log_type` lines: which messages mosquitto logs.
    package var logTypes = ["error", "warning", "notice"]
    /// Where retained messages and sessions persist, or `nil` to keep them in memory only.
    package var persistenceLocation: String?
    /// Seconds between saves of the persistence database.
    package var autosaveInterval = 30
    /// The account mosquitto switches to after it starts, or `nil` for its default (`mosquitto`).
    package var user: String?
    /// The listeners, in order.
    package var listeners: [Listener]
    /// Lines appended verbatim; they apply to the last listener where they are listener settings.
    package var extraLines: [String] = []

    /// A configuration with the given header, access and listeners, and defaults for the rest.
    package init(header: [String], access: Access, listeners: [Listener]) {
        self.header = header
        self.access = access
        self.listeners = listeners
    }

    /// The configuration text.
    package func render() -> String {
        var lines = header + ["per_listener_settings false"]
        switch access {
        case .anonymous:
            lines.append("allow_anonymous true")
        case .passwords(let file, let aclFile, let dynamicSecurity):
            lines += ["allow_anonymous false", "password_file \(file)"]
            if let aclFile { lines.append("acl_file \(aclFile)") }
            if let dynamicSecurity {
                lines += (dynamicSecurity.comment.map { [$0] } ?? [])
                    + ["plugin \(dynamicSecurity.plugin)", "plugin_opt_config_file \(dynamicSecurity.configurationFile)"]
            }
        }
        lines += [
            "max_connections \(maxConnections)",
            "max_queued_messages 100000",
            "max_inflight_messages 0",
            // Without it the broker's second of two back-to-back messages to one client (a command's
            // /update/accepted, then the device's report) waits for the client's delayed ACK: ~40 ms.
            "set_tcp_nodelay true",
            logFile.map { "log_dest file \($0)" } ?? "log_dest stdout",
        ] + logTypes.map { "log_type \($0)" }
        if let persistenceLocation {
            let folder = persistenceLocation.hasSuffix("/") ? persistenceLocation : persistenceLocation + "/"
            lines += ["persistence true", "persistence_location \(folder)", "autosave_interval \(autosaveInterval)"]
        } else {
            lines.append("persistence false")
        }
        if let user { lines.append("user \(user)") }
        for listener in listeners {
            if !listener.comment.isEmpty { lines += [""] + listener.comment }
            lines.append(listener.host.map { "listener \(listener.port) \($0)" } ?? "listener \(listener.port)")
            if let version = listener.minimumTLSVersion { lines.append("tls_version \(version)") }
            if let tls = listener.tls {
                lines += [
                    "cafile \(tls.caFile)",
                    "certfile \(tls.certificateFile)",
                    "keyfile \(tls.keyFile)",
                    "require_certificate \(tls.requireClientCertificate)",
                ]
            }
        }
        return (lines + extraLines).joined(separator: "\n") + "\n"
    }
}

extension MosquittoConfigFile {
    /// The private broker's configuration: listeners on 127.0.0.1 only, a log file in `directory`, and
    /// persistence there when ``MosquittoBroker/Options/persistence`` is set.
    static func privateBroker(port: Int, tlsPort: Int?, directory: URL, options: MosquittoBroker.Options,
                              passwordFile: String?, runsAsRoot: Bool) -> MosquittoConfigFile {
        var listeners = [Listener(port: port, host: "127.0.0.1")]
        if let tls = options.tls, let tlsPort { listeners.append(Listener(port: tlsPort, host: "127.0.0.1", tls: tls)) }
        if options.unixSocket {
            listeners.append(Listener(port: 0, host: MosquittoBroker.unixSocketPath(in: directory)))
        }
        var file = MosquittoConfigFile(header: ["# generated by HatchMosquittoBroker"],
                                       access: passwordFile.map { .passwords(file: $0) } ?? .anonymous, listeners: listeners)
        file.maxConnections = options.maxConnections
        file.logFile = directory.appendingPathComponent("mosquitto.log").path
        if options.persistence {
            file.persistenceLocation = directory.path
            file.autosaveInterval = 1
        }
        file.user = runsAsRoot ? "root" : nil
        file.extraLines = options.extraConfiguration
        return file
    }
}
