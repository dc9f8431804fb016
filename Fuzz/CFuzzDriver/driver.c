#include "CFuzzDriver.h"

int hatch_fuzz_driver_present(void) { return 1; }
