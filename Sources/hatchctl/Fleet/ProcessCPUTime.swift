import HatchMQTT

/// CPU time (user + system) a process has used (see ``ProcessResources/cpuSeconds(of:)``), so
/// `fleet bench` can say what each message cost the fleet, the baseline publishers and the broker.
enum ProcessCPUTime {
    /// Seconds of CPU used so far by `pid` (this process when `nil`); 0 when the platform does not tell.
    static func seconds(of pid: Int32? = nil) -> Double {
        ProcessResources.cpuSeconds(of: pid) ?? 0
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
