#ifndef HATCHCTL_RUNTIME_H
#define HATCHCTL_RUNTIME_H
/// Process set-up for hatchctl that must happen before main (see malloc_arenas.c). Referencing this
/// function keeps the object file, and with it the constructor, in the executable.
int hatchctl_runtime_linked(void);
#endif
