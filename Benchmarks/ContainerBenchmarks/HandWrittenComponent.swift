/// The floor every container is measured against: a hand-written component whose dependencies are lazily
/// created stored properties, the code a compile-time container generates. Each accessor is what
/// `lazy var serviceN = Service<TagN>()` expands to, with the getter inlined into its caller
/// (`@inline(__always)`, as the container's `resolve` is) and the first read's construction called out of
/// line (as a miss of `resolve` calls into the library). A plain `lazy var` would not do: the compiler keeps
/// its getter out of line, so every read would be a call. Reading one is a load, a nil check and a retain:
/// no lookup, no type key, no atomic. Single-threaded use only (like `lazy var`, it is not thread-safe),
/// which is all the benchmarks need.
final class HandWrittenComponent {
    private var storage0: Service<Tag0>?
    var service0: Service<Tag0> {
        @inline(__always) get { if let service = storage0 { return service }; return makeService0() }
    }
    @inline(never) private func makeService0() -> Service<Tag0> {
        let made = Service<Tag0>()
        storage0 = made
        return made
    }

    private var storage1: Service<Tag1>?
    var service1: Service<Tag1> {
        @inline(__always) get { if let service = storage1 { return service }; return makeService1() }
    }
    @inline(never) private func makeService1() -> Service<Tag1> {
        let made = Service<Tag1>()
        storage1 = made
        return made
    }

    private var storage2: Service<Tag2>?
    var service2: Service<Tag2> {
        @inline(__always) get { if let service = storage2 { return service }; return makeService2() }
    }
    @inline(never) private func makeService2() -> Service<Tag2> {
        let made = Service<Tag2>()
        storage2 = made
        return made
    }

    private var storage3: Service<Tag3>?
    var service3: Service<Tag3> {
        @inline(__always) get { if let service = storage3 { return service }; return makeService3() }
    }
    @inline(never) private func makeService3() -> Service<Tag3> {
        let made = Service<Tag3>()
        storage3 = made
        return made
    }

    private var storage4: Service<Tag4>?
    var service4: Service<Tag4> {
        @inline(__always) get { if let service = storage4 { return service }; return makeService4() }
    }
    @inline(never) private func makeService4() -> Service<Tag4> {
        let made = Service<Tag4>()
        storage4 = made
        return made
    }

    private var storage5: Service<Tag5>?
    var service5: Service<Tag5> {
        @inline(__always) get { if let service = storage5 { return service }; return makeService5() }
    }
    @inline(never) private func makeService5() -> Service<Tag5> {
        let made = Service<Tag5>()
        storage5 = made
        return made
    }

    private var storage6: Service<Tag6>?
    var service6: Service<Tag6> {
        @inline(__always) get { if let service = storage6 { return service }; return makeService6() }
    }
    @inline(never) private func makeService6() -> Service<Tag6> {
        let made = Service<Tag6>()
        storage6 = made
        return made
    }

    private var storage7: Service<Tag7>?
    var service7: Service<Tag7> {
        @inline(__always) get { if let service = storage7 { return service }; return makeService7() }
    }
    @inline(never) private func makeService7() -> Service<Tag7> {
        let made = Service<Tag7>()
        storage7 = made
        return made
    }

    private var storage8: Service<Tag8>?
    var service8: Service<Tag8> {
        @inline(__always) get { if let service = storage8 { return service }; return makeService8() }
    }
    @inline(never) private func makeService8() -> Service<Tag8> {
        let made = Service<Tag8>()
        storage8 = made
        return made
    }

    private var storage9: Service<Tag9>?
    var service9: Service<Tag9> {
        @inline(__always) get { if let service = storage9 { return service }; return makeService9() }
    }
    @inline(never) private func makeService9() -> Service<Tag9> {
        let made = Service<Tag9>()
        storage9 = made
        return made
    }
}
