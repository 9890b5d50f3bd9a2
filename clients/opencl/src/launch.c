/*
 * launch.c: clEnqueueNDRangeKernel (OpenCL 1.2 section 5.8). A work-group is one block of the
 * device, a work-item one thread; global size / local size blocks per dimension (1.2 requires the
 * division to be exact). The kernel's arguments are captured into an argument block when the
 * command is queued (section 5.7.2: later clSetKernelArg calls do not affect it):
 *
 *   u32 work_dim, u32 global_offset[3], then each argument's slot at the offset the program
 *   container gives: a buffer's VRAM address, a __local argument's size, or a value's bytes.
 *
 * The entry stub the OpenCL front end adds turns __local sizes into shared-memory pointers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command.h"

#define LOCAL_MEM_LIMIT (64 * 1024) /* CL_DEVICE_LOCAL_MEM_SIZE */
#define DEFAULT_GROUP_LIMIT 256     /* work-items per group when the application gives no local size */

typedef struct {
    cl_kernel kernel;
    uint8_t *block;
    uint32_t block_bytes;
    uint32_t grid[3], group[3];
    uint32_t shared;
    cl_mem mems[64];
    cl_uint num_mems;
    uint64_t mem_addresses[64]; /* each buffer argument's address and name, for the checks' reports */
    const char *mem_names[64];
} launch_data;

static uint32_t le32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static uint64_t le64(const uint8_t *p) { return le32(p) | (uint64_t)le32(p + 4) << 32; }
static void put32(uint8_t *p, uint32_t v) {
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}
static void put64(uint8_t *p, uint64_t v) {
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i));
}

/* A string field of a reply (u32 length, bytes), malloc'ed; advances *at. */
static char *reply_str(const uint8_t *p, uint32_t len, uint32_t *at) {
    if (*at + 4 > len) return strdup("");
    uint32_t n = le32(p + *at);
    if (n > len - *at - 4) n = len - *at - 4;
    char *s = malloc((size_t)n + 1);
    if (!s) return NULL;
    memcpy(s, p + *at + 4, n);
    s[n] = 0;
    *at += 4 + n;
    return s;
}

static cl_int run_launch(rv_command *c) {
    launch_data *L = c->data;
    cl_device_id d = c->event->queue->device;
    const rv_binary *bin = L->kernel->program->binary;
    const rv_kernel_info *info = L->kernel->info;
    char message[512];
    cl_int status = CL_SUCCESS;
    pthread_mutex_lock(&d->exec_lock);
    if (d->resident_serial != bin->serial) {
        uint8_t fixed[12] = {1}; /* format 1: ELF; load address ignored */
        int r = rv_device_request(d, 0x0009, fixed, sizeof fixed, bin->elf, bin->elf_length, NULL, NULL, 0, message,
                                  sizeof message);
        if (r) {
            rv_warn("cannot load the program of kernel %s: %s", info->name, message);
            pthread_mutex_unlock(&d->exec_lock);
            return CL_OUT_OF_RESOURCES;
        }
        d->resident_serial = bin->serial;
    }
    /* aligned as buffers are, so it never fills the padding after a buffer, where memcheck
       (RVSIMT_OPENCL_CHECK) would take an overrun of that buffer for a read of the arguments */
    uint64_t args = rv_vram_alloc(d, L->block_bytes, 128);
    if (!args || rv_vram_write(d, args, L->block, L->block_bytes)) {
        if (args) rv_vram_free(d, args);
        pthread_mutex_unlock(&d->exec_lock);
        return CL_MEM_OBJECT_ALLOCATION_FAILURE;
    }
    uint8_t f[56] = {0};
    put64(f, info->entry);
    put64(f + 8, args);
    for (int i = 0; i < 3; i++) {
        put32(f + 16 + 4 * i, L->grid[i]);
        put32(f + 28 + 4 * i, L->group[i]);
    }
    put32(f + 40, L->shared);
    const char *timeout = getenv("RVSIMT_OPENCL_TIMEOUT_MS");
    put32(f + 52, timeout ? (uint32_t)atol(timeout) : 0);
    uint8_t *reply = NULL;
    uint32_t len = 0;
    uint32_t checks = rv_checks_requested();
    uint8_t *checked = NULL;
    size_t checked_len = 0;
    if (checks) {
        checked = rv_checks_payload(d, f, sizeof f, checks, args, L->mem_addresses, L->mem_names, L->num_mems,
                                    &checked_len);
        if (!checked) {
            rv_vram_free(d, args);
            pthread_mutex_unlock(&d->exec_lock);
            return CL_OUT_OF_HOST_MEMORY;
        }
    }
    int r = checks ? rv_device_request(d, RVSIMT_T_LAUNCH_CHECKED, checked, checked_len, NULL, 0, &reply, &len,
                                       24 * 3600 * 1000, message, sizeof message)
                   : rv_device_request(d, RVSIMT_T_LAUNCH, f, sizeof f, NULL, 0, &reply, &len, 24 * 3600 * 1000,
                                       message, sizeof message);
    free(checked);
    rv_vram_free(d, args);
    rv_vram_mark_all_written(d); /* the kernel may have written any buffer */
    pthread_mutex_unlock(&d->exec_lock);
    if (r != 0 || len < 56) {
        free(reply);
        rv_warn("kernel %s was not launched: %s", info->name, r ? message : "short LAUNCH reply");
        return CL_OUT_OF_RESOURCES;
    }
    int32_t result = (int32_t)le32(reply);
    uint32_t at = 56;
    char *kind = reply_str(reply, len, &at);
    char *fault = reply_str(reply, len, &at);
    char *console = reply_str(reply, len, &at);
    if (checks && at + 8 <= len) {
        uint32_t errors = le32(reply + at), warnings = le32(reply + at + 4);
        at += 8;
        char *report = reply_str(reply, len, &at);
        c->event->findings = reply_str(reply, len, &at);
        if (errors + warnings > 0) {
            /* the report as rvsimt run --check prints it, after a line naming the kernel */
            rv_warn("kernel %s: checks found %u error%s, %u warning%s:", info->name, errors, errors == 1 ? "" : "s",
                    warnings, warnings == 1 ? "" : "s");
            fputs(report ? report : "", stderr);
            fflush(stderr);
        }
        if (errors > 0 && result == 0) status = CL_OUT_OF_RESOURCES; /* as for a fault: the kernel is wrong */
        free(report);
    }
    if (console && *console) { /* the kernel's printf output, as a device's printf buffer is flushed */
        fputs(console, stdout);
        if (console[strlen(console) - 1] != '\n') fputc('\n', stdout);
        fflush(stdout);
    }
    char stats[256];
    snprintf(stats, sizeof stats,
             "{\"warp_instructions\": %llu, \"lane_instructions\": %llu, \"wall_ns\": %llu}",
             (unsigned long long)le64(reply + 32), (unsigned long long)le64(reply + 40),
             (unsigned long long)le64(reply + 48));
    c->event->statistics = strdup(stats);
    if (result != 0) {
        /* A fault fails the command with CL_OUT_OF_RESOURCES (what GPU drivers report for a
           kernel that faulted); the one-line report is on stderr and in the event. */
        char line[2400];
        snprintf(line, sizeof line, "kernel %s: %s: %s", info->name, kind ? kind : "fault", fault ? fault : "");
        c->event->fault = strdup(line);
        rv_warn("%s", line);
        status = CL_OUT_OF_RESOURCES;
    }
    free(kind);
    free(fault);
    free(console);
    free(reply);
    return status;
}

static void cleanup_launch(rv_command *c) {
    launch_data *L = c->data;
    if (!L) return;
    for (cl_uint i = 0; i < L->num_mems; i++) rv_clReleaseMemObject(L->mems[i]);
    if (L->kernel) rv_clReleaseKernel(L->kernel);
    free(L->block);
    free(L);
}

/* The largest divisor of n that is at most limit. */
static size_t divisor_at_most(size_t n, size_t limit) {
    for (size_t v = limit < n ? limit : n; v > 1; v--)
        if (n % v == 0) return v;
    return 1;
}

HIDDEN cl_int CL_API_CALL rv_clEnqueueNDRangeKernel(cl_command_queue q, cl_kernel k, cl_uint work_dim,
                                                    const size_t *global_offset, const size_t *global_size,
                                                    const size_t *local_size, cl_uint num_wait, const cl_event *wait,
                                                    cl_event *event) {
    static const size_t MAX_ITEMS[3] = {1024, 1024, 64};
    if (!rv_is_queue(q)) return CL_INVALID_COMMAND_QUEUE;
    if (!rv_is_kernel(k)) return CL_INVALID_KERNEL;
    if (k->program->context != q->context) return CL_INVALID_CONTEXT;
    if (work_dim < 1 || work_dim > 3) return CL_INVALID_WORK_DIMENSION;
    if (!global_size) return CL_INVALID_GLOBAL_WORK_SIZE;
    size_t g[3] = {1, 1, 1}, l[3] = {1, 1, 1}, o[3] = {0, 0, 0};
    for (cl_uint i = 0; i < work_dim; i++) {
        g[i] = global_size[i];
        if (g[i] == 0 || g[i] > 0xFFFFFFFFu) return CL_INVALID_GLOBAL_WORK_SIZE;
        if (global_offset) {
            o[i] = global_offset[i];
            if (o[i] > 0xFFFFFFFFu - g[i]) return CL_INVALID_GLOBAL_OFFSET;
        }
    }
    if (local_size) {
        size_t total = 1;
        for (cl_uint i = 0; i < work_dim; i++) {
            l[i] = local_size[i];
            if (l[i] == 0 || g[i] % l[i] != 0) return CL_INVALID_WORK_GROUP_SIZE;
            total *= l[i];
        }
        if (total > 1024) return CL_INVALID_WORK_GROUP_SIZE; /* CL_DEVICE_MAX_WORK_GROUP_SIZE */
        for (cl_uint i = 0; i < work_dim; i++)
            if (l[i] > MAX_ITEMS[i]) return CL_INVALID_WORK_ITEM_SIZE;
    } else {
        size_t room = DEFAULT_GROUP_LIMIT;
        for (cl_uint i = 0; i < work_dim; i++) {
            l[i] = divisor_at_most(g[i], room < MAX_ITEMS[i] ? room : MAX_ITEMS[i]);
            room /= l[i];
        }
    }
    cl_int err = rv_check_wait_list(q, num_wait, wait);
    if (err != CL_SUCCESS) return err;

    const rv_kernel_info *info = k->info;
    launch_data *L = calloc(1, sizeof *L);
    if (!L) return CL_OUT_OF_HOST_MEMORY;
    L->block_bytes = info->arg_block_bytes < 16 ? 16 : info->arg_block_bytes;
    L->block = calloc(1, L->block_bytes);
    rv_command *c = calloc(1, sizeof *c);
    if (!L->block || !c) {
        free(L->block);
        free(L);
        free(c);
        return CL_OUT_OF_HOST_MEMORY;
    }
    c->data = L;
    c->run = run_launch;
    c->cleanup = cleanup_launch;
    put32(L->block, work_dim);
    for (int i = 0; i < 3; i++) put32(L->block + 4 + 4 * i, (uint32_t)o[i]);

    pthread_mutex_lock(&k->lock);
    for (uint32_t i = 0; i < info->num_args && err == CL_SUCCESS; i++) {
        const rv_arg_info *a = &info->args[i];
        const rv_arg_value *v = &k->args[i];
        if (!v->set) {
            err = CL_INVALID_KERNEL_ARGS;
            break;
        }
        uint8_t *slot = L->block + a->offset;
        switch (a->kind) {
        case RV_ARG_LOCAL: put32(slot, (uint32_t)v->size); break;
        case RV_ARG_VALUE: memcpy(slot, v->value, a->size); break;
        case RV_ARG_BUFFER:
            if (v->mem) {
                if (!rv_is_mem(v->mem)) {
                    err = CL_INVALID_KERNEL_ARGS; /* released since clSetKernelArg */
                    break;
                }
                put32(slot, (uint32_t)rv_mem_address(v->mem, q->device));
                if (L->num_mems < 64) {
                    rv_ref_retain(&v->mem->ref);
                    L->mem_addresses[L->num_mems] = rv_mem_address(v->mem, q->device);
                    L->mem_names[L->num_mems] = a->name;
                    L->mems[L->num_mems++] = v->mem;
                }
            }
            break;
        }
    }
    cl_ulong local = rv_kernel_local_bytes(k);
    pthread_mutex_unlock(&k->lock);
    if (err == CL_SUCCESS && local > LOCAL_MEM_LIMIT) err = CL_OUT_OF_RESOURCES;
    if (err != CL_SUCCESS) {
        cleanup_launch(c);
        free(c);
        return err;
    }
    L->shared = (uint32_t)local;
    for (int i = 0; i < 3; i++) {
        L->grid[i] = (uint32_t)(g[i] / l[i]);
        L->group[i] = (uint32_t)l[i];
    }
    rv_ref_retain(&k->ref);
    L->kernel = k;
    return rv_submit(q, c, CL_COMMAND_NDRANGE_KERNEL, num_wait, wait, event, CL_FALSE);
}

HIDDEN cl_int CL_API_CALL rv_clEnqueueTask(cl_command_queue q, cl_kernel k, cl_uint num_wait, const cl_event *wait,
                                           cl_event *event) {
    size_t one = 1;
    return rv_clEnqueueNDRangeKernel(q, k, 1, NULL, &one, &one, num_wait, wait, event);
}

HIDDEN cl_int CL_API_CALL rv_clEnqueueNativeKernel(cl_command_queue q, void(CL_CALLBACK *fn)(void *), void *args,
                                                   size_t cb_args, cl_uint num_mem_objects, const cl_mem *mem_list,
                                                   const void **args_mem_loc, cl_uint num_wait, const cl_event *wait,
                                                   cl_event *event) {
    (void)fn, (void)args, (void)cb_args, (void)num_mem_objects, (void)mem_list, (void)args_mem_loc, (void)num_wait,
        (void)wait, (void)event;
    if (!rv_is_queue(q)) return CL_INVALID_COMMAND_QUEUE;
    return CL_INVALID_OPERATION; /* CL_DEVICE_EXECUTION_CAPABILITIES has no CL_EXEC_NATIVE_KERNEL */
}
