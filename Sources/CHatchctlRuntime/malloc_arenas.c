// glibc gives busy threads their own malloc arenas (up to 8 per core). A fleet allocates replies on
// Swift's concurrency pool and frees them on the MQTT event loop thread, so many arenas mostly add
// fragmentation: with 10,000 devices, two arenas keep hatchctl's resident memory about 10 % lower and
// its sustained traffic higher (`hatchctl fleet bench`). The limit must be set before any thread
// allocates, hence a constructor that runs before main. An explicit MALLOC_ARENA_MAX still wins.
#include "hatchctl_runtime.h"
#if defined(__GLIBC__)
#include <malloc.h>
#include <stdlib.h>

__attribute__((constructor)) static void hatchctl_limit_malloc_arenas(void) {
    if (getenv("MALLOC_ARENA_MAX") == NULL) {
        mallopt(M_ARENA_MAX, 2);
    }
}
#endif

int hatchctl_runtime_linked(void) { return 1; }
