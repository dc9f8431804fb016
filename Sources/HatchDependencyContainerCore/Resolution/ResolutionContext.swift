#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The resolutions in progress on one thread: the stack of registrations whose factories are running.
///
/// Factories are synchronous, so a thread-local stack is exact: it gives the resolution path for error
/// messages, detects a cycle on the same thread before it can overflow the stack, and identifies the owner of
/// a singleton under construction for cross-thread wait cycles.
final class ResolutionContext: @unchecked Sendable {
    private(set) var frames: [Registration] = []

    /// The calling thread's context, created on first use.
    static var current: ResolutionContext {
        if let raw = pthread_getspecific(ThreadKey.key) {
            return Unmanaged<ResolutionContext>.fromOpaque(raw).takeUnretainedValue()
        }
        let context = ResolutionContext()
        pthread_setspecific(ThreadKey.key, Unmanaged.passRetained(context).toOpaque())
        return context
    }

    /// Names of the registrations being resolved, outermost first, followed by `requested`.
    func path(appending requested: String?) -> [String] {
        frames.map(\.displayName) + (requested.map { [$0] } ?? [])
    }

    /// The cycle that resolving `registration` again would close, e.g. `[A, B, A]`, if any.
    func cycle(closedBy registration: Registration) -> [String]? {
        guard let start = frames.firstIndex(where: { $0 === registration }) else { return nil }
        return frames[start...].map(\.displayName) + [registration.displayName]
    }

    /// Runs `body` with `registration` on top of the stack.
    func withFrame<R>(_ registration: Registration, _ body: () throws -> R) rethrows -> R {
        frames.append(registration)
        defer { frames.removeLast() }
        return try body()
    }
}

/// The pthread key that holds each thread's ``ResolutionContext`` (released when the thread exits).
private enum ThreadKey {
    static let key: pthread_key_t = {
        var key = pthread_key_t()
        #if canImport(Darwin)
        pthread_key_create(&key) { raw in Unmanaged<ResolutionContext>.fromOpaque(raw).release() }
        #else
        pthread_key_create(&key) { raw in
            if let raw { Unmanaged<ResolutionContext>.fromOpaque(raw).release() }
        }
        #endif
        return key
    }()
}
