#if defined(__linux__)
#define _GNU_SOURCE
#endif

#include "CProcessControl.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#if defined(__linux__)
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif

// MARK: Threads (every platform)

int contractspecs_start_thread(void *(*body)(void *), void *context) {
  pthread_attr_t attributes;
  int error = pthread_attr_init(&attributes);
  if (error != 0) return error;
  error = pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
  pthread_t thread;
  if (error == 0) error = pthread_create(&thread, &attributes, body, context);
  pthread_attr_destroy(&attributes);
  return error;
}

long long contractspecs_process_limit(void) {
  struct rlimit limit;
  if (getrlimit(RLIMIT_NPROC, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return -1;
  return (long long)limit.rlim_cur;
}

// MARK: Sockets (every platform)

/// Fills `address` with `path`, failing with ENAMETOOLONG when it does not fit.
static int make_address(const char *path, struct sockaddr_un *address) {
  size_t length = strlen(path);
  memset(address, 0, sizeof *address);
  if (length >= sizeof address->sun_path) {
    errno = ENAMETOOLONG;
    return -1;
  }
  address->sun_family = AF_UNIX;
  memcpy(address->sun_path, path, length + 1);
  return 0;
}

/// Makes `descriptor` close on exec and, when asked, non-blocking; closes it on failure.
static int configure(int descriptor, int nonBlocking) {
  if (descriptor < 0) return -1;
  int flags = fcntl(descriptor, F_GETFL);
  if (fcntl(descriptor, F_SETFD, FD_CLOEXEC) != 0
      || (nonBlocking && (flags < 0 || fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) != 0))) {
    int error = errno;
    close(descriptor);
    errno = error;
    return -1;
  }
  return descriptor;
}

/// A new stream socket, closed on exec from the start where the system can say so, so that a
/// process another thread spawns meanwhile does not inherit it.
static int new_socket(void) {
#if defined(SOCK_CLOEXEC)
  return socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
#else
  return socket(AF_UNIX, SOCK_STREAM, 0);
#endif
}

int contractspecs_listen(const char *path) {
  struct sockaddr_un address;
  if (make_address(path, &address) != 0) return -1;
  int listener = configure(new_socket(), 1);
  if (listener < 0) return -1;
  if (bind(listener, (const struct sockaddr *)&address, sizeof address) != 0
      || listen(listener, 8) != 0) {
    int error = errno;
    close(listener);
    errno = error;
    return -1;
  }
  return listener;
}

int contractspecs_accept(int listener) {
#if defined(__linux__)
  return accept4(listener, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK);
#else
  return configure(accept(listener, NULL, NULL), 1);
#endif
}

int contractspecs_connect(const char *path) {
  struct sockaddr_un address;
  if (make_address(path, &address) != 0) return -1;
  int connection = configure(new_socket(), 0);
  if (connection < 0) return -1;
  int result;
  do {
    result = connect(connection, (const struct sockaddr *)&address, sizeof address);
  } while (result != 0 && errno == EINTR);
  if (result != 0) {
    int error = errno;
    close(connection);
    errno = error;
    return -1;
  }
  return connection;
}

#if defined(__linux__)

// MARK: Linux

#if !defined(P_PIDFD)
#define P_PIDFD 3
#endif

// SO_PEERPIDFD (Linux 6.5) is newer than some C libraries' headers; its number is the generic
// one on these architectures.
#if !defined(SO_PEERPIDFD) && (defined(__x86_64__) || defined(__aarch64__))
#define SO_PEERPIDFD 77
#endif

int contractspecs_become_child_subreaper(void) {
  return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
}

int contractspecs_pidfd_open(pid_t process) {
#if defined(SYS_pidfd_open)
  return (int)syscall(SYS_pidfd_open, process, 0);
#else
  (void)process;
  errno = ENOSYS;
  return -1;
#endif
}

int contractspecs_pidfd_send_signal(int pidfd, int signal) {
#if defined(SYS_pidfd_send_signal)
  return (int)syscall(SYS_pidfd_send_signal, pidfd, signal, NULL, 0);
#else
  (void)pidfd;
  (void)signal;
  errno = ENOSYS;
  return -1;
#endif
}

int contractspecs_pidfd_is_running_child(int pidfd) {
  siginfo_t info;
  memset(&info, 0, sizeof info);
  if (waitid((idtype_t)P_PIDFD, (id_t)pidfd, &info, WEXITED | WNOHANG | WNOWAIT) != 0) {
    return errno == ECHILD ? 0 : -1;
  }
  // si_pid stays 0 while the child runs; it is the child's id once it has exited.
  return info.si_pid == 0 ? 1 : 0;
}

int contractspecs_pidfd_stop_signal(int pidfd) {
  siginfo_t info;
  memset(&info, 0, sizeof info);
  if (waitid((idtype_t)P_PIDFD, (id_t)pidfd, &info, WSTOPPED | WNOHANG | WNOWAIT) != 0
      || info.si_code != CLD_STOPPED) {
    return 0;
  }
  return info.si_status;
}

int contractspecs_peer_pidfd(int connection) {
#if defined(SO_PEERPIDFD)
  // Linux 6.5 and later make the pidfd from the process they recorded at connect: no other
  // process can be mistaken for it, even one that took its id since.
  int pidfd = -1;
  socklen_t length = sizeof pidfd;
  if (getsockopt(connection, SOL_SOCKET, SO_PEERPIDFD, &pidfd, &length) == 0) return pidfd;
  if (errno != ENOPROTOOPT) return -1;
#endif
  // Before 6.5: the id the kernel recorded at connect, opened now. Were the peer reaped and its
  // id taken by another process in between, this would open that one; the caller checks that
  // the process is its own running child, which no other process of the machine can be.
  pid_t peer = contractspecs_peer_process_id(connection);
  return peer > 0 ? contractspecs_pidfd_open(peer) : -1;
}

pid_t contractspecs_peer_process_id(int connection) {
  struct ucred credentials;
  socklen_t length = sizeof credentials;
  if (getsockopt(connection, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) return -1;
  return credentials.pid;
}

// MARK: /proc, without allocating: these run in signal handlers too.

/// Writes `prefix`, `number` in decimal and `suffix` into `buffer`; 0, or -1 when it does not
/// fit.
static int format_path(char *buffer, size_t size, const char *prefix, long number,
                       const char *suffix) {
  char digits[24];
  int count = 0;
  do {
    digits[count++] = (char)('0' + number % 10);
    number /= 10;
  } while (number > 0 && count < (int)sizeof digits);
  size_t prefixLength = strlen(prefix), suffixLength = strlen(suffix);
  if (prefixLength + (size_t)count + suffixLength + 1 > size) return -1;
  memcpy(buffer, prefix, prefixLength);
  for (int index = 0; index < count; index++) buffer[prefixLength + index] = digits[count - 1 - index];
  memcpy(buffer + prefixLength + count, suffix, suffixLength + 1);
  return 0;
}

/// The number `name` spells in decimal, or -1 when it is not one.
static long parse_number(const char *name) {
  long value = 0;
  if (*name == '\0') return -1;
  for (; *name != '\0'; name++) {
    if (*name < '0' || *name > '9' || value > 100000000) return -1;
    value = value * 10 + (*name - '0');
  }
  return value;
}

/// The layout of the entries getdents64 returns.
struct directory_entry {
  unsigned long long inode;
  long long offset;
  unsigned short length;
  unsigned char type;
  char name[];
};

/// Calls `visit` with each numeric entry name of the directory at `path` and `context`, until
/// `visit` returns non-zero; returns that value, 0 at the end, or -1 when the directory cannot
/// be read.
static int for_each_number_in(const char *path, int (*visit)(long, void *), void *context) {
  int directory = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (directory < 0) return -1;
  char entries[2048];
  long size;
  int stop = 0;
  while (!stop && (size = syscall(SYS_getdents64, directory, entries, sizeof entries)) > 0) {
    for (long offset = 0; offset < size && !stop;) {
      struct directory_entry *entry = (struct directory_entry *)(entries + offset);
      offset += entry->length;
      long number = parse_number(entry->name);
      if (number > 0) stop = visit(number, context);
    }
  }
  close(directory);
  return stop;
}

struct child_list {
  pid_t parent;
  pid_t *children;
  int capacity;
  int count;
  int isUnsupported;
};

static void add_child(struct child_list *list, long child) {
  if (list->count < list->capacity) list->children[list->count] = (pid_t)child;
  list->count++;
}

/// Adds the ids in /proc/PARENT/task/THREAD/children to the list.
static int add_children_of_thread(long thread, void *context) {
  struct child_list *list = context;
  char path[96];
  if (format_path(path, sizeof path, "/proc/", list->parent, "/task/") != 0) return 0;
  size_t length = strlen(path);
  if (format_path(path + length, sizeof path - length, "", thread, "/children") != 0) return 0;
  int file = open(path, O_RDONLY | O_CLOEXEC);
  if (file < 0) {
    // The thread may have ended since it was listed; a kernel built without the children files
    // (CONFIG_PROC_CHILDREN) has none for any thread.
    if (errno == ENOENT) {
      path[length] = '\0';
      if (format_path(path + length, sizeof path - length, "", thread, "") == 0
          && access(path, F_OK) == 0) {
        list->isUnsupported = 1;
        return 1;
      }
    }
    return 0;
  }
  char chunk[512];
  long number = -1;
  long count;
  while ((count = read(file, chunk, sizeof chunk)) > 0) {
    for (long index = 0; index < count; index++) {
      char character = chunk[index];
      if (character >= '0' && character <= '9') {
        number = (number < 0 ? 0 : number * 10) + (character - '0');
      } else if (number >= 0) {
        add_child(list, number);
        number = -1;
      }
    }
  }
  if (number >= 0) add_child(list, number);
  close(file);
  return 0;
}

/// Adds `process` to the list when /proc names the list's parent as its parent.
static int add_if_child(long process, void *context) {
  struct child_list *list = context;
  if (contractspecs_parent_process_id((pid_t)process) == list->parent) add_child(list, process);
  return 0;
}

int contractspecs_list_children(pid_t parent, pid_t *children, int capacity) {
  struct child_list list = {parent, children, capacity, 0, 0};
  char path[64];
  if (format_path(path, sizeof path, "/proc/", parent, "/task") != 0) {
    errno = EINVAL;
    return -1;
  }
  if (for_each_number_in(path, add_children_of_thread, &list) < 0) return -1;
  if (list.isUnsupported) {
    // Without the children files, every process of the machine, by the parent /proc names.
    list.count = 0;
    if (for_each_number_in("/proc", add_if_child, &list) < 0) return -1;
  }
  return list.count;
}

pid_t contractspecs_parent_process_id(pid_t process) {
  char path[64];
  if (format_path(path, sizeof path, "/proc/", process, "/stat") != 0) return -1;
  int file = open(path, O_RDONLY | O_CLOEXEC);
  if (file < 0) return -1;
  // "PID (NAME) STATE PPID ...": the name may hold any character, ")" too, but nothing after it
  // does, and it is at most 16 bytes long.
  char text[256];
  long count = read(file, text, sizeof text - 1);
  close(file);
  if (count <= 0) return -1;
  text[count] = '\0';
  char *end = strrchr(text, ')');
  if (end == NULL || end[1] != ' ' || end[2] == '\0' || end[3] != ' ') return -1;
  long parent = 0;
  for (char *digit = end + 4; *digit >= '0' && *digit <= '9'; digit++) {
    parent = parent * 10 + (*digit - '0');
  }
  return (pid_t)parent;
}

// MARK: Ending descendants

void contractspecs_end_descendants(void) {
  int savedError = errno;
  // A child that exits must stay waitable until this process reaps it, so that its id cannot be
  // taken by another process while it is still on the list: undo SIG_IGN or SA_NOCLDWAIT.
  struct sigaction waitable;
  memset(&waitable, 0, sizeof waitable);
  waitable.sa_handler = SIG_DFL;
  sigemptyset(&waitable.sa_mask);
  sigaction(SIGCHLD, &waitable, NULL);

  enum { batch = 128, killedByID = -2 };
  pid_t children[batch];
  int pidfds[batch];
  // Each round kills the children it finds and waits for them; their own children are then
  // this process's. A tree that forks faster than it is killed is given up on eventually.
  for (int round = 0; round < 1000; round++) {
    int count = contractspecs_list_children(getpid(), children, batch);
    if (count <= 0) break;
    if (count > batch) count = batch;
    for (int index = 0; index < count; index++) {
      // Another thread of this process may have reaped the child since it was listed, and its
      // id may belong to another process now: signal only this process's own running child.
      pidfds[index] = contractspecs_pidfd_open(children[index]);
      if (pidfds[index] >= 0) {
        if (contractspecs_pidfd_is_running_child(pidfds[index]) == 1) {
          contractspecs_pidfd_send_signal(pidfds[index], SIGKILL);
        }
      } else if (errno == ENOSYS) {
        // Linux before 5.3: by id. Only another thread's wait could free it meanwhile.
        kill(children[index], SIGKILL);
        pidfds[index] = killedByID;
      }
    }
    for (int index = 0; index < count; index++) {
      if (pidfds[index] == killedByID) {
        while (waitpid(children[index], NULL, 0) < 0 && errno == EINTR) {
        }
      }
      if (pidfds[index] < 0) continue;
      siginfo_t info;
      // Reaps it once it has exited: a zombie at once. ECHILD when it is not this process's
      // child, or another thread has reaped it.
      while (waitid((idtype_t)P_PIDFD, (id_t)pidfds[index], &info, WEXITED) != 0
             && errno == EINTR) {
      }
      close(pidfds[index]);
    }
  }
  errno = savedError;
}

/// The process that asked to end its descendants: a process it forks inherits the handlers, and
/// must not end its own children when it exits.
static pid_t owner = 0;

/// The signals whose default action ends a process, which the handlers catch.
static const int ending_signals[] = {SIGILL,  SIGTRAP, SIGABRT, SIGBUS,  SIGFPE,
                                     SIGSEGV, SIGSYS,  SIGHUP,  SIGINT,  SIGQUIT,
                                     SIGTERM, SIGPIPE, SIGXCPU, SIGXFSZ};

static struct sigaction previous_actions[NSIG];

static void end_descendants_at_exit(void) {
  if (getpid() == owner) contractspecs_end_descendants();
}

/// Ends the descendants, then hands the signal to the action that was there before: its
/// handler, or the default action, which the signal, raised again, takes once this returns.
static void end_descendants_on_signal(int signal, siginfo_t *info, void *context) {
  if (getpid() == owner) contractspecs_end_descendants();
  struct sigaction *previous = &previous_actions[signal];
  sigaction(signal, previous, NULL);
  if (previous->sa_flags & SA_SIGINFO) {
    previous->sa_sigaction(signal, info, context);
  } else if (previous->sa_handler == SIG_DFL) {
    // Blocked while this handler runs, it is delivered as this handler returns: a fault does
    // not run its instruction again, and a trap that moved past its instruction ends too.
    raise(signal);
  } else if (previous->sa_handler != SIG_IGN) {
    previous->sa_handler(signal);
  }
}

int contractspecs_end_descendants_when_ending(void) {
  owner = getpid();
  if (atexit(end_descendants_at_exit) != 0) return -1;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_sigaction = end_descendants_on_signal;
  action.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigfillset(&action.sa_mask);
  for (size_t index = 0; index < sizeof ending_signals / sizeof ending_signals[0]; index++) {
    int signal = ending_signals[index];
    if (sigaction(signal, NULL, &previous_actions[signal]) != 0) return -1;
    // An ignored signal ends nothing.
    if (!(previous_actions[signal].sa_flags & SA_SIGINFO)
        && previous_actions[signal].sa_handler == SIG_IGN) {
      continue;
    }
    if (sigaction(signal, &action, NULL) != 0) return -1;
  }
  return 0;
}

#else

// MARK: Other systems: no pidfds, no subreapers, no /proc.

int contractspecs_become_child_subreaper(void) {
  errno = ENOSYS;
  return -1;
}

int contractspecs_pidfd_open(pid_t process) {
  (void)process;
  errno = ENOSYS;
  return -1;
}

int contractspecs_pidfd_send_signal(int pidfd, int signal) {
  (void)pidfd;
  (void)signal;
  errno = ENOSYS;
  return -1;
}

int contractspecs_pidfd_is_running_child(int pidfd) {
  (void)pidfd;
  errno = ENOSYS;
  return -1;
}

int contractspecs_pidfd_stop_signal(int pidfd) {
  (void)pidfd;
  return 0;
}

int contractspecs_list_children(pid_t parent, pid_t *children, int capacity) {
  (void)parent;
  (void)children;
  (void)capacity;
  errno = ENOSYS;
  return -1;
}

pid_t contractspecs_parent_process_id(pid_t process) {
  (void)process;
  errno = ENOSYS;
  return -1;
}

void contractspecs_end_descendants(void) {}

int contractspecs_end_descendants_when_ending(void) {
  errno = ENOSYS;
  return -1;
}

int contractspecs_peer_pidfd(int connection) {
  (void)connection;
  errno = ENOSYS;
  return -1;
}

pid_t contractspecs_peer_process_id(int connection) {
#if defined(__APPLE__)
  pid_t peer = -1;
  socklen_t length = sizeof peer;
  if (getsockopt(connection, SOL_LOCAL, LOCAL_PEERPID, &peer, &length) != 0) return -1;
  return peer;
#else
  (void)connection;
  errno = ENOSYS;
  return -1;
#endif
}

#endif
