import ArgumentParser
import HatchDeviceSimulator

/// `--shadow-service internal|external` on the command line.
extension ShadowServiceMode: ExpressibleByArgument {}
