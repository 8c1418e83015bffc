#ifndef FEEDSTORE_ALLOCATION_COUNTER_H
#define FEEDSTORE_ALLOCATION_COUNTER_H

#include <stdint.h>

/// 1 when this build counts heap allocations (glibc), 0 otherwise.
int feedstore_allocation_counter_is_available(void);

/// Starts counting allocations from zero.
void feedstore_allocation_counter_start(void);

/// Stops counting; returns the allocations since the start and stores the bytes they requested.
uint64_t feedstore_allocation_counter_stop(uint64_t *bytes);

#endif
