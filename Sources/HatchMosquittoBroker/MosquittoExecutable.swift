import Foundation

/// Finds the `mosquitto` broker executable, its `mosquitto_passwd` companion and its dynamic-security plugin.
package enum MosquittoExecutable {
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

    /// mosquitto 2's dynamic-security plugin (`mosquitto_dynamic_security.so`), which binds a login to its
    /// client id: `lib` beside the broker's folder (Homebrew, `/usr/local`), then the distributions' library
    /// folders (Debian's multiarch folder, Alpine's `/usr/lib`).
    package static func dynamicSecurityPlugin() throws -> String {
        let name = "mosquitto_dynamic_security.so"
        let prefix = ((try? broker()).map { (($0 as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent } ?? "/usr")
        var folders: [String] = []
        for root in [prefix + "/lib", "/usr/lib", "/usr/local/lib"] {
            let multiarch = (try? FileManager.default.contentsOfDirectory(atPath: root))?.filter { $0.hasSuffix("-linux-gnu") }.sorted() ?? []
            folders += multiarch.map { root + "/" + $0 } + [root]
        }
        folders += ["/opt/homebrew/lib", "/usr/local/opt/mosquitto/lib"]
        var seen = Set<String>()
        let candidates = folders.map { ($0 as NSString).appendingPathComponent(name) }.filter { seen.insert($0).inserted }
        if let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) { return found }
        throw MosquittoBrokerError.pluginNotFound(name: name, searched: candidates)
    }

    private static func searchList(named name: String, override: String?) -> [String] {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        let folders = path + ["/usr/sbin", "/usr/local/sbin", "/opt/homebrew/sbin", "/usr/local/opt/mosquitto/sbin"]
        return (override.map { [$0] } ?? []) + folders.map { ($0 as NSString).appendingPathComponent(name) }
    }
}
