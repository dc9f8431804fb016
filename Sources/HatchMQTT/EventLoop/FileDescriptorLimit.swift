#if canImport(Glibc)
import Glibc
#endif

/// The process's open-file limit. Every session holds one socket, so 10,000 sessions need the soft
/// `RLIMIT_NOFILE` raised; an event loop raises it to the hard limit once, when it starts.
public enum FileDescriptorLimit {
    /// The current soft and hard limits.
    public static var current: (soft: Int, hard: Int) {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return (0, 0) }
        return (Int(limit.rlim_cur), Int(limit.rlim_max))
    }

    /// Raises the soft limit to `target` (or to the hard limit when `target` is nil or higher) and
    /// returns the soft limit in force afterwards. Never lowers it.
    @discardableResult
    public static func raise(to target: Int? = nil) -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        let wanted = min(rlim_t(target ?? Int(limit.rlim_max)), limit.rlim_max)
        if wanted > limit.rlim_cur {
            limit.rlim_cur = wanted
            _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        return current.soft
    }
}
