extension FleetBenchReport {
    /// The traffic phase again with the roles split, as `fleet run --shadow-service external` beside
    /// `hatchctl shadow-service` runs them (`fleet bench --split`): the devices alone in this process,
    /// the shadow service in a child process, each with its own CPU figure. The unit both setups share
    /// is a request the shadow accepted (a device's report or `get`): the fused fleet answers it
    /// beside the device, the split one sends it over the broker to the service and back.
    package struct SplitRoles: Codable, Sendable, Equatable {
        /// Devices online, and how long they took (with retained state).
        package var connected = 0
        package var connectSeconds = 0.0
        /// Requests the devices published and replies the service published, per second of the window.
        package var deviceRequestsPerSecond = 0.0
        package var serviceRepliesPerSecond = 0.0
        /// Requests the service accepted per second, and the fused phase's figure measured the same way.
        package var acceptedPerSecond = 0.0
        package var fusedAcceptedPerSecond = 0.0
        /// CPU per accepted request: the devices (this process), the shadow service, the broker.
        package var deviceCPUMicrosecondsPerAccepted = 0.0
        package var serviceCPUMicrosecondsPerAccepted = 0.0
        package var brokerCPUMicrosecondsPerAccepted = 0.0
        /// The fused phase's CPU per accepted request: the fleet (device and shadow together), its broker.
        package var fusedCPUMicrosecondsPerAccepted = 0.0
        package var fusedBrokerCPUMicrosecondsPerAccepted = 0.0
        /// Requests the service had not received when the wait for it ended (0: it answered every one).
        package var unansweredRequests = 0
        /// How long after the devices stopped the service took to receive their last request.
        package var serviceCatchUpSeconds = 0.0
        /// What the kernel held for the broker once the service caught up, and how long the broker took to read it.
        package var backlogMegabytes = 0.0
        package var drainSeconds = 0.0
        /// Whether the service saved its documents in a folder (`--split-keeps-documents`) or kept them in memory only.
        package var serviceKeepsDocuments = false
        /// Documents the service wrote to its folder per second of the window (0 in memory).
        package var serviceDocumentsSavedPerSecond = 0.0
        /// The shadow service's resident memory and things at the end of the window.
        package var serviceResidentMegabytes = 0.0
        package var things = 0

        /// An empty record, filled in as the phase measures.
        package init() {}

        /// The whole cost of an accepted request, split roles (devices + service + broker).
        package var totalCPUMicrosecondsPerAccepted: Double {
            deviceCPUMicrosecondsPerAccepted + serviceCPUMicrosecondsPerAccepted + brokerCPUMicrosecondsPerAccepted
        }

        /// The same, fused (fleet + broker).
        package var fusedTotalCPUMicrosecondsPerAccepted: Double { fusedCPUMicrosecondsPerAccepted + fusedBrokerCPUMicrosecondsPerAccepted }

        /// The table rows of the split phase.
        package var rows: String {
            func micros(_ value: Double) -> String { String(format: "%.1f µs", value) }
            return """
                | split roles: devices alone + `hatchctl shadow-service` in its own process (documents \(serviceKeepsDocuments ? "saved in a folder" : "in memory")) | \(connected) devices online in \(String(format: "%.2f", connectSeconds)) s; devices \(Int(deviceRequestsPerSecond)) requests/s, service \(Int(serviceRepliesPerSecond)) replies/s; \(unansweredRequests) requests unanswered | 0 unanswered |
                | accepted requests per second, split / fused | \(Int(acceptedPerSecond)) / \(Int(fusedAcceptedPerSecond)) (\(String(format: "%.0f", fusedAcceptedPerSecond > 0 ? acceptedPerSecond / fusedAcceptedPerSecond * 100 : 0)) %) | |
                | CPU per accepted request, split: devices + service + broker | \(micros(deviceCPUMicrosecondsPerAccepted)) + \(micros(serviceCPUMicrosecondsPerAccepted)) + \(micros(brokerCPUMicrosecondsPerAccepted)) = \(micros(totalCPUMicrosecondsPerAccepted)) | |
                | CPU per accepted request, fused: fleet + broker | \(micros(fusedCPUMicrosecondsPerAccepted)) + \(micros(fusedBrokerCPUMicrosecondsPerAccepted)) = \(micros(fusedTotalCPUMicrosecondsPerAccepted)) | |
                | shadow service: caught up after the devices stopped / resident memory / documents saved | \(String(format: "%.2f s; %.0f MB for %d things; %.0f documents/s", serviceCatchUpSeconds, serviceResidentMegabytes, things, serviceDocumentsSavedPerSecond)) | |

                """
        }
    }
}
