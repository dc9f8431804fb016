#ifndef C_FUZZ_DRIVER_H
#define C_FUZZ_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's entry point for a program with its own main (linked only in `make fuzz` builds,
/// where `-sanitize=fuzzer` brings in libFuzzer).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

/// A marker so the target has an object file; does nothing.
int hatch_fuzz_driver_present(void);

#endif
