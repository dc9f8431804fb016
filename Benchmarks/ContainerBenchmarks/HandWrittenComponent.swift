/// The floor every container is measured against: a hand-written component whose dependencies are lazily
/// created stored properties, the code a compile-time container generates. Reading one is a load, a nil
/// check and a retain: no lookup, no type key, no atomic. Single-threaded use only (`lazy var` is not
/// thread-safe), which is all the benchmarks need.
final class HandWrittenComponent {
    lazy var service0 = Service<Tag0>()
    lazy var service1 = Service<Tag1>()
    lazy var service2 = Service<Tag2>()
    lazy var service3 = Service<Tag3>()
    lazy var service4 = Service<Tag4>()
    lazy var service5 = Service<Tag5>()
    lazy var service6 = Service<Tag6>()
    lazy var service7 = Service<Tag7>()
    lazy var service8 = Service<Tag8>()
    lazy var service9 = Service<Tag9>()
}
