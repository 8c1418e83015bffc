// Counts heap allocations for feedstore-bench's memory probe.
//
// On glibc, this file defines malloc, calloc, realloc, posix_memalign, aligned_alloc and memalign
// in the executable, which the dynamic linker prefers over libc's for every library of the
// process (the Swift runtime and Foundation included). Each one counts, while counting is on,
// and forwards to glibc's own allocator (__libc_*), so memory from either side may be freed by
// free, which is not wrapped. Elsewhere nothing is wrapped and the counter reports itself
// unavailable; so too in sanitizer builds, whose runtimes define and own malloc.

#include "CAllocationCounter.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define FEEDSTORE_SANITIZED 1
#endif
#endif

#if defined(__GLIBC__) && !defined(FEEDSTORE_SANITIZED)

#include <errno.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static atomic_bool counting;
static atomic_uint_fast64_t allocations;
static atomic_uint_fast64_t allocated_bytes;

static inline void count(size_t size) {
  if (atomic_load_explicit(&counting, memory_order_relaxed)) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&allocated_bytes, size, memory_order_relaxed);
  }
}

void *malloc(size_t size) {
  count(size);
  return __libc_malloc(size);
}

void *calloc(size_t count_, size_t size) {
  count(count_ * size);
  return __libc_calloc(count_, size);
}

void *realloc(void *pointer, size_t size) {
  count(size);
  return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
  count(size);
  return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
  count(size);
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) {
    return EINVAL;
  }
  count(size);
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) {
    return ENOMEM;
  }
  *result = pointer;
  return 0;
}

int feedstore_allocation_counter_is_available(void) { return 1; }

void feedstore_allocation_counter_start(void) {
  atomic_store_explicit(&allocations, 0, memory_order_relaxed);
  atomic_store_explicit(&allocated_bytes, 0, memory_order_relaxed);
  atomic_store_explicit(&counting, true, memory_order_seq_cst);
}

uint64_t feedstore_allocation_counter_stop(uint64_t *bytes) {
  atomic_store_explicit(&counting, false, memory_order_seq_cst);
  *bytes = atomic_load_explicit(&allocated_bytes, memory_order_relaxed);
  return atomic_load_explicit(&allocations, memory_order_relaxed);
}

#else

int feedstore_allocation_counter_is_available(void) { return 0; }

void feedstore_allocation_counter_start(void) {}

uint64_t feedstore_allocation_counter_stop(uint64_t *bytes) {
  *bytes = 0;
  return 0;
}

#endif
