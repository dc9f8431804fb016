#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Resident memory and CPU time of a process, for load tests and `hatchctl fleet bench`: read from
/// `/proc` on Linux, from the kernel's task and rusage interfaces on Darwin. Besides
/// `BrokerBacklog` (the kernel's TCP tables), this is the only place in the package that reads `/proc`.
package enum ProcessResources {
    /// This process's resident set size in bytes; 0 when it cannot be read.
    package static var residentMemoryBytes: Int {
        #if os(Linux)
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #elseif canImport(Darwin)
        var info = mach_task_basic_info()
        var count = mach_msg_type_number_t(MemoryLayout<mach_task_basic_info>.size / MemoryLayout<natural_t>.size)
        let result = withUnsafeMutablePointer(to: &info) {
            $0.withMemoryRebound(to: integer_t.self, capacity: Int(count)) {
                task_info(mach_task_self_, task_flavor_t(MACH_TASK_BASIC_INFO), $0, &count)
            }
        }
        return result == KERN_SUCCESS ? Int(info.resident_size) : 0
        #else
        return 0
        #endif
    }

    /// The resident set size in bytes of another process (a broker, a child fleet); nil when it cannot
    /// be read (the process has exited, or a Darwin without `proc_pid_rusage`).
    package static func residentMemoryBytes(of pid: Int32) -> Int? {
        #if os(Linux)
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #elseif canImport(Darwin)
        return DarwinProcessUsage.residentBytes(of: pid)
        #else
        return nil
        #endif
    }

    /// The kernel's identifiers of this process's threads (Linux); empty where the platform does not list them.
    package static var threadIdentifiers: [Int32] {
        #if os(Linux)
        return ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []).compactMap { Int32($0) }
        #else
        return []
        #endif
    }

    /// Seconds of CPU (user + system) used so far by `pid`, or by this process when `pid` is nil;
    /// nil when the platform does not tell (another process's CPU on a Darwin without
    /// `proc_pid_rusage`, or a process that has exited).
    package static func cpuSeconds(of pid: Int32? = nil) -> Double? {
        #if os(Linux)
        let path = pid.map { "/proc/\($0)/stat" } ?? "/proc/self/stat"
        guard let stat = try? String(contentsOfFile: path, encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // After "comm)": state is field 3, utime 14 and stime 15 (1-based).
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
        #elseif canImport(Darwin)
        guard let pid, pid != getpid() else {
            var usage = rusage()
            guard getrusage(RUSAGE_SELF, &usage) == 0 else { return nil }
            return seconds(usage.ru_utime) + seconds(usage.ru_stime)
        }
        return DarwinProcessUsage.cpuSeconds(of: pid)
        #else
        return nil
        #endif
    }

    #if canImport(Darwin)
    private static func seconds(_ time: timeval) -> Double {
        Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000
    }

    /// `proc_pid_rusage`, looked up at run time so the module builds where libproc is missing.
    private enum DarwinProcessUsage {
        typealias ProcPidRusage = @convention(c) (Int32, Int32, UnsafeMutableRawPointer?) -> Int32

        static let procPidRusage: ProcPidRusage? = dlsym(UnsafeMutableRawPointer(bitPattern: -2), "proc_pid_rusage")
            .map { unsafeBitCast($0, to: ProcPidRusage.self) }

        /// Nanoseconds per unit of `ri_user_time` / `ri_system_time` (Mach absolute time).
        static let nanosecondsPerTick: Double = {
            var timebase = mach_timebase_info_data_t()
            guard mach_timebase_info(&timebase) == KERN_SUCCESS, timebase.denom > 0 else { return 1 }
            return Double(timebase.numer) / Double(timebase.denom)
        }()

        static func cpuSeconds(of pid: Int32) -> Double? {
            guard let procPidRusage else { return nil }
            var info = rusage_info_v2()
            let result = withUnsafeMutableBytes(of: &info) { procPidRusage(pid, RUSAGE_INFO_V2, $0.baseAddress) }
            guard result == 0 else { return nil }
            return Double(info.ri_user_time + info.ri_system_time) * nanosecondsPerTick / 1_000_000_000
        }

        static func residentBytes(of pid: Int32) -> Int? {
            guard let procPidRusage else { return nil }
            var info = rusage_info_v2()
            let result = withUnsafeMutableBytes(of: &info) { procPidRusage(pid, RUSAGE_INFO_V2, $0.baseAddress) }
            return result == 0 ? Int(info.ri_resident_size) : nil
        }
    }
    #endif
}
