import Foundation

/// Finds the `mosquitto` broker executable and its `mosquitto_passwd` companion.
enum MosquittoExecutable {
    /// The broker: `MOSQUITTO_PATH`, then `PATH`, then the usual sbin folders of apt and Homebrew.
    static func broker() throws -> String {
        let candidates = searchList(named: "mosquitto", override: ProcessInfo.processInfo.environment["MOSQUITTO_PATH"])
        if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) { return found }
        throw MosquittoBrokerError.binaryNotFound(searched: candidates)
    }

    /// The password-file tool, looked for beside the broker first.
    static func passwordTool(besideBroker broker: String) throws -> String {
        let beside = ((broker as NSString).deletingLastPathComponent as NSString).appendingPathComponent("mosquitto_passwd")
        let candidates = [beside] + searchList(named: "mosquitto_passwd", override: nil)
        if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) { return found }
        throw MosquittoBrokerError.binaryNotFound(searched: candidates)
    }

    private static func searchList(named name: String, override: String?) -> [String] {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        let folders = path + ["/usr/sbin", "/usr/local/sbin", "/opt/homebrew/sbin", "/usr/local/opt/mosquitto/sbin"]
        return (override.map { [$0] } ?? []) + folders.map { ($0 as NSString).appendingPathComponent(name) }
    }
}
