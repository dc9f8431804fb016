import Foundation
import Synchronization

/// A private `mosquitto` broker on a free loopback port, for integration tests and `hatchctl fleet run`.
///
/// `start(options:)` finds the executable, writes a configuration into a fresh temporary folder, starts
/// the broker with a raised open-file limit and returns once its port accepts connections. `stop()`
/// terminates it; deinit also removes the folder. Should this process die without stopping it, even
/// by SIGKILL, an `OrphanWatchdog` does both. `kill()` and `restart()` simulate a broker
/// crash and recovery on the same port, which is how reconnect behaviour is tested.
public final class MosquittoBroker: Sendable {
    /// The options the broker was started with.
    public let options: Options
    /// The plain MQTT port on 127.0.0.1 (the TLS port for a TLS-only broker started from a configuration file).
    public let port: Int
    /// The TLS port on 127.0.0.1 when ``Options/tls`` is set.
    public let tlsPort: Int?
    /// The folder holding the configuration, password file, log and persistence database.
    public let directory: URL

    private let executable: String
    private let configPath: String
    private let logPath: String
    /// Whether ``port`` is a plain listener (`false` only for a TLS-only configuration file).
    private let plainListener: Bool
    /// Whether ``directory`` was made for this broker and is removed with it.
    private let ownsDirectory: Bool
    private let process = Mutex<ChildProcess?>(nil)
    /// Stops the broker if this process dies without stopping it (`OrphanWatchdog`).
    private let watchdog = Mutex<OrphanWatchdog?>(nil)

    /// The broker's address: `mqtt://127.0.0.1:PORT`, or `mqtts://127.0.0.1:PORT` for a TLS-only broker.
    public var url: String { plainListener ? "mqtt://127.0.0.1:\(port)" : "mqtts://127.0.0.1:\(port)" }
    /// The broker's TLS address, `mqtts://127.0.0.1:PORT`, when a TLS listener was configured.
    public var tlsURL: String? { tlsPort.map { "mqtts://127.0.0.1:\($0)" } }
    /// The broker's Unix domain socket, `unix:///…/mqtt.sock`, when ``Options/unixSocket`` is set.
    public var unixSocketURL: String? {
        options.unixSocket && ownsDirectory ? "unix://" + Self.unixSocketPath(in: directory) : nil
    }
    /// Whether the broker process is currently running.
    public var isRunning: Bool { process.withLock { $0?.isRunning ?? false } }
    /// The broker's process id while it runs (for measuring its CPU time).
    public var processIdentifier: Int32? { process.withLock { $0?.isRunning == true ? $0?.processIdentifier : nil } }
    /// The broker's log so far (errors, warnings and notices), handy in failure messages.
    public var log: String {
        (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    }

    /// Starts a private broker and waits until its port accepts connections. A port that another
    /// process bound between choosing it and the broker's start is given up for another, twice.
    public static func start(options: Options = .init()) async throws -> MosquittoBroker {
        var attempt = 1
        while true {
            let broker = try MosquittoBroker(options: options)
            do {
                try await broker.launch()
                return broker
            } catch MosquittoBrokerError.exitedDuringStartup(_, let log) where attempt < 3 && log.contains("Address already in use") {
                attempt += 1
            }
        }
    }

    /// Starts mosquitto with a configuration file written elsewhere (for example by
    /// `hatchctl broker config`, with its password file and ACL) and waits until its listeners accept
    /// connections on 127.0.0.1. Unlike ``start(options:)`` the file's folder is left in place on stop.
    ///
    /// - Parameters:
    ///   - configurationFile: The `mosquitto.conf` to run.
    ///   - plainPort: The plain MQTT listener's port, or `nil` for a TLS-only configuration.
    ///   - tlsPort: The TLS listener's port, if any.
    ///   - logFile: The file the configuration's `log_dest file` names, read by ``log``.
    ///   - fileDescriptorLimit: The soft open-file limit; `nil` raises it to the hard limit.
    ///   - startupTimeout: How long to wait for the listeners.
    public static func start(configurationFile: URL, plainPort: Int?, tlsPort: Int?, logFile: URL? = nil,
                             fileDescriptorLimit: Int? = nil, startupTimeout: Duration = .seconds(30)) async throws -> MosquittoBroker {
        guard let first = plainPort ?? tlsPort else {
            throw MosquittoBrokerError.setupFailed("a broker started from \(configurationFile.path) needs a plain or a TLS port to wait for")
        }
        let broker = MosquittoBroker(
            options: Options(fileDescriptorLimit: fileDescriptorLimit, startupTimeout: startupTimeout),
            executable: try MosquittoExecutable.broker(), port: first, tlsPort: plainPort == nil ? nil : tlsPort,
            directory: configurationFile.deletingLastPathComponent(), configPath: configurationFile.path,
            logPath: (logFile ?? configurationFile.deletingLastPathComponent().appendingPathComponent("mosquitto.log")).path,
            plainListener: plainPort != nil, ownsDirectory: false)
        try await broker.launch()
        return broker
    }

    /// Where a private broker's Unix domain socket is.
    static func unixSocketPath(in directory: URL) -> String {
        directory.appendingPathComponent("mqtt.sock").path
    }

    /// A port on 127.0.0.1 that is free right now, below the ephemeral range (as ``start(options:)``
    /// chooses its own), for a listener of a configuration file.
    public static func freeLoopbackPort() throws -> Int { try LoopbackPort.free() }

    private init(options: Options, executable: String, port: Int, tlsPort: Int?, directory: URL, configPath: String,
                 logPath: String, plainListener: Bool, ownsDirectory: Bool) {
        self.options = options
        self.executable = executable
        self.port = port
        self.tlsPort = tlsPort
        self.directory = directory
        self.configPath = configPath
        self.logPath = logPath
        self.plainListener = plainListener
        self.ownsDirectory = ownsDirectory
    }

    private init(options: Options) throws {
        self.options = options
        self.executable = try MosquittoExecutable.broker()
        self.port = try LoopbackPort.free()
        self.tlsPort = options.tls == nil ? nil : try LoopbackPort.free()
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("hatch-mosquitto-\(UUID().uuidString.prefix(8))", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw MosquittoBrokerError.setupFailed("cannot create \(directory.path): \(error)")
        }
        self.directory = directory
        let passwordFile = try Self.writePasswordFile(users: options.users, in: directory)
        let config = MosquittoConfigFile.privateBroker(
            port: port, tlsPort: tlsPort, directory: directory, options: options,
            passwordFile: passwordFile, runsAsRoot: getuid() == 0
        )
        self.configPath = directory.appendingPathComponent("mosquitto.conf").path
        self.logPath = directory.appendingPathComponent("mosquitto.log").path
        self.plainListener = true
        self.ownsDirectory = true
        do {
            try config.render().write(toFile: configPath, atomically: true, encoding: .utf8)
        } catch {
            throw MosquittoBrokerError.setupFailed("cannot write \(configPath): \(error)")
        }
    }

    deinit {
        stop()
        if ownsDirectory { try? FileManager.default.removeItem(at: directory) }
    }

    /// Freezes the broker (SIGSTOP): connections stay open but nothing is read or answered, as with
    /// an overloaded or hung broker. ``resume()`` continues it.
    public func suspend() {
        process.withLock { if let running = $0, running.isRunning { Foundation.kill(running.processIdentifier, SIGSTOP) } }
    }

    /// Continues a broker frozen by ``suspend()`` (SIGCONT).
    public func resume() {
        process.withLock { if let running = $0, running.isRunning { Foundation.kill(running.processIdentifier, SIGCONT) } }
    }

    /// Terminates the broker (SIGTERM, then SIGKILL after two seconds) and waits for it to exit.
    public func stop() {
        cancelWatchdog()
        guard let running = process.withLock({ current -> ChildProcess? in defer { current = nil }; return current }) else { return }
        guard running.isRunning else { return }
        Foundation.kill(running.processIdentifier, SIGCONT)
        running.terminate()
        let deadline = Date().addingTimeInterval(2)
        while running.isRunning && Date() < deadline { usleep(10_000) }
        if running.isRunning { Foundation.kill(running.processIdentifier, SIGKILL) }
        running.waitUntilExit()
    }

    /// Kills the broker abruptly with SIGKILL, as a crash would: clients see their connections drop
    /// without a DISCONNECT. Use ``restart()`` to bring it back on the same port.
    public func kill() {
        cancelWatchdog()
        guard let running = process.withLock({ current -> ChildProcess? in defer { current = nil }; return current }) else { return }
        if running.isRunning { Foundation.kill(running.processIdentifier, SIGKILL) }
        running.waitUntilExit()
    }

    /// Starts the broker again on the same port(s) with the same configuration.
    public func restart() async throws {
        stop()
        try await launch()
    }

    /// The launcher shell's exit status when the broker's open-file limit cannot be raised.
    private static let openFileLimitStatus: Int32 = 75

    private func launch() async throws {
        let started = ChildProcess()
        started.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The soft limit, else soft and hard together (root may raise the hard limit); when neither
        // is allowed the shell exits with `openFileLimitStatus` instead of starting a broker that
        // refuses connections later.
        let limit = options.fileDescriptorLimit.map(String.init) ?? "$(ulimit -H -n)"
        started.arguments = ["-c", "ulimit -S -n \(limit) 2>/dev/null || ulimit -n \(limit) 2>/dev/null || exit \(Self.openFileLimitStatus); "
                             + "exec \"$0\" -c \"$1\"", executable, configPath]
        started.standardOutput = FileHandle.nullDevice
        started.standardError = FileHandle.nullDevice
        started.standardInput = FileHandle.nullDevice
        do {
            try started.run()
        } catch {
            throw MosquittoBrokerError.setupFailed("cannot run \(executable): \(error)")
        }
        process.withLock { $0 = started }
        let deadline = ContinuousClock.now.advanced(by: options.startupTimeout)
        while ContinuousClock.now < deadline {
            if !started.isRunning {
                started.waitUntilExit()
                process.withLock { $0 = nil }
                if started.terminationStatus == Self.openFileLimitStatus, let needed = options.fileDescriptorLimit {
                    throw MosquittoBrokerError.openFileLimitTooLow(needed: needed)
                }
                throw MosquittoBrokerError.exitedDuringStartup(status: started.terminationStatus, log: log)
            }
            if listenersAccept() { return startWatchdog(for: started) }
            try await Task.sleep(for: .milliseconds(20))
        }
        // A busy process may resume this task only after the deadline: look once more before giving up.
        if started.isRunning && listenersAccept() { return startWatchdog(for: started) }
        kill()
        throw MosquittoBrokerError.startupTimedOut(port: port, log: log)
    }

    /// Watches `started` from a process of its own; a broker without one still works, so a watchdog
    /// that cannot start is no error.
    private func startWatchdog(for started: ChildProcess) {
        let folder = ownsDirectory ? directory : nil
        watchdog.withLock { $0 = try? OrphanWatchdog.watch(started.processIdentifier, removing: folder) }
    }

    private func cancelWatchdog() {
        watchdog.withLock { current in
            current?.cancel()
            current = nil
        }
    }

    /// Whether the plain listener (or the only one) and the TLS listener, if any, accept connections.
    private func listenersAccept() -> Bool {
        LoopbackPort.accepts(port) && (tlsPort.map(LoopbackPort.accepts) ?? true)
    }

    /// The password file for `users` (hashed, mode 0600; no password on a command line), or `nil` for none.
    private static func writePasswordFile(users: [String: String], in directory: URL) throws -> String? {
        guard !users.isEmpty else { return nil }
        let url = directory.appendingPathComponent("passwords")
        try MosquittoPasswordFile.write(users.sorted { $0.key < $1.key }.map { (username: $0.key, password: $0.value) }, to: url)
        return url.path
    }
}
