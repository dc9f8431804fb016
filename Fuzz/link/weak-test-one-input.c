// Linked into every executable of the fuzz build (`make fuzz`, `make fuzz-long`).
//
// `-sanitize=fuzzer` links libFuzzer's archive whole into every executable the build links, the macro
// plugins it runs while compiling included. That archive holds a `main` that calls
// LLVMFuzzerTestOneInput; SwiftPM points `main` at each executable's own entry point, so that `main`
// never runs, but the linker still needs the symbol. This weak definition gives it to the executables
// that are not fuzz targets; hatch-fuzz's own definition (Fuzz/hatch-fuzz/HatchFuzz.swift) wins there.
#include <stddef.h>
#include <stdint.h>

__attribute__((weak)) int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    (void)data;
    (void)size;
    return 0;
}
