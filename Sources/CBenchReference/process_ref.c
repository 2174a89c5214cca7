#include "process_ref.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/wait.h>

/// VmHWM of /proc/<pid>/status in KiB, or -1.
static long read_vmhwm(pid_t pid) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    char line[256];
    long kib = -1;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "VmHWM:", 6) == 0) {
            sscanf(line + 6, "%ld", &kib);
            break;
        }
    }
    fclose(f);
    return kib;
}

int cbr_wait_child(pid_t pid, int trace_exit, cbr_child_cost *cost) {
    memset(cost, 0, sizeof *cost);
    cost->peak_kib = -1;
    // Without permission to trace (Yama scope 2 or 3) the child simply runs untraced: peak_kib stays -1.
    if (trace_exit) ptrace(PTRACE_SEIZE, pid, NULL, (void *)(long)PTRACE_O_TRACEEXIT);
    for (;;) {
        int status = 0;
        struct rusage usage;
        pid_t got = wait4(pid, &status, 0, &usage);
        if (got < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        if (WIFSTOPPED(status)) {
            // Stopped by the tracer: at its exit read the peak, then let it go on; pass other signals on.
            int event = status >> 16, signal = WSTOPSIG(status);
            if (event == PTRACE_EVENT_EXIT) cost->peak_kib = read_vmhwm(pid);
            int deliver = (event != 0 || signal == SIGTRAP) ? 0 : signal;
            ptrace(PTRACE_CONT, pid, NULL, (void *)(long)deliver);
            continue;
        }
        cost->exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        cost->user_us = (long long)usage.ru_utime.tv_sec * 1000000 + usage.ru_utime.tv_usec;
        cost->system_us = (long long)usage.ru_stime.tv_sec * 1000000 + usage.ru_stime.tv_usec;
        cost->maxrss_kib = usage.ru_maxrss;
        return 0;
    }
}
