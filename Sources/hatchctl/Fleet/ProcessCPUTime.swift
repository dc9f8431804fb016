import Foundation

/// CPU time (user + system) a process has used, read from `/proc/<pid>/stat`, so `fleet bench` can
/// say what each message cost the fleet, the baseline publishers and the broker.
enum ProcessCPUTime {
    /// Seconds of CPU used so far by `pid` (this process when `nil`); 0 when it cannot be read.
    static func seconds(of pid: Int32? = nil) -> Double {
        let path = pid.map { "/proc/\($0)/stat" } ?? "/proc/self/stat"
        guard let stat = try? String(contentsOfFile: path, encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        // After "comm)": state is field 3, utime 14 and stime 15 (1-based).
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The CPU this process and the broker use from now on.
    struct Window {
        let brokerProcess: Int32?
        let process = ProcessCPUTime.seconds()
        let broker: Double

        init(brokerProcess: Int32?) {
            self.brokerProcess = brokerProcess
            broker = ProcessCPUTime.seconds(of: brokerProcess)
        }

        /// Microseconds of CPU per message since the window opened: this process's and the broker's.
        func perMessage(_ messages: Int) -> (process: Double, broker: Double) {
            guard messages > 0 else { return (0, 0) }
            return ((ProcessCPUTime.seconds() - process) * 1_000_000 / Double(messages),
                    (ProcessCPUTime.seconds(of: brokerProcess) - broker) * 1_000_000 / Double(messages))
        }
    }
}
