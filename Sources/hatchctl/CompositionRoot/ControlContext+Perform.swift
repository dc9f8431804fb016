import HatchFleetControl

extension ControlContext {
    /// Runs `body` against `device`, turning client and provider errors into ``FleetControlError``s.
    func perform<T>(on device: KnownDevice, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch {
            if let translated = ErrorTranslation.translate(error, device: device, timeout: timeout) { throw translated }
            throw error
        }
    }

    /// Opens a context, runs `body` for the device named `query` (which must be online), and reports
    /// errors through `console`.
    static func runOnDevice(_ query: String, options: DeviceCommandOptions, requireOnline: Bool = true,
                            _ body: @escaping (ControlContext, KnownDevice) async throws -> Void) async throws {
        try await options.console.run {
            try await ControlContext.with(broker: options.broker, timeout: options.timeout) { context in
                let device = try await context.device(query)
                if requireOnline { try context.requireOnline(device) }
                try await context.perform(on: device) { try await body(context, device) }
            }
        }
    }
}
