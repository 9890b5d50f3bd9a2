/*
 * checks.c: the sanitizer checks of `rvsimt run --check` for OpenCL programs (docs/opencl.md,
 * "Checks"). RVSIMT_OPENCL_CHECK names them (memcheck,racecheck,synccheck,initcheck or all); each
 * NDRange is then the device protocol's LAUNCH_CHECKED, which needs the driver's allocations as
 * regions: the device has no allocator of its own.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command.h"

static const char *NAMES[] = {"memcheck", "racecheck", "synccheck", "initcheck"};

static pthread_once_t parse_once = PTHREAD_ONCE_INIT;
static uint32_t requested;

static void parse(void) {
    const char *v = getenv("RVSIMT_OPENCL_CHECK");
    if (!v || !*v) return;
    char *copy = strdup(v), *save = NULL;
    if (!copy) return;
    uint32_t mask = 0;
    for (char *item = strtok_r(copy, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        while (*item == ' ') item++;
        if (strcmp(item, "all") == 0) {
            mask |= 0xF;
            continue;
        }
        uint32_t bit = 0;
        for (int i = 0; i < 4; i++)
            if (strcmp(item, NAMES[i]) == 0) bit = 1u << i;
        if (!bit) {
            rv_warn("RVSIMT_OPENCL_CHECK: unknown check '%s' (memcheck, racecheck, synccheck, initcheck, or all): "
                    "kernels run without checks",
                    item);
            free(copy);
            return;
        }
        mask |= bit;
    }
    free(copy);
    requested = mask;
}

uint32_t rv_checks_requested(void) {
    pthread_once(&parse_once, parse);
    return requested;
}

static void put32(uint8_t *p, uint32_t v) {
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}

/* Appends n bytes to a growing buffer; returns 0 when out of memory. */
static int append(uint8_t **buf, size_t *len, size_t *cap, const void *p, size_t n) {
    if (*len + n > *cap) {
        size_t c = (*cap + n) * 2;
        uint8_t *b = realloc(*buf, c);
        if (!b) return 0;
        *buf = b;
        *cap = c;
    }
    memcpy(*buf + *len, p, n);
    *len += n;
    return 1;
}

uint8_t *rv_checks_payload(cl_device_id d, const uint8_t *launch, size_t launch_len, uint32_t checks,
                           uint64_t args, const uint64_t *addresses, const char *const *names, size_t named,
                           size_t *out_len) {
    rv_vram_range ranges[512];
    size_t count = rv_vram_ranges(d, ranges, 512);
    if (count > 512) count = 512; /* the rest is unnamed: an access there is reported against a neighbour */
    uint8_t *buf = NULL;
    size_t len = 0, cap = 0;
    uint8_t word[8];
    int ok = append(&buf, &len, &cap, launch, launch_len);
    put32(word, checks);
    put32(word + 4, (uint32_t)count);
    ok = ok && append(&buf, &len, &cap, word, 8);
    for (size_t i = 0; i < count && ok; i++) {
        char fallback[48];
        const char *name = NULL;
        if (ranges[i].start == args) name = "arguments";
        for (size_t k = 0; k < named && !name; k++)
            if (addresses[k] == ranges[i].start) name = names[k];
        if (!name) {
            snprintf(fallback, sizeof fallback, "buffer at 0x%08llx", (unsigned long long)ranges[i].start);
            name = fallback;
        }
        uint8_t fixed[20];
        for (int b = 0; b < 8; b++) fixed[b] = (uint8_t)(ranges[i].start >> (8 * b));
        put32(fixed + 8, (uint32_t)ranges[i].size);
        put32(fixed + 12, ranges[i].written ? 1u : 0u); /* bit 0: initialized */
        put32(fixed + 16, (uint32_t)strlen(name));
        ok = append(&buf, &len, &cap, fixed, sizeof fixed) && append(&buf, &len, &cap, name, strlen(name));
    }
    if (!ok) {
        free(buf);
        return NULL;
    }
    *out_len = len;
    return buf;
}
