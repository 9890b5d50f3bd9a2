/*
 * server_link.c: how the driver reaches rvsimt. Unless RVSIMT_OPENCL_SERVER names a running server
 * (unix:PATH, a socket path, or HOST:PORT), the first OpenCL call of the process starts a private
 * `rvsimt serve --socket /tmp/rvsimt-ocl-PID-N.sock` and every simulated device is one connection to
 * it (the server gives each connection its own device and VRAM). The server must not outlive the
 * host process, however that ends:
 *  - normal exit: a destructor sends SIGTERM and waits; the server removes its socket file;
 *  - the host is killed: the server was started with PR_SET_PDEATHSIG = SIGTERM from a thread that
 *    lives as long as the process (the signal follows the forking *thread*, so it must not be a
 *    thread of the application's that may end earlier).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "icd.h"

#define MAX_DEVICES 8
#define HEAP_START 0x100000u /* VRAM below 1 MiB holds program images (docs/kernel-abi.md) */
/* The private server's VRAM: program images below HEAP_START plus the 128 MiB a full-profile device
   must allocate at once (RV_FULL_PROFILE_MIN_ALLOC). rvsimt allocates VRAM as one array when a
   client connects, so this is what each device costs in memory: no more than the profile needs. */
#define PRIVATE_SERVER_VRAM "129MiB"

struct rv_range {
    struct rv_range *next;
    uint64_t start, end;
    int written; /* the host or a kernel wrote to it (what the initcheck of RVSIMT_OPENCL_CHECK needs) */
};

static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static cl_int init_status = CL_SUCCESS;
static struct _cl_device_id devices[MAX_DEVICES];
static cl_uint device_count;

static pthread_mutex_t spawn_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t spawn_changed = PTHREAD_COND_INITIALIZER;
static pid_t server_pid = -1;
static int server_exited;
static int server_log_fd = -1;
static char socket_path[108];
static char **server_argv;

/* ---------------------------------------------------------------- messages */
void rv_warn(const char *fmt, ...) {
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    fprintf(stderr, "rvsimt opencl: %s\n", line);
}

/* ---------------------------------------------------------------- starting the server */
static char *repo_launcher(void) {
    /* The library built in the repository is clients/opencl/build/libRVSIMTOpenCL.so: the launcher
       is three folders up. */
    Dl_info info;
    if (!dladdr((void *)repo_launcher, &info) || !info.dli_fname) return NULL;
    char path[PATH_MAX];
    if (!realpath(info.dli_fname, path)) return NULL;
    for (int i = 0; i < 4; i++) {
        char *slash = strrchr(path, '/');
        if (!slash) return NULL;
        *slash = 0;
    }
    strncat(path, "/rvsimt", sizeof path - strlen(path) - 1);
    return access(path, X_OK) == 0 ? strdup(path) : NULL;
}

/* argv: RVSIMT_OPENCL_COMMAND's words (a command that accepts --socket PATH), else the rvsimt
   launcher with "serve"; then --socket PATH and RVSIMT_OPENCL_SERVER_ARGS's words. */
static char **build_argv(void) {
    char *words[64];
    int n = 0;
    static char command_copy[4096], extra_copy[1024];
    const char *command = getenv("RVSIMT_OPENCL_COMMAND");
    if (command && *command) {
        snprintf(command_copy, sizeof command_copy, "%s", command);
        for (char *w = strtok(command_copy, " \t"); w && n < 40; w = strtok(NULL, " \t")) words[n++] = w;
    } else {
        char *launcher = NULL;
        const char *home = getenv("RVSIMT_HOME");
        if (home && *home) {
            char p[PATH_MAX];
            snprintf(p, sizeof p, "%s/rvsimt", home);
            launcher = strdup(p);
        } else {
            launcher = repo_launcher();
        }
        words[n++] = launcher ? launcher : "rvsimt";
        words[n++] = "serve";
    }
    words[n++] = "--socket";
    words[n++] = socket_path;
    const char *extra = getenv("RVSIMT_OPENCL_SERVER_ARGS");
    if (!extra || !strstr(extra, "--vram")) { /* the server takes each flag once */
        words[n++] = "--vram";
        words[n++] = PRIVATE_SERVER_VRAM;
    }
    if (extra && *extra) {
        snprintf(extra_copy, sizeof extra_copy, "%s", extra);
        for (char *w = strtok(extra_copy, " \t"); w && n < 62; w = strtok(NULL, " \t")) words[n++] = w;
    }
    words[n] = NULL;
    char **argv = calloc((size_t)n + 1, sizeof *argv);
    for (int i = 0; i <= n; i++) argv[i] = words[i];
    return argv;
}

/* The thread that forks the server and reaps it; it lives as long as the process. */
static void *keeper(void *unused) {
    (void)unused;
    pid_t parent = getpid();
    int devnull = open("/dev/null", O_RDWR | O_CLOEXEC);
    pid_t pid = fork();
    if (pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (getppid() != parent) _exit(1);
        dup2(devnull, 0);
        dup2(devnull, 1);
        dup2(server_log_fd, 2);
        setpgid(0, 0); /* a terminal's Ctrl-C reaches the host, whose exit then stops the server */
        execvp(server_argv[0], server_argv);
        dprintf(2, "cannot run %s: %s\n", server_argv[0], strerror(errno));
        _exit(127);
    }
    if (devnull >= 0) close(devnull);
    pthread_mutex_lock(&spawn_lock);
    server_pid = pid;
    if (pid < 0) server_exited = 1;
    pthread_cond_broadcast(&spawn_changed);
    pthread_mutex_unlock(&spawn_lock);
    if (pid < 0) return NULL;
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    pthread_mutex_lock(&spawn_lock);
    server_exited = 1;
    pthread_cond_broadcast(&spawn_changed);
    pthread_mutex_unlock(&spawn_lock);
    return NULL;
}

static void stop_server(void) {
    pthread_mutex_lock(&spawn_lock);
    pid_t pid = server_pid;
    int exited = server_exited;
    pthread_mutex_unlock(&spawn_lock);
    if (pid <= 0 || exited) return;
    kill(pid, SIGTERM);
    /* Wait (bounded) for the keeper to reap it, so the socket file is gone when we return. */
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += 5;
    pthread_mutex_lock(&spawn_lock);
    while (!server_exited) {
        if (pthread_cond_timedwait(&spawn_changed, &spawn_lock, &deadline) == ETIMEDOUT) {
            kill(pid, SIGKILL);
            unlink(socket_path);
            break;
        }
    }
    pthread_mutex_unlock(&spawn_lock);
}

__attribute__((destructor)) static void at_unload(void) { stop_server(); }

static void print_server_log(void) {
    if (server_log_fd < 0) return;
    char buf[2048];
    ssize_t n = pread(server_log_fd, buf, sizeof buf - 1, 0);
    if (n > 0) {
        buf[n] = 0;
        for (char *line = strtok(buf, "\n"); line; line = strtok(NULL, "\n"))
            if (!strstr(line, "listening on")) rv_warn("server: %s", line);
    }
}

static int connect_spec(rvsimt_conn **c, const char *spec) {
    if (strncmp(spec, "unix:", 5) == 0) return rvsimt_connect_unix(c, spec + 5, 0);
    const char *colon = strrchr(spec, ':');
    if (spec[0] != '/' && colon && colon[1]) {
        char host[256];
        snprintf(host, sizeof host, "%.*s", (int)(colon - spec), spec);
        return rvsimt_connect_tcp(c, host, atoi(colon + 1), 0);
    }
    return rvsimt_connect_unix(c, spec, 0);
}

static cl_int spawn_server(void) {
    static int counter;
    snprintf(socket_path, sizeof socket_path, "/tmp/rvsimt-ocl-%d-%d.sock", (int)getpid(), counter++);
    char log_name[] = "/tmp/rvsimt-ocl-log-XXXXXX";
    server_log_fd = mkostemp(log_name, O_CLOEXEC);
    if (server_log_fd >= 0) unlink(log_name);
    server_argv = build_argv();
    pthread_t t;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    /* The keeper must not take the application's signals. */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    int r = pthread_create(&t, &attr, keeper, NULL);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    pthread_attr_destroy(&attr);
    if (r != 0) return CL_OUT_OF_HOST_MEMORY;
    pthread_mutex_lock(&spawn_lock);
    while (server_pid == -1 && !server_exited) pthread_cond_wait(&spawn_changed, &spawn_lock);
    pthread_mutex_unlock(&spawn_lock);
    /* Wait for the socket: a JVM starts in about a second; the launcher may first build its jar. */
    const char *limit_env = getenv("RVSIMT_OPENCL_START_TIMEOUT");
    long limit_ms = limit_env ? atol(limit_env) * 1000 : 600000;
    for (long waited = 0;; waited += 20) {
        pthread_mutex_lock(&spawn_lock);
        int exited = server_exited;
        pthread_mutex_unlock(&spawn_lock);
        if (exited) {
            rv_warn("the device server (%s) exited at start", server_argv[0]);
            print_server_log();
            return CL_PLATFORM_NOT_FOUND_KHR;
        }
        if (access(socket_path, F_OK) == 0) return CL_SUCCESS;
        if (waited >= limit_ms) {
            rv_warn("the device server (%s) did not open %s within %ld s", server_argv[0], socket_path,
                    limit_ms / 1000);
            stop_server();
            return CL_PLATFORM_NOT_FOUND_KHR;
        }
        struct timespec ts = {0, 20 * 1000000};
        nanosleep(&ts, NULL);
    }
}

static void init(void) {
    const char *spec = getenv("RVSIMT_OPENCL_SERVER");
    char own[128];
    if (!spec || !*spec) {
        init_status = spawn_server();
        if (init_status != CL_SUCCESS) return;
        snprintf(own, sizeof own, "unix:%s", socket_path);
        spec = own;
    }
    const char *count_env = getenv("RVSIMT_OPENCL_DEVICES");
    int want = count_env ? atoi(count_env) : 1;
    if (want < 1) want = 1;
    if (want > MAX_DEVICES) want = MAX_DEVICES;
    for (int i = 0; i < want; i++) {
        cl_device_id d = &devices[i];
        d->dispatch = &rv_dispatch;
        d->index = i;
        pthread_mutex_init(&d->conn_lock, NULL);
        pthread_mutex_init(&d->alloc_lock, NULL);
        pthread_mutex_init(&d->exec_lock, NULL);
        int r = connect_spec(&d->conn, spec);
        if (r == 0) r = rvsimt_hello(d->conn, getenv("RVSIMT_OPENCL_TOKEN"), &d->hello);
        if (r != 0) {
            rv_warn("cannot reach the device server at %s: %s", spec,
                    d->conn ? rvsimt_last_error(d->conn) : strerror(errno));
            if (d->conn) rvsimt_close(d->conn);
            d->conn = NULL;
            break;
        }
        d->heap_start = HEAP_START;
        d->heap_end = d->hello.vram_size;
        device_count++;
    }
    if (device_count == 0) init_status = CL_PLATFORM_NOT_FOUND_KHR;
}

cl_int rv_platform_init(void) {
    pthread_once(&init_once, init);
    return init_status;
}

cl_uint rv_device_count(void) { return device_count; }
cl_device_id rv_device(cl_uint i) { return i < device_count ? &devices[i] : NULL; }

int rv_is_device(cl_device_id d) {
    for (cl_uint i = 0; i < device_count; i++)
        if (d == &devices[i]) return 1;
    return 0;
}

uint64_t rv_device_max_alloc(cl_device_id d) { return (d->heap_end - d->heap_start); }

int rv_device_full_profile(cl_device_id d) { return rv_device_max_alloc(d) >= RV_FULL_PROFILE_MIN_ALLOC; }

int rv_device_request(cl_device_id d, uint32_t type, const void *fixed, size_t fixed_len, const void *data,
                      size_t data_len, uint8_t **reply, uint32_t *reply_len, int timeout_ms, char *message,
                      size_t message_cap) {
    pthread_mutex_lock(&d->conn_lock);
    int r;
    if (d->broken || !d->conn) {
        r = RVSIMT_ERR_IO;
        if (message) snprintf(message, message_cap, "the connection to the device server was lost");
    } else {
        r = rvsimt_request(d->conn, type, fixed, fixed_len, data, data_len, reply, reply_len, timeout_ms);
        if (r != 0 && message) snprintf(message, message_cap, "%s", rvsimt_last_error(d->conn));
        if (r == RVSIMT_ERR_IO || r == RVSIMT_ERR_PROTOCOL) d->broken = 1;
    }
    pthread_mutex_unlock(&d->conn_lock);
    return r;
}

/* ---------------------------------------------------------------- VRAM */
uint64_t rv_vram_alloc(cl_device_id d, uint64_t size, uint64_t align) {
    if (size == 0) size = 1;
    pthread_mutex_lock(&d->alloc_lock);
    uint64_t at = d->heap_start;
    struct rv_range **link = &d->used;
    uint64_t found = 0;
    for (;;) {
        at = (at + align - 1) & ~(align - 1);
        struct rv_range *next = *link;
        uint64_t limit = next ? next->start : d->heap_end;
        if (at + size <= limit) {
            struct rv_range *r = malloc(sizeof *r);
            if (r) {
                r->start = at;
                r->end = at + size;
                r->written = 0;
                r->next = next;
                *link = r;
                found = at;
            }
            break;
        }
        if (!next) break;
        at = next->end;
        link = &next->next;
    }
    pthread_mutex_unlock(&d->alloc_lock);
    return found;
}

void rv_vram_free(cl_device_id d, uint64_t address) {
    pthread_mutex_lock(&d->alloc_lock);
    for (struct rv_range **link = &d->used; *link; link = &(*link)->next) {
        if ((*link)->start == address) {
            struct rv_range *r = *link;
            *link = r->next;
            free(r);
            break;
        }
    }
    pthread_mutex_unlock(&d->alloc_lock);
}

/* Transfers go in pieces well under the server's payload bound. */
#define CHUNK (4u << 20)

void rv_vram_mark_written(cl_device_id d, uint64_t address) {
    pthread_mutex_lock(&d->alloc_lock);
    for (struct rv_range *r = d->used; r; r = r->next)
        if (address >= r->start && address < r->end) r->written = 1;
    pthread_mutex_unlock(&d->alloc_lock);
}

void rv_vram_mark_all_written(cl_device_id d) {
    pthread_mutex_lock(&d->alloc_lock);
    for (struct rv_range *r = d->used; r; r = r->next) r->written = 1;
    pthread_mutex_unlock(&d->alloc_lock);
}

size_t rv_vram_ranges(cl_device_id d, rv_vram_range *out, size_t cap) {
    size_t n = 0;
    pthread_mutex_lock(&d->alloc_lock);
    for (struct rv_range *r = d->used; r; r = r->next, n++)
        if (n < cap) out[n] = (rv_vram_range){r->start, r->end - r->start, r->written};
    pthread_mutex_unlock(&d->alloc_lock);
    return n;
}

int rv_vram_write(cl_device_id d, uint64_t address, const void *src, size_t length) {
    rv_vram_mark_written(d, address);
    const uint8_t *p = src;
    do {
        uint32_t n = length > CHUNK ? CHUNK : (uint32_t)length;
        uint8_t fixed[8];
        for (int i = 0; i < 8; i++) fixed[i] = (uint8_t)(address >> (8 * i));
        int r = rv_device_request(d, 0x0005, fixed, 8, p, n, NULL, NULL, 0, NULL, 0);
        if (r) return r;
        p += n;
        address += n;
        length -= n;
    } while (length > 0);
    return 0;
}

int rv_vram_read(cl_device_id d, uint64_t address, void *dst, size_t length) {
    uint8_t *p = dst;
    while (length > 0) {
        uint32_t n = length > CHUNK ? CHUNK : (uint32_t)length;
        uint8_t fixed[12];
        for (int i = 0; i < 8; i++) fixed[i] = (uint8_t)(address >> (8 * i));
        for (int i = 0; i < 4; i++) fixed[8 + i] = (uint8_t)(n >> (8 * i));
        uint8_t *reply = NULL;
        uint32_t got = 0;
        int r = rv_device_request(d, 0x0004, fixed, 12, NULL, 0, &reply, &got, 0, NULL, 0);
        if (r) return r;
        if (got != n) {
            free(reply);
            return RVSIMT_ERR_PROTOCOL;
        }
        memcpy(p, reply, n);
        free(reply);
        p += n;
        address += n;
        length -= n;
    }
    return 0;
}
