#ifndef CONTRACTSPECS_PROCESS_CONTROL_H
#define CONTRACTSPECS_PROCESS_CONTROL_H

#include <sys/types.h>

// The process control a spec's child process and its parent need that Swift does not import:
// variadic calls (prctl, syscall), system calls newer than the C library's declarations, socket
// peer credentials, what must run in a signal handler, where Swift code may not, and a thread
// start that says when the system refused it.
//
// Every function but the thread start returns -1 with errno set when it fails; ENOSYS where the
// system has no such thing. Process file descriptors (pidfds), child subreapers and /proc are
// Linux's.

/// Makes this process a child subreaper: a descendant orphaned by its parent's exit is
/// re-parented to this process rather than to init, so it stays in this process's subtree.
int contractspecs_become_child_subreaper(void);

/// Opens a pidfd on the process whose id is `process` now: a descriptor the kernel ties to that
/// one process, through which a signal never reaches another that later takes the same id.
int contractspecs_pidfd_open(pid_t process);

/// Sends `signal` to the process `pidfd` refers to; fails with ESRCH once it has been reaped.
int contractspecs_pidfd_send_signal(int pidfd, int signal);

/// Whether the process `pidfd` refers to is a child of this process that has not exited: 1 when
/// it is, 0 when it has exited or is not this process's child, -1 on error.
int contractspecs_pidfd_is_running_child(int pidfd);

/// The signal that stopped the process `pidfd` refers to, when it is a stopped child of this
/// process; 0 otherwise. It looks without reaping.
int contractspecs_pidfd_stop_signal(int pidfd);

/// Lists the ids of the children of every thread of `parent` in `children`, at most `capacity`
/// of them, and returns how many it has: possibly more than `capacity`. Async-signal-safe.
int contractspecs_list_children(pid_t parent, pid_t *children, int capacity);

/// The id of the parent of `process`, as /proc says now. Async-signal-safe.
pid_t contractspecs_parent_process_id(pid_t process);

/// Ends every descendant of this process, which must be a child subreaper: kills each child
/// with SIGKILL and waits until it has exited, which re-parents its own children to this
/// process, until no child is left. Async-signal-safe.
void contractspecs_end_descendants(void);

/// Makes this process end its descendants (`contractspecs_end_descendants`) when it calls
/// `exit` and when a signal that ends a process arrives, before the handler that was there.
int contractspecs_end_descendants_when_ending(void);

/// Listens on a new Unix-domain stream socket at `path`; the descriptor is non-blocking and
/// closed on exec.
int contractspecs_listen(const char *path);

/// Accepts a connection on `listener`: a non-blocking descriptor closed on exec, or -1 with
/// EAGAIN when none is waiting.
int contractspecs_accept(int listener);

/// Connects to the Unix-domain stream socket at `path`.
int contractspecs_connect(const char *path);

/// A pidfd on the process that made `connection`, from what the kernel recorded when it
/// connected.
int contractspecs_peer_pidfd(int connection);

/// The id of the process that made `connection`, as the kernel recorded it when it connected.
pid_t contractspecs_peer_process_id(int connection);

/// Starts a detached thread that runs `body(context)`, returning 0, or the error number
/// `pthread_create` gave (EAGAIN when the system allows this user no more threads), with no
/// thread started: unlike Foundation's `Thread`, which on Linux starts nothing without a word.
int contractspecs_start_thread(void *(*body)(void *), void *context);

/// How many processes and threads this user may run in all (`ulimit -u`), or -1 when unlimited
/// or unknown.
long long contractspecs_process_limit(void);

#endif
