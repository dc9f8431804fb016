#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's open-file limit. Every session holds one socket, so 10,000 sessions need the soft
/// `RLIMIT_NOFILE` raised; an event loop raises it to the hard limit once, when it starts.
///
/// On Darwin the soft limit cannot exceed `kern.maxfilesperproc` even when the hard limit says
/// "unlimited", so the target is capped there.
package enum FileDescriptorLimit {
    #if canImport(Glibc)
    private static let resource = Int32(RLIMIT_NOFILE.rawValue)
    #else
    private static let resource = RLIMIT_NOFILE
    #endif

    /// The current soft and hard limits.
    package static var current: (soft: Int, hard: Int) {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return (0, 0) }
        return (Int(clamping: limit.rlim_cur), Int(clamping: limit.rlim_max))
    }

    /// Raises the soft limit to `target` (or to the hard limit when `target` is nil or higher) and
    /// returns the soft limit in force afterwards. Never lowers it. A `target` above the hard limit
    /// also raises the hard limit when the process may (root, or `CAP_SYS_RESOURCE` on Linux).
    @discardableResult
    package static func raise(to target: Int? = nil) -> Int {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return 0 }
        if let target, rlim_t(max(0, target)) > limit.rlim_max, rlim_t(target) <= perProcessCeiling {
            var raised = limit
            raised.rlim_max = rlim_t(target)
            raised.rlim_cur = rlim_t(target)
            if setrlimit(resource, &raised) == 0 { return current.soft }
        }
        let ceiling = min(limit.rlim_max, perProcessCeiling)
        let wanted = min(target.map { rlim_t(max(0, $0)) } ?? ceiling, ceiling)
        if wanted > limit.rlim_cur {
            limit.rlim_cur = wanted
            _ = setrlimit(resource, &limit)
        }
        return current.soft
    }

    /// Raises the limit to at least `needed` descriptors (see ``raise(to:)``), or throws
    /// ``MQTTError/tooManyOpenFiles(limit:)`` naming `ulimit -n` when the hard limit does not allow it.
    package static func require(_ needed: Int) throws(MQTTError) {
        let soft = raise(to: needed)
        if soft < needed { throw .tooManyOpenFiles(limit: soft) }
    }

    /// The most descriptors the system lets one process open (Darwin's `kern.maxfilesperproc`);
    /// on Linux `setrlimit` itself refuses more than `fs.nr_open`.
    private static var perProcessCeiling: rlim_t {
        #if canImport(Darwin)
        var perProcess: Int32 = 0
        var size = MemoryLayout<Int32>.size
        if sysctlbyname("kern.maxfilesperproc", &perProcess, &size, nil, 0) == 0, perProcess > 0 {
            return rlim_t(perProcess)
        }
        #endif
        return rlim_t.max
    }
}
