/* rvsimt_client.c: see rvsimt_client.h and docs/protocol.md. */
#define _POSIX_C_SOURCE 200809L
#include "rvsimt_client.h"

#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

enum {
    T_HELLO = 0x0001, T_MMIO_READ = 0x0002, T_MMIO_WRITE = 0x0003, T_VRAM_READ = 0x0004, T_VRAM_WRITE = 0x0005,
    T_DMA_TO_DEVICE = 0x0006, T_DMA_FROM_DEVICE = 0x0007, T_RESET = 0x0008, T_LOAD_KERNEL = 0x0009,
    T_LAUNCH = 0x000A, T_INTERRUPT = 0xF001, T_ERROR = 0xFFFF, REPLY = 0x8000
};

#define HEADER 12
#define QUEUE 64

struct rvsimt_conn {
    int fd;
    uint32_t next_tag;
    int timeout_ms;
    char err[512];
    rvsimt_interrupt queue[QUEUE];
    int qhead, qlen;
};

static int fail(rvsimt_conn *c, int code, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->err, sizeof c->err, fmt, ap);
    va_end(ap);
    return code;
}

const char *rvsimt_last_error(const rvsimt_conn *c) { return c ? c->err : "no connection"; }

/* ---- little-endian */
static void put16(uint8_t *p, uint32_t v) { p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); }
static void put32(uint8_t *p, uint32_t v) { for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i)); }
static void put64(uint8_t *p, uint64_t v) { for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i)); }
static uint32_t get16(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8; }
static uint32_t get32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static uint64_t get64(const uint8_t *p) { return (uint64_t)get32(p) | (uint64_t)get32(p + 4) << 32; }

static long long now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int wait_fd(rvsimt_conn *c, short events, long long deadline) {
    for (;;) {
        long long left = deadline - now_ms();
        if (left <= 0) return fail(c, RVSIMT_ERR_IO, "timed out after %d ms", c->timeout_ms);
        struct pollfd p = {c->fd, events, 0};
        int n = poll(&p, 1, (int)left);
        if (n > 0) return 0;
        if (n < 0 && errno != EINTR) return fail(c, RVSIMT_ERR_IO, "poll: %s", strerror(errno));
    }
}

static int send_all(rvsimt_conn *c, const void *buf, size_t len, long long deadline) {
    const uint8_t *p = buf;
    while (len > 0) {
        ssize_t n = send(c->fd, p, len, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n > 0) {
            p += n;
            len -= (size_t)n;
        } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) {
            int r = wait_fd(c, POLLOUT, deadline);
            if (r) return r;
        } else {
            return fail(c, RVSIMT_ERR_IO, "send: %s", strerror(errno));
        }
    }
    return 0;
}

static int recv_all(rvsimt_conn *c, void *buf, size_t len, long long deadline) {
    uint8_t *p = buf;
    while (len > 0) {
        ssize_t n = recv(c->fd, p, len, MSG_DONTWAIT);
        if (n > 0) {
            p += n;
            len -= (size_t)n;
        } else if (n == 0) {
            return fail(c, RVSIMT_ERR_IO, "server closed the connection");
        } else if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
            int r = wait_fd(c, POLLIN, deadline);
            if (r) return r;
        } else {
            return fail(c, RVSIMT_ERR_IO, "recv: %s", strerror(errno));
        }
    }
    return 0;
}

/* Sends header + fixed part + data (data is not copied). Returns the tag in *tag. */
static int send_frame(rvsimt_conn *c, uint32_t type, const void *fixed, size_t fixed_len, const void *data,
                      size_t data_len, uint32_t *tag) {
    size_t len = fixed_len + data_len;
    if (len > 0xFFFFFFF0u) return fail(c, RVSIMT_ERR_PROTOCOL, "payload of %zu bytes is too large", len);
    uint8_t h[HEADER];
    *tag = c->next_tag++;
    if (c->next_tag == 0) c->next_tag = 1;
    put32(h, (uint32_t)len);
    put16(h + 4, type);
    put16(h + 6, 0);
    put32(h + 8, *tag);
    long long deadline = now_ms() + c->timeout_ms + (long long)(len >> 20) * 1000;
    int r = send_all(c, h, HEADER, deadline);
    if (!r && fixed_len) r = send_all(c, fixed, fixed_len, deadline);
    if (!r && data_len) r = send_all(c, data, data_len, deadline);
    return r;
}

/* Reads one frame; *payload is malloc'ed (free it) unless the payload is empty. */
static int read_frame(rvsimt_conn *c, long long deadline, uint32_t *type, uint32_t *tag, uint8_t **payload,
                      uint32_t *len) {
    uint8_t h[HEADER];
    int r = recv_all(c, h, HEADER, deadline);
    if (r) return r;
    *len = get32(h);
    *type = get16(h + 4);
    *tag = get32(h + 8);
    if (*len > 0x7FFFFFF0u) return fail(c, RVSIMT_ERR_PROTOCOL, "server frame of %u bytes", *len);
    *payload = NULL;
    if (*len) {
        *payload = malloc(*len);
        if (!*payload) return fail(c, RVSIMT_ERR_IO, "out of memory for %u bytes", *len);
        r = recv_all(c, *payload, *len, deadline + (long long)(*len >> 20) * 1000);
        if (r) {
            free(*payload);
            *payload = NULL;
            return r;
        }
    }
    return 0;
}

static void queue_interrupt(rvsimt_conn *c, const uint8_t *p, uint32_t len) {
    if (len < 24) return;
    rvsimt_interrupt irq = {get32(p), get32(p + 4), get32(p + 8), get32(p + 12), get32(p + 16), (int32_t)get32(p + 20)};
    if (c->qlen == QUEUE) { /* drop the oldest */
        c->qhead = (c->qhead + 1) % QUEUE;
        c->qlen--;
    }
    c->queue[(c->qhead + c->qlen) % QUEUE] = irq;
    c->qlen++;
}

static int error_frame(rvsimt_conn *c, const uint8_t *p, uint32_t len) {
    if (len < 10) return fail(c, RVSIMT_ERR_PROTOCOL, "short ERROR frame");
    uint32_t code = get32(p);
    uint32_t n = get32(p + 6);
    if (n > len - 10) n = len - 10;
    fail(c, (int)code, "server error %u: %.*s", code, (int)n, (const char *)(p + 10));
    return code == 0 ? RVSIMT_ERR_PROTOCOL : (int)code;
}

/* Sends a request and waits for its reply; interrupts are queued meanwhile. */
static int request(rvsimt_conn *c, uint32_t type, const void *fixed, size_t fixed_len, const void *data,
                   size_t data_len, uint8_t **reply, uint32_t *reply_len) {
    uint32_t tag = 0;
    int r = send_frame(c, type, fixed, fixed_len, data, data_len, &tag);
    if (r) return r;
    long long deadline = now_ms() + c->timeout_ms;
    for (;;) {
        uint32_t t, g, len;
        uint8_t *p;
        r = read_frame(c, deadline, &t, &g, &p, &len);
        if (r) return r;
        if (t == T_INTERRUPT) {
            queue_interrupt(c, p, len);
            free(p);
            continue;
        }
        if (t == T_ERROR && (g == tag || g == 0)) {
            r = error_frame(c, p, len);
            free(p);
            return r;
        }
        if (g == tag && t == (type | REPLY)) {
            if (reply) {
                *reply = p;
                *reply_len = len;
            } else {
                free(p);
            }
            return 0;
        }
        free(p);
        return fail(c, RVSIMT_ERR_PROTOCOL, "unexpected frame type 0x%04x tag %u", t, g);
    }
}

static int expect_len(rvsimt_conn *c, uint8_t *p, uint32_t len, uint32_t want) {
    if (len != want) {
        free(p);
        return fail(c, RVSIMT_ERR_PROTOCOL, "reply of %u bytes, expected %u", len, want);
    }
    return 0;
}

/* ---- connections */
static int make_conn(rvsimt_conn **out, int fd, int timeout_ms) {
    rvsimt_conn *c = calloc(1, sizeof *c);
    if (!c) {
        close(fd);
        return RVSIMT_ERR_IO;
    }
    c->fd = fd;
    c->next_tag = 1;
    c->timeout_ms = timeout_ms > 0 ? timeout_ms : 30000;
    *out = c;
    return 0;
}

int rvsimt_connect_unix(rvsimt_conn **out, const char *path, int timeout_ms) {
    *out = NULL;
    struct sockaddr_un a;
    memset(&a, 0, sizeof a);
    a.sun_family = AF_UNIX;
    if (strlen(path) >= sizeof a.sun_path) return RVSIMT_ERR_IO;
    strcpy(a.sun_path, path);
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    if (fd < 0) return RVSIMT_ERR_IO;
    if (connect(fd, (struct sockaddr *)&a, sizeof a) != 0) {
        close(fd);
        return RVSIMT_ERR_IO;
    }
    return make_conn(out, fd, timeout_ms);
}

int rvsimt_connect_tcp(rvsimt_conn **out, const char *host, int port, int timeout_ms) {
    *out = NULL;
    char ports[16];
    snprintf(ports, sizeof ports, "%d", port);
    struct addrinfo hints, *res, *ai;
    memset(&hints, 0, sizeof hints);
    hints.ai_socktype = SOCK_STREAM;
    if (getaddrinfo(host, ports, &hints, &res) != 0) return RVSIMT_ERR_IO;
    int fd = -1;
    for (ai = res; ai; ai = ai->ai_next) {
        fd = socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
        if (fd < 0) continue;
        if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0) break;
        close(fd);
        fd = -1;
    }
    freeaddrinfo(res);
    if (fd < 0) return RVSIMT_ERR_IO;
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return make_conn(out, fd, timeout_ms);
}

void rvsimt_close(rvsimt_conn *c) {
    if (!c) return;
    close(c->fd);
    free(c);
}

int rvsimt_hello(rvsimt_conn *c, const char *token, rvsimt_hello_info *info) {
    size_t tl = token ? strlen(token) : 0;
    if (tl > 0xFFFF) return fail(c, RVSIMT_ERR_PROTOCOL, "token too long");
    uint8_t f[14];
    put32(f, RVSIMT_MAGIC);
    put16(f + 4, RVSIMT_MAJOR);
    put16(f + 6, RVSIMT_MINOR);
    put32(f + 8, 0);
    put16(f + 12, (uint32_t)tl);
    uint8_t *p;
    uint32_t len;
    int r = request(c, T_HELLO, f, sizeof f, token, tl, &p, &len);
    if (r) return r;
    if ((r = expect_len(c, p, len, 40))) return r;
    if (get32(p) != RVSIMT_MAGIC) {
        free(p);
        return fail(c, RVSIMT_ERR_PROTOCOL, "bad magic in HELLO reply");
    }
    if (info) {
        info->major = (uint16_t)get16(p + 4);
        info->minor = (uint16_t)get16(p + 6);
        info->client_id = get32(p + 8);
        info->server_flags = get32(p + 12);
        info->vram_size = get64(p + 16);
        info->max_payload = get32(p + 24);
        info->dev_id = get32(p + 28);
        info->dev_version = get32(p + 32);
        info->dev_caps = get32(p + 36);
    }
    free(p);
    return 0;
}

int rvsimt_mmio_read(rvsimt_conn *c, int bar, int width, uint32_t offset, uint64_t *value, uint32_t *status) {
    uint8_t f[8] = {(uint8_t)bar, (uint8_t)width, 0, 0};
    put32(f + 4, offset);
    uint8_t *p;
    uint32_t len;
    int r = request(c, T_MMIO_READ, f, sizeof f, NULL, 0, &p, &len);
    if (r) return r;
    if ((r = expect_len(c, p, len, 12))) return r;
    if (status) *status = get32(p);
    if (value) *value = get64(p + 4);
    free(p);
    return 0;
}

int rvsimt_mmio_write(rvsimt_conn *c, int bar, int width, uint32_t offset, uint64_t value, uint32_t *status) {
    uint8_t f[16] = {(uint8_t)bar, (uint8_t)width, 0, 0};
    put32(f + 4, offset);
    put64(f + 8, value);
    uint8_t *p;
    uint32_t len;
    int r = request(c, T_MMIO_WRITE, f, sizeof f, NULL, 0, &p, &len);
    if (r) return r;
    if ((r = expect_len(c, p, len, 4))) return r;
    if (status) *status = get32(p);
    free(p);
    return 0;
}

int rvsimt_read32(rvsimt_conn *c, uint32_t offset, uint32_t *value) {
    uint64_t v = 0;
    int r = rvsimt_mmio_read(c, RVSIMT_BAR_REGS, 4, offset, &v, NULL);
    if (!r && value) *value = (uint32_t)v;
    return r;
}

int rvsimt_write32(rvsimt_conn *c, uint32_t offset, uint32_t value) {
    return rvsimt_mmio_write(c, RVSIMT_BAR_REGS, 4, offset, value, NULL);
}

static int read_into(rvsimt_conn *c, uint32_t type, const uint8_t *fixed, size_t fixed_len, void *dst,
                     uint32_t length) {
    uint8_t *p;
    uint32_t len;
    int r = request(c, type, fixed, fixed_len, NULL, 0, &p, &len);
    if (r) return r;
    if ((r = expect_len(c, p, len, length))) return r;
    if (length) memcpy(dst, p, length);
    free(p);
    return 0;
}

int rvsimt_vram_read(rvsimt_conn *c, uint64_t address, void *dst, uint32_t length) {
    uint8_t f[12];
    put64(f, address);
    put32(f + 8, length);
    return read_into(c, T_VRAM_READ, f, sizeof f, dst, length);
}

int rvsimt_vram_write(rvsimt_conn *c, uint64_t address, const void *src, uint32_t length) {
    uint8_t f[8];
    put64(f, address);
    return request(c, T_VRAM_WRITE, f, sizeof f, src, length, NULL, NULL);
}

int rvsimt_dma_to_device(rvsimt_conn *c, uint64_t vram_address, const void *src, uint32_t length, uint32_t flags) {
    uint8_t f[12];
    put64(f, vram_address);
    put32(f + 8, flags);
    uint8_t *p;
    uint32_t len;
    int r = request(c, T_DMA_TO_DEVICE, f, sizeof f, src, length, &p, &len);
    if (r) return r;
    free(p);
    return 0;
}

int rvsimt_dma_from_device(rvsimt_conn *c, uint64_t vram_address, void *dst, uint32_t length, uint32_t flags) {
    uint8_t f[16];
    put64(f, vram_address);
    put32(f + 8, length);
    put32(f + 12, flags);
    return read_into(c, T_DMA_FROM_DEVICE, f, sizeof f, dst, length);
}

int rvsimt_reset(rvsimt_conn *c, uint32_t flags) {
    uint8_t f[4];
    put32(f, flags);
    return request(c, T_RESET, f, sizeof f, NULL, 0, NULL, NULL);
}

int rvsimt_load_kernel(rvsimt_conn *c, uint32_t format, uint64_t load_address, const void *image, uint32_t length,
                       uint64_t *entry) {
    uint8_t f[12];
    put32(f, format);
    put64(f + 4, load_address);
    uint8_t *p;
    uint32_t len;
    int r = request(c, T_LOAD_KERNEL, f, sizeof f, image, length, &p, &len);
    if (r) return r;
    if ((r = expect_len(c, p, len, 24))) return r;
    if (entry) *entry = get64(p);
    free(p);
    return 0;
}

static void copy_str(char *dst, size_t cap, const uint8_t *p, uint32_t avail, uint32_t *used) {
    uint32_t n = avail >= 4 ? get32(p) : 0;
    if (n > avail - 4) n = avail - 4;
    size_t k = n < cap - 1 ? n : cap - 1;
    memcpy(dst, p + 4, k);
    dst[k] = 0;
    *used = 4 + n;
}

int rvsimt_launch(rvsimt_conn *c, const rvsimt_launch_params *q, rvsimt_launch_result *out) {
    uint8_t f[56];
    put64(f, q->kernel_address);
    put64(f + 8, q->args_address);
    for (int i = 0; i < 3; i++) {
        put32(f + 16 + 4 * i, q->grid[i]);
        put32(f + 28 + 4 * i, q->block[i]);
    }
    put32(f + 40, q->shared_bytes);
    put32(f + 44, q->dispatch_flags);
    put32(f + 48, q->kernel_size);
    put32(f + 52, q->timeout_ms);
    int saved = c->timeout_ms;
    if (q->timeout_ms == 0 || q->timeout_ms + 5000u > (uint32_t)saved)
        c->timeout_ms = q->timeout_ms ? (int)q->timeout_ms + 5000 : 24 * 3600 * 1000;
    uint8_t *p;
    uint32_t len;
    int r = request(c, T_LAUNCH, f, sizeof f, NULL, 0, &p, &len);
    c->timeout_ms = saved;
    if (r) return r;
    if (len < 68) {
        free(p);
        return fail(c, RVSIMT_ERR_PROTOCOL, "short LAUNCH reply");
    }
    rvsimt_launch_result res;
    memset(&res, 0, sizeof res);
    res.result = (int32_t)get32(p);
    res.dispatch_seq = get32(p + 4);
    res.error_status = get32(p + 8);
    res.irq_status = get32(p + 12);
    res.fault_kind = get32(p + 16);
    res.fault_pc = get32(p + 20);
    res.fault_address = get64(p + 24);
    res.warp_instructions = get64(p + 32);
    res.lane_instructions = get64(p + 40);
    res.wall_ns = get64(p + 48);
    uint32_t at = 56, used;
    copy_str(res.fault_kind_name, sizeof res.fault_kind_name, p + at, len - at, &used);
    at += used;
    if (at < len) copy_str(res.message, sizeof res.message, p + at, len - at, &used);
    free(p);
    if (out) *out = res;
    return 0;
}

int rvsimt_request(rvsimt_conn *c, uint32_t type, const void *fixed, size_t fixed_len, const void *data,
                   size_t data_len, uint8_t **reply, uint32_t *reply_len, int timeout_ms) {
    int saved = c->timeout_ms;
    if (timeout_ms > 0) c->timeout_ms = timeout_ms;
    uint8_t *p = NULL;
    uint32_t len = 0;
    int r = request(c, type, fixed, fixed_len, data, data_len, &p, &len);
    c->timeout_ms = saved;
    if (r) return r;
    if (reply) {
        *reply = p;
    } else {
        free(p);
    }
    if (reply_len) *reply_len = len;
    return 0;
}

int rvsimt_wait_interrupt(rvsimt_conn *c, int timeout_ms, rvsimt_interrupt *irq) {
    long long deadline = now_ms() + (timeout_ms > 0 ? timeout_ms : c->timeout_ms);
    while (c->qlen == 0) {
        uint32_t t, g, len;
        uint8_t *p;
        int r = read_frame(c, deadline, &t, &g, &p, &len);
        if (r) return r;
        if (t == T_INTERRUPT) {
            queue_interrupt(c, p, len);
        } else if (t == T_ERROR) {
            r = error_frame(c, p, len);
            free(p);
            return r;
        } else {
            free(p);
            return fail(c, RVSIMT_ERR_PROTOCOL, "expected an INTERRUPT, got frame type 0x%04x", t);
        }
        free(p);
    }
    if (irq) *irq = c->queue[c->qhead];
    c->qhead = (c->qhead + 1) % QUEUE;
    c->qlen--;
    return 0;
}
