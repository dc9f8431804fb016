import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process started with `posix_spawn`, with the part of Foundation's `Process` API that the
/// broker launcher and the integration tests use.
///
/// Why not `Process`: on Linux, Foundation 6.3's `Process.run()` crashes intermittently while it scans
/// `/proc/self/fd` (swift-corelibs-foundation PR #5472), and a process that holds thousands of MQTT
/// sockets hits it often. This launcher closes every descriptor above stderr in the child
/// (`closefrom`), so a broker or CLI child never inherits a test's sockets, and reaps the child on a
/// thread of its own. The child starts with no signal blocked and every signal at its default
/// action, whatever this process blocks or ignores (a server that takes SIGTERM through a dispatch
/// source, a benchmark harness): otherwise a broker would not stop on SIGTERM.
///
/// Why not swift-subprocess (1.0.2): it covers the spawn itself — descriptors above stderr closed,
/// signals reset to their defaults, a process group or session, environment, working directory,
/// pipes read as async sequences, a SIGTERM-then-SIGKILL teardown — but only as `async` functions
/// whose child lives inside one closure: there is no synchronous start, no handle that outlives the
/// call, and no synchronous wait for exit. This launcher's callers need all three: the mosquitto
/// password hasher, the orphan watchdog and the test certificates spawn and wait from synchronous
/// code; ``MosquittoBroker`` starts its child in one call and stops it (waiting for the exit, so the
/// port and folder are free) in another, from `deinit` (which cannot await) and from the 27
/// synchronous `defer { broker.stop() }` of the integration suites.
package final class ChildProcess: @unchecked Sendable {
    /// The program to run.
    package var executableURL: URL?
    /// Its arguments (without the program name).
    package var arguments: [String] = []
    /// Its environment; `nil` inherits this process's.
    package var environment: [String: String]?
    /// Its working directory; `nil` inherits this process's.
    package var currentDirectoryURL: URL?
    /// A `FileHandle` (`FileHandle.nullDevice` for `/dev/null`) or a `Pipe` (its reading end); `nil` inherits.
    package var standardInput: Any?
    /// A `FileHandle` (`FileHandle.nullDevice` for `/dev/null`) or a `Pipe` (its writing end); `nil` inherits.
    package var standardOutput: Any?
    /// A `FileHandle` (`FileHandle.nullDevice` for `/dev/null`) or a `Pipe` (its writing end); `nil` inherits.
    package var standardError: Any?
    /// Called on the reaper thread once the child has exited.
    package var terminationHandler: (@Sendable (ChildProcess) -> Void)?

    private let condition = NSCondition()
    private var pid: pid_t = 0
    private var status: Int32?

    /// Creates a launcher; nothing runs until ``run()``.
    package init() {}

    /// The child's process id (0 before ``run()``).
    package var processIdentifier: Int32 { condition.withLock { pid } }

    /// Whether the child was started and has not exited yet.
    package var isRunning: Bool { condition.withLock { pid != 0 && status == nil } }

    /// The exit status (or 128 + signal number when a signal ended it); valid after the child exited.
    package var terminationStatus: Int32 { condition.withLock { status ?? 0 } }

    /// Starts the child; throws when the program cannot be spawned.
    package func run() throws {
        guard let executableURL else { throw ChildProcessError.noExecutable }
        #if canImport(Darwin)
        var actions: SpawnFileActions = nil
        #else
        var actions = SpawnFileActions()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var parentEnds: [FileHandle] = []
        for (target, stream) in [(Int32(0), standardInput), (1, standardOutput), (2, standardError)] {
            switch stream {
            case let handle as FileHandle where handle === FileHandle.nullDevice || handle.fileDescriptor < 0:
                // `FileHandle.nullDevice` has no descriptor to duplicate (-1): open /dev/null in the child,
                // or it would inherit this process's stream (a broker's warnings amid a `--json` output).
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            case let handle as FileHandle:
                posix_spawn_file_actions_adddup2(&actions, handle.fileDescriptor, target)
            case let pipe as Pipe:
                let child = target == 0 ? pipe.fileHandleForReading : pipe.fileHandleForWriting
                posix_spawn_file_actions_adddup2(&actions, child.fileDescriptor, target)
                parentEnds.append(child)
            default:
                break
            }
        }
        if let closeFrom = SpawnExtensions.addCloseFrom { _ = closeFrom(&actions, 3) }
        if let currentDirectoryURL {
            guard let addChdir = SpawnExtensions.addChdir else { throw ChildProcessError.noWorkingDirectorySupport }
            _ = addChdir(&actions, currentDirectoryURL.path)
        }
        let path = executableURL.path
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let environmentStrings = environment.map { $0.map { "\($0.key)=\($0.value)" } }
        let envp = environmentStrings.map { $0.map { strdup($0) } + [nil] }
        defer { envp?.forEach { free($0) } }
        var child: pid_t = 0
        let result = Self.withSignalsAtDefault { attributes in
            envp.map { envp in posix_spawn(&child, path, &actions, &attributes, argv, envp) }
                ?? posix_spawn(&child, path, &actions, &attributes, argv, SpawnExtensions.inheritedEnvironment)
        }
        guard result == 0 else { throw ChildProcessError.spawnFailed(path: path, errno: result) }
        // The child holds its own copies; close ours so readers see end of file when it exits.
        for handle in parentEnds { try? handle.close() }
        let spawned = child
        condition.withLock { pid = spawned }
        Thread.detachNewThread { [self] in reap(spawned) }
    }

    /// Blocks until the child has exited.
    package func waitUntilExit() {
        condition.lock()
        while pid != 0 && status == nil { condition.wait() }
        condition.unlock()
    }

    /// Sends SIGTERM.
    package func terminate() { signal(SIGTERM) }

    /// Sends SIGINT.
    package func interrupt() { signal(SIGINT) }

    /// Sends `signal` (SIGINT or SIGTERM: a clean stop), waits up to `grace` for the child to exit,
    /// then kills it with SIGKILL.
    package func stop(with signal: Int32, grace: Duration) async {
        guard isRunning else { return }
        self.signal(signal)
        let end = ContinuousClock.now + grace
        while isRunning, ContinuousClock.now < end { try? await Task.sleep(for: .milliseconds(50)) }
        if isRunning {
            self.signal(SIGKILL)
            waitUntilExit()
        }
    }

    /// Sends `number` to the child while it runs.
    package func signal(_ number: Int32) {
        condition.withLock {
            if pid != 0 && status == nil { _ = kill(pid, number) }
        }
    }

    private func reap(_ child: pid_t) {
        var raw: Int32 = 0
        while waitpid(child, &raw, 0) == -1 && errno == EINTR {}
        let exited = raw & 0x7f == 0
        let code = exited ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
        condition.withLock {
            status = code
            condition.broadcast()
        }
        terminationHandler?(self)
    }

    /// Calls `body` with spawn attributes under which the child starts with no signal blocked and
    /// every signal at its default action.
    private static func withSignalsAtDefault<Result>(_ body: (inout SpawnAttributes) -> Result) -> Result {
        #if canImport(Darwin)
        var attributes: SpawnAttributes = nil
        #else
        var attributes = SpawnAttributes()
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        return body(&attributes)
    }
}

#if canImport(Darwin)
private typealias SpawnFileActions = posix_spawn_file_actions_t?
private typealias SpawnAttributes = posix_spawnattr_t?
#else
private typealias SpawnFileActions = posix_spawn_file_actions_t
private typealias SpawnAttributes = posix_spawnattr_t
#endif

/// `posix_spawn_file_actions_addclosefrom_np` and `…_addchdir_np`, which Swift's Glibc module does
/// not export; looked up once at run time (both exist since glibc 2.34; Darwin has only the second,
/// so there a child inherits descriptors not marked close-on-exec).
private enum SpawnExtensions {
    typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<SpawnFileActions>, Int32) -> Int32
    typealias AddChdir = @convention(c) (UnsafeMutablePointer<SpawnFileActions>, UnsafePointer<CChar>) -> Int32

    /// `RTLD_DEFAULT`: every loaded image.
    private static var defaultHandle: UnsafeMutableRawPointer? {
        #if canImport(Darwin)
        UnsafeMutableRawPointer(bitPattern: -2)
        #else
        nil
        #endif
    }

    static let addCloseFrom: AddCloseFrom? = dlsym(defaultHandle, "posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: AddCloseFrom.self) }
    static let addChdir: AddChdir? = dlsym(defaultHandle, "posix_spawn_file_actions_addchdir_np")
        .map { unsafeBitCast($0, to: AddChdir.self) }

    /// This process's environment, for a child that inherits it.
    static var inheritedEnvironment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        #if canImport(Darwin)
        _NSGetEnviron().pointee
        #else
        environ
        #endif
    }
}

/// Why a `ChildProcess` could not start.
package enum ChildProcessError: Error, CustomStringConvertible, Sendable {
    /// `executableURL` was not set.
    case noExecutable
    /// `posix_spawn` failed.
    case spawnFailed(path: String, errno: Int32)
    /// The C library cannot set a child's working directory (glibc older than 2.29).
    case noWorkingDirectorySupport

    /// What went wrong and what to check.
    package var description: String {
        switch self {
        case .noExecutable:
            return "no executable was set for the child process"
        case .spawnFailed(let path, let code):
            return "cannot start \(path): \(String(cString: strerror(code))) (check that it is installed and executable)"
        case .noWorkingDirectorySupport:
            return "this C library cannot start a child in another directory; use glibc 2.29 or newer"
        }
    }
}
