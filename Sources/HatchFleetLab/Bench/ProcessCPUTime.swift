import HatchMQTT

/// CPU time (user + system) a process has used (see ``ProcessResources/cpuSeconds(of:)``), so
/// `fleet bench` can say what each message cost the fleet, the baseline publishers and the broker.
package enum ProcessCPUTime {
    /// Seconds of CPU used so far by `pid` (this process when `nil`); 0 when the platform does not tell.
    package static func seconds(of pid: Int32? = nil) -> Double {
        ProcessResources.cpuSeconds(of: pid) ?? 0
    }

    /// Waits until `pid` uses less than `share` of one core over a quarter of a second (at most
    /// `limit`): a broker still closing thousands of connections would otherwise add its backlog to
    /// the latencies measured next. Returns the seconds it waited.
    package static func settle(_ pid: Int32?, below share: Double = 0.1, limit: Duration = .seconds(10)) async -> Double {
        let started = ContinuousClock.now
        guard let pid else { return 0 }
        while ContinuousClock.now - started < limit {
            let before = seconds(of: pid)
            try? await Task.sleep(for: .milliseconds(250))
            if (seconds(of: pid) - before) / 0.25 < share { break }
        }
        return (ContinuousClock.now - started).seconds
    }

    /// The CPU this process and the broker use from now on.
    package struct Window {
        package let brokerProcess: Int32?
        package let process = ProcessCPUTime.seconds()
        package let broker: Double

        package init(brokerProcess: Int32?) {
            self.brokerProcess = brokerProcess
            broker = ProcessCPUTime.seconds(of: brokerProcess)
        }

        /// Microseconds of CPU per message since the window opened: this process's and the broker's.
        package func perMessage(_ messages: Int) -> (process: Double, broker: Double) {
            guard messages > 0 else { return (0, 0) }
            return ((ProcessCPUTime.seconds() - process) * 1_000_000 / Double(messages),
                    (ProcessCPUTime.seconds(of: brokerProcess) - broker) * 1_000_000 / Double(messages))
        }
    }
}
