// Processor affinity for the benchmark's comparison workers (Linux only; elsewhere a no-op).
//
// Swift cannot call sched_setaffinity, which glibc declares only with _GNU_SOURCE; the CPU_*
// macros are not functions either. Each thread has an affinity of its own, so every thread of
// the process, listed in /proc/self/task, is moved; threads made later inherit their maker's.

#include "CProcessorAffinity.h"

#if defined(__linux__)

#define _GNU_SOURCE
#include <dirent.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>

static pthread_once_t once = PTHREAD_ONCE_INIT;
static cpu_set_t allowed;
static int allowed_count;

static void read_allowed(void) {
  CPU_ZERO(&allowed);
  if (sched_getaffinity(0, sizeof allowed, &allowed) == 0) {
    allowed_count = CPU_COUNT(&allowed);
  }
}

int feedstore_run_on_processor(int index) {
  pthread_once(&once, read_allowed);
  if (allowed_count <= 0 || index < 0) return -1;
  int wanted = index % allowed_count;
  cpu_set_t one;
  CPU_ZERO(&one);
  for (int processor = 0, seen = 0; processor < CPU_SETSIZE; processor++) {
    if (CPU_ISSET(processor, &allowed) && seen++ == wanted) {
      CPU_SET(processor, &one);
      break;
    }
  }
  DIR *tasks = opendir("/proc/self/task");
  if (tasks == NULL) return -1;
  int result = 0;
  struct dirent *entry;
  while ((entry = readdir(tasks)) != NULL) {
    if (entry->d_name[0] == '.') continue;
    pid_t thread = (pid_t)strtol(entry->d_name, NULL, 10);
    if (sched_setaffinity(thread, sizeof one, &one) != 0) result = -1;
  }
  closedir(tasks);
  return result;
}

#else

int feedstore_run_on_processor(int index) {
  (void)index;
  return -1;
}

#endif
