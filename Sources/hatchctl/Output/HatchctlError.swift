import HatchFleetControl

/// The errors `hatchctl`'s control commands report: ``FleetControlError``, by the name the broker,
/// service and dashboard commands use.
typealias HatchctlError = FleetControlError
