import Foundation

/// A small shell process that stops a private broker when the process that started it is gone,
/// even when that process was killed with SIGKILL and could not stop the broker itself: otherwise
/// the broker would keep its port, its memory and its clients' sessions until someone found it.
///
/// It looks once a second. When its parent has changed (the starter died and the watchdog was
/// handed to init) it resumes a suspended broker, sends SIGTERM, then SIGKILL if the broker still
/// runs two seconds later, removes the broker's folder when it owned one, and exits. It exits by
/// itself once the broker is gone.
final class BrokerWatchdog: Sendable {
    private let process: ChildProcess

    private init(process: ChildProcess) {
        self.process = process
    }

    /// The watchdog's script: `$1` the starter's pid, `$2` the broker's, `$3` a folder to remove or "".
    /// Where there is no `/proc` it asks whether the starter still exists instead.
    static let script = """
        orphaned() {
          if [ -r /proc/$$/stat ]; then [ "$(cut -d' ' -f4 /proc/$$/stat)" != "$1" ]; else ! kill -0 "$1" 2>/dev/null; fi
        }
        while kill -0 "$2" 2>/dev/null; do
          if orphaned "$1"; then
            kill -CONT "$2" 2>/dev/null; kill -TERM "$2" 2>/dev/null
            for _ in 1 2 3 4; do kill -0 "$2" 2>/dev/null || break; sleep 0.5; done
            kill -KILL "$2" 2>/dev/null
            if [ -n "$3" ]; then rm -rf -- "$3"; fi
            exit 0
          fi
          sleep 1
        done
        """

    /// Starts a watchdog for the broker with process id `broker`; `folder` is removed with it when given.
    static func watch(broker: Int32, folder: URL?) throws -> BrokerWatchdog {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, "hatch-broker-watchdog", String(getpid()), String(broker), folder?.path ?? ""]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return BrokerWatchdog(process: process)
    }

    /// The watchdog's process id.
    var processIdentifier: Int32 { process.processIdentifier }

    /// Ends the watchdog (the broker is being stopped by its starter).
    func cancel() {
        guard process.isRunning else { return }
        process.signal(SIGKILL)
        process.waitUntilExit()
    }
}
