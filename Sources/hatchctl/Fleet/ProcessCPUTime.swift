import Foundation

/// CPU time (user + system) a process has used, read from `/proc/<pid>/stat`, so `fleet bench` can
/// say what each message cost the fleet, the baseline publisher and the broker.
enum ProcessCPUTime {
    /// Seconds of CPU used so far by `pid` (this process when `nil`); 0 when it cannot be read.
    static func seconds(of pid: Int32? = nil) -> Double {
        let path = pid.map { "/proc/\($0)/stat" } ?? "/proc/self/stat"
        guard let stat = try? String(contentsOfFile: path, encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        // Fields after "comm)": state is field 3, utime 14 and stime 15 (1-based).
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Microseconds of CPU per message between two readings.
    static func microsecondsPerMessage(from start: Double, to end: Double, messages: Int) -> Double {
        messages > 0 ? (end - start) * 1_000_000 / Double(messages) : 0
    }
}
