import Foundation

/// A small shell process that stops a child process (a private broker, a `hatchctl` child of the
/// bench) when the process that started it is gone, even when that process was killed with SIGKILL
/// and could not stop the child itself: otherwise the child would keep its port, its memory and its
/// connections until someone found it.
///
/// It looks once a second. When its parent has changed (the starter died and the watchdog was handed
/// to init) it resumes the child should it be suspended, sends the stop signal, then SIGKILL if the
/// child still runs after the grace period, removes the child's folder when given one, and exits. It
/// exits by itself once the child is gone.
package final class OrphanWatchdog: Sendable {
    private let process: ChildProcess

    private init(process: ChildProcess) {
        self.process = process
    }

    /// The watchdog's script: `$1` the starter's pid, `$2` the child's, `$3` a folder to remove or "",
    /// `$4` the stop signal's name, `$5` the grace period in half seconds. Where there is no `/proc` it
    /// asks whether the starter still exists instead.
    static let script = """
        orphaned() {
          if [ -r /proc/$$/stat ]; then [ "$(cut -d' ' -f4 /proc/$$/stat)" != "$1" ]; else ! kill -0 "$1" 2>/dev/null; fi
        }
        while kill -0 "$2" 2>/dev/null; do
          if orphaned "$1"; then
            kill -CONT "$2" 2>/dev/null; kill -"$4" "$2" 2>/dev/null
            i=0; while [ "$i" -lt "$5" ] && kill -0 "$2" 2>/dev/null; do sleep 0.5; i=$((i + 1)); done
            kill -KILL "$2" 2>/dev/null
            if [ -n "$3" ]; then rm -rf -- "$3"; fi
            exit 0
          fi
          sleep 1
        done
        """

    /// Starts a watchdog for the child with process id `child`.
    /// - Parameters:
    ///   - child: The process id of the child to stop once this process is gone.
    ///   - stopSignal: How the child stops cleanly: `TERM` (a broker) or `INT` (a fleet).
    ///   - grace: How long the child may take to stop before SIGKILL.
    ///   - folder: A folder to remove once the child is stopped.
    @discardableResult
    package static func watch(_ child: Int32, stopSignal: String = "TERM", grace: Duration = .seconds(2), removing folder: URL? = nil) throws -> OrphanWatchdog {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        let halfSeconds = max(1, Int(grace.components.seconds * 2))
        process.arguments = ["-c", script, "hatch-orphan-watchdog", String(getpid()), String(child), folder?.path ?? "", stopSignal, String(halfSeconds)]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return OrphanWatchdog(process: process)
    }

    /// Ends the watchdog (its starter is stopping the child itself).
    package func cancel() {
        guard process.isRunning else { return }
        process.signal(SIGKILL)
        process.waitUntilExit()
    }
}
