import ArgumentParser

/// The options every device command shares: `--broker`, `--json`, `--timeout`.
struct DeviceCommandOptions: ParsableArguments {
    @OptionGroup var broker: BrokerOptions<ControllerLogin>
    @OptionGroup var output: OutputOptions
    @OptionGroup var timeout: TimeoutOptions

    /// The console for `--json` or text output.
    var console: Console { Console(json: output.json) }
}
