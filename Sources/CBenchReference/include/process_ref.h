// Waiting for a benchmark's child process and reading its peak resident memory.
#ifndef CBENCHREFERENCE_PROCESS_REF_H
#define CBENCHREFERENCE_PROCESS_REF_H
#include <sys/types.h>

/// What a child cost, as the kernel accounts it.
typedef struct {
    /// Exit code, or 128 + the signal number when a signal ended it.
    int exit_code;
    /// User and system CPU time of the child, microseconds.
    long long user_us, system_us;
    /// Peak resident set of the child's own program in KiB (VmHWM read at its exit), or -1 when it
    /// could not be read (tracing not permitted, or not asked for).
    long peak_kib;
    /// Peak resident set as wait4 reports it (ru_maxrss, KiB). Includes the parent's peak at the time
    /// of the spawn (the kernel carries the old address space's high-water mark across exec).
    long maxrss_kib;
} cbr_child_cost;

/// Waits for `pid` to end and fills `cost`. With `trace_exit` nonzero it first attaches with
/// PTRACE_SEIZE and stops the child at its exit, to read /proc/<pid>/status VmHWM while the address
/// space still exists. Returns 0, or an errno value when waiting failed.
int cbr_wait_child(pid_t pid, int trace_exit, cbr_child_cost *cost);

#endif
