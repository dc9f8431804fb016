/// The owner type of `hatchctl`'s root container (`DependencyBuilder<HatchctlRoot>`): the name the
/// container's errors and the dependency analyzer show for the root.
enum HatchctlRoot {}
