#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The bytes of a message a session publishes: `Data`, or a buffer taken over from `malloc` as a
/// JSON writer hands it over. A buffer costs one object made and freed; `Data` costs its storage
/// object, its deallocator and the run-time checks of both, which for a fleet publishing a report's
/// two replies is a tenth of the report. Equal when the bytes are.
package struct MQTTPayload: Sendable, Hashable {
    private enum Storage: Sendable {
        case data(Data)
        case buffer(MallocBuffer)
    }

    /// Bytes from `malloc`, freed with the last payload that holds them.
    private final class MallocBuffer: @unchecked Sendable {
        // Never written after `init`; read by any thread.
        let bytes: UnsafeRawBufferPointer

        init(_ bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
        }

        deinit { free(UnsafeMutableRawPointer(mutating: bytes.baseAddress)) }
    }

    private let storage: Storage

    /// The bytes of `data`, as they are.
    package init(_ data: Data) {
        storage = .data(data)
    }

    /// Takes over `bytes`, which `malloc` allocated: they are freed when no payload holds them any more.
    package init(takingOwnershipOf bytes: UnsafeMutableRawBufferPointer) {
        storage = .buffer(MallocBuffer(UnsafeRawBufferPointer(bytes)))
    }

    /// How many bytes.
    package var count: Int {
        switch storage {
        case .data(let data): data.count
        case .buffer(let buffer): buffer.bytes.count
        }
    }

    /// Calls `body` with the bytes.
    package func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        switch storage {
        case .data(let data): try data.withUnsafeBytes(body)
        case .buffer(let buffer): try withExtendedLifetime(buffer) { try body(buffer.bytes) }
        }
    }

    /// The bytes as `Data` (a copy of a buffer's).
    package var data: Data {
        switch storage {
        case .data(let data): data
        case .buffer(let buffer): Data(buffer.bytes)
        }
    }

    package static func == (lhs: MQTTPayload, rhs: MQTTPayload) -> Bool {
        lhs.withUnsafeBytes { left in rhs.withUnsafeBytes { right in left.elementsEqual(right) } }
    }

    package func hash(into hasher: inout Hasher) {
        withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
