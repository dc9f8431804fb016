import Foundation
import Testing

/// Keeps Linux-only code inside the few files that have a Darwin branch or are Linux backends, so the
/// package keeps building on macOS: a grep over `Sources/`, skipping comment lines.
@Suite("Source portability")
struct SourcePortabilityTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// The only files that may read `/proc`.
    static let procReaders: Set<String> = [
        "HatchMQTT/Platform/ProcessResources.swift",
        // The bytes queued for a broker on this machine: Linux's TCP tables, `nil` where there are none.
        "HatchMosquittoBroker/BrokerBacklog.swift",
        // The watchdog's shell asks `/proc` for its parent, and `kill -0` where there is none.
        "HatchMosquittoBroker/OrphanWatchdog.swift",
        // Where the ephemeral port range starts, for a listener's port; the IANA range where it is not listed.
        "HatchMosquittoBroker/LoopbackPort.swift",
    ]
    /// The only file that may call epoll or eventfd.
    static let epollBackend: Set<String> = ["HatchMQTT/EventLoop/EpollPoller.swift"]
    /// The only files that may get or set `SO_`/`TCP_` socket options directly.
    static let socketOptionHelpers: Set<String> = [
        "HatchMQTT/Platform/PortableSocket.swift",
    ]

    /// Every Swift file under `Sources/`, by path relative to it, with its code lines (comments dropped).
    static func swiftFiles() throws -> [(path: String, lines: [String])] {
        let enumerator = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var files: [(String, [String])] = []
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            let path = String(url.standardizedFileURL.path.dropFirst(sources.standardizedFileURL.path.count + 1))
            let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            files.append((path, lines))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    @Test("the scan sees the package's sources")
    func scanFindsSources() throws {
        let paths = try Self.swiftFiles().map(\.path)
        #expect(paths.count > 100)
        #expect(paths.contains("HatchMQTT/EventLoop/EpollPoller.swift"))
        #expect(paths.contains("HatchMQTT/Platform/ProcessResources.swift"))
    }

    @Test("every `import Glibc` has its `#elseif canImport(Darwin)` / `import Darwin` twin")
    func glibcImportsHaveDarwinTwins() throws {
        let lonely = try Self.swiftFiles().filter { file in
            let trimmed = file.lines.map { $0.trimmingCharacters(in: .whitespaces) }
            guard trimmed.contains("import Glibc") else { return false }
            let darwinBranch = zip(trimmed, trimmed.dropFirst()).contains { pair in
                (pair.0 == "#elseif canImport(Darwin)" || pair.0 == "#if canImport(Darwin)") && pair.1 == "import Darwin"
            }
            // The Linux-only backend is compiled on Linux alone.
            let linuxOnly = trimmed.first == "#if os(Linux)"
            return !darwinBranch && !linuxOnly
        }.map(\.path)
        #expect(lonely.isEmpty, "import Glibc without a Darwin branch in: \(lonely.joined(separator: ", "))")
    }

    @Test("`/proc` is read only in the portable helpers")
    func procReadsStayInTheHelper() throws {
        let readers = try Self.swiftFiles()
            .filter { !Self.procReaders.contains($0.path) && $0.lines.contains { $0.contains("/proc/") } }
            .map(\.path)
        #expect(readers.isEmpty, "/proc read outside \(Self.procReaders.sorted()): \(readers.joined(separator: ", "))")
    }

    @Test("epoll and eventfd are used only in the epoll backend, which is compiled on Linux alone")
    func epollStaysInItsBackend() throws {
        let files = try Self.swiftFiles()
        let users = files
            .filter { file in
                !Self.epollBackend.contains(file.path)
                    && file.lines.contains { $0.contains("epoll_") || $0.contains("EPOLL") || $0.contains("eventfd(") }
            }
            .map(\.path)
        #expect(users.isEmpty, "epoll outside \(Self.epollBackend.sorted()): \(users.joined(separator: ", "))")
        for path in Self.epollBackend {
            let backend = try #require(files.first { $0.path == path })
            #expect(backend.lines.first == "#if os(Linux)", "\(path) must be wrapped in #if os(Linux)")
        }
    }

    @Test("socket options are set and read only through the portable socket helper")
    func socketOptionsGoThroughTheHelper() throws {
        let users = try Self.swiftFiles()
            .filter { file in
                !Self.socketOptionHelpers.contains(file.path)
                    && file.lines.contains { $0.contains("setsockopt(") || $0.contains("getsockopt(") || $0.contains("SO_DOMAIN") }
            }
            .map(\.path)
        #expect(users.isEmpty, "socket options outside \(Self.socketOptionHelpers.sorted()): \(users.joined(separator: ", "))")
    }

    @Test("no module but HatchMQTT opens or accepts sockets by hand: HTTP is served by Hummingbird")
    func listeningSocketsStayInHatchMQTT() throws {
        let users = try Self.swiftFiles()
            .filter { file in
                !file.path.hasPrefix("HatchMQTT/")
                    && file.lines.contains { $0.contains(" listen(") || $0.contains(" accept(") || $0.contains(".accept(") }
            }
            .map(\.path)
        #expect(users.isEmpty, "hand-written sockets outside HatchMQTT: \(users.joined(separator: ", "))")
    }

    @Test("children are spawned in one place: the broker launcher's ChildProcess")
    func posixSpawnStaysInChildProcess() throws {
        let users = try Self.swiftFiles()
            .filter { $0.path != "HatchMosquittoBroker/ChildProcess.swift" && $0.lines.contains { $0.contains("posix_spawn") } }
            .map(\.path)
        #expect(users.isEmpty, "posix_spawn outside ChildProcess.swift: \(users.joined(separator: ", "))")
    }

    /// The modules an iOS app links.
    static let appModules = [
        "HatchModularDependencyContainer", "HatchModularDependencyContainerMacros", "HatchDeviceModel",
        "HatchIoTDeviceStateEmitterClient", "HatchIoTActionSenderClient", "HatchIoTDeviceConnectionStateClient",
        "HatchDeviceSession", "HatchAdultRoutine", "HatchAdultAlarms",
    ]

    @Test("the modules an iOS app links import neither the simulator, the broker launcher nor hatchctl's runtime")
    func appModulesStayOffTheFleet() throws {
        let forbidden = ["HatchDeviceSimulator", "HatchMosquittoBroker", "CHatchctlRuntime"]
        let offenders = try Self.swiftFiles().filter { file in
            Self.appModules.contains { file.path.hasPrefix($0 + "/") }
                && file.lines.contains { line in
                    let trimmed = line.trimmingCharacters(in: .whitespaces)
                    return forbidden.contains { trimmed.hasSuffix("import \($0)") }
                }
        }.map(\.path)
        #expect(offenders.isEmpty, "app modules importing the fleet side: \(offenders.joined(separator: ", "))")
    }
}
