import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a mosquitto password file: one `username:hash` line per user, hashed the way mosquitto 2
/// hashes (`$7$`, PBKDF2-SHA512) by `mosquitto_passwd -U`, so no plaintext password stays on disk.
///
/// The plaintext goes to a file created with mode 0600 beside the target, is hashed in place and then
/// renamed over the target, so the password file is never readable by other users, not even briefly.
public enum MosquittoPasswordFile {
    /// Hashes `users` (username and plaintext password, in file order) into `url`, mode 0600.
    ///
    /// Usernames must not contain `:` or line breaks and passwords no line breaks; throws
    /// ``MosquittoBrokerError/setupFailed(_:)`` saying which, or when `mosquitto_passwd` fails.
    /// Error messages name users, never passwords.
    public static func write(_ users: [(username: String, password: String)], to url: URL) throws {
        for user in users {
            if user.username.isEmpty || user.username.contains(where: { $0 == ":" || $0.isNewline }) {
                throw MosquittoBrokerError.setupFailed("the username '\(user.username)' cannot go into a mosquitto password file (empty, or with ':' or a line break)")
            }
            if user.password.contains(where: \.isNewline) {
                throw MosquittoBrokerError.setupFailed("the password of '\(user.username)' contains a line break, which a mosquitto password file cannot hold")
            }
        }
        let tool = try MosquittoExecutable.passwordTool(besideBroker: MosquittoExecutable.broker())
        let staging = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString.prefix(8))")
        defer { unlink(staging.path) }
        let plaintext = users.map { "\($0.username):\($0.password)\n" }.joined()
        try SecretFile.create(staging, containing: Data(plaintext.utf8))
        let hasher = ChildProcess()
        hasher.executableURL = URL(fileURLWithPath: tool)
        hasher.arguments = ["-U", staging.path]
        hasher.standardInput = FileHandle.nullDevice
        hasher.standardOutput = FileHandle.nullDevice
        hasher.standardError = FileHandle.nullDevice
        do { try hasher.run() } catch {
            throw MosquittoBrokerError.setupFailed("cannot run \(tool): \(error)")
        }
        hasher.waitUntilExit()
        guard hasher.terminationStatus == 0 else {
            throw MosquittoBrokerError.setupFailed("\(tool) -U failed with status \(hasher.terminationStatus) while hashing \(users.count) password(s)")
        }
        // mosquitto_passwd rewrites the file; make sure the result is still private before it goes live.
        chmod(staging.path, 0o600)
        guard rename(staging.path, url.path) == 0 else {
            throw MosquittoBrokerError.setupFailed("cannot move the password file to \(url.path): \(String(cString: strerror(errno)))")
        }
    }
}
