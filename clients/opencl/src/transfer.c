/*
 * transfer.c: buffer commands (OpenCL 1.2 sections 5.2.2-5.2.3 and 5.4: read, write, copy, fill,
 * their rectangular forms, map and unmap, migrate) and the synchronisation commands (5.10:
 * markers, barriers). Host data moves with VRAM_READ / VRAM_WRITE; copies inside VRAM use the
 * device's DMA engine (DMA_CTRL.VRAM_COPY, a memmove).
 */
#include <stdlib.h>
#include <string.h>

#include "command.h"

struct rv_mapping {
    struct rv_mapping *next;
    void *ptr;
    size_t offset, size;
    cl_map_flags flags;
    int owned; /* malloc'ed by us (not the application's USE_HOST_PTR memory) */
};

typedef struct {
    cl_mem src, dst;           /* retained */
    size_t src_off, dst_off, size;
    void *host;                /* host side of reads and writes */
    const void *write_data;
    /* rectangles: buffer side in src (reads) or dst (writes); host side in host */
    size_t src_origin[3], dst_origin[3], region[3];
    size_t src_row, src_slice, dst_row, dst_slice;
    uint8_t *pattern;
    size_t pattern_size;
    struct rv_mapping *mapping;
} transfer;

static cl_device_id device_of(rv_command *c) { return c->event->queue->device; }

static void cleanup_transfer(rv_command *c) {
    transfer *t = c->data;
    if (!t) return;
    if (t->src) rv_clReleaseMemObject(t->src);
    if (t->dst) rv_clReleaseMemObject(t->dst);
    free(t->pattern);
    free(t);
}

static cl_int io_status(int r) { return r ? CL_OUT_OF_RESOURCES : CL_SUCCESS; }

/* ---------------------------------------------------------------- run functions */
static cl_int run_read(rv_command *c) {
    transfer *t = c->data;
    cl_device_id d = device_of(c);
    return io_status(rv_vram_read(d, rv_mem_address(t->src, d) + t->src_off, t->host, t->size));
}

static cl_int run_write(rv_command *c) {
    transfer *t = c->data;
    cl_device_id d = device_of(c);
    return io_status(rv_vram_write(d, rv_mem_address(t->dst, d) + t->dst_off, t->write_data, t->size));
}

static int mmio_write(cl_device_id d, uint32_t offset, uint64_t value, int width) {
    uint8_t f[16] = {0, (uint8_t)width, 0, 0};
    for (int i = 0; i < 4; i++) f[4 + i] = (uint8_t)(offset >> (8 * i));
    for (int i = 0; i < 8; i++) f[8 + i] = (uint8_t)(value >> (8 * i));
    return rv_device_request(d, 0x0003, f, sizeof f, NULL, 0, NULL, NULL, 0, NULL, 0);
}

static cl_int run_copy(rv_command *c) {
    transfer *t = c->data;
    cl_device_id d = device_of(c);
    uint64_t src = rv_mem_address(t->src, d) + t->src_off, dst = rv_mem_address(t->dst, d) + t->dst_off;
    pthread_mutex_lock(&d->exec_lock); /* the DMA registers are one set per device */
    int r = mmio_write(d, RVSIMT_DMA_SRC_LO, src, 8);
    if (!r) r = mmio_write(d, RVSIMT_DMA_DST_LO, dst, 8);
    if (!r) r = mmio_write(d, RVSIMT_DMA_SIZE, t->size, 4);
    if (!r) r = mmio_write(d, RVSIMT_DMA_CTRL, 0x1 | 0x8, 4); /* START | VRAM_COPY */
    pthread_mutex_unlock(&d->exec_lock);
    if (!r) rv_vram_mark_written(d, dst);
    return io_status(r);
}

static cl_int run_fill(rv_command *c) {
    transfer *t = c->data;
    cl_device_id d = device_of(c);
    size_t chunk = t->size < (1u << 20) ? t->size : (1u << 20);
    chunk -= chunk % t->pattern_size;
    uint8_t *buf = malloc(chunk);
    if (!buf) return CL_OUT_OF_HOST_MEMORY;
    for (size_t i = 0; i < chunk; i += t->pattern_size) memcpy(buf + i, t->pattern, t->pattern_size);
    uint64_t at = rv_mem_address(t->dst, d) + t->dst_off;
    int r = 0;
    for (size_t done = 0; done < t->size && !r; done += chunk) {
        size_t n = t->size - done < chunk ? t->size - done : chunk;
        r = rv_vram_write(d, at + done, buf, n);
    }
    free(buf);
    return io_status(r);
}

/* Byte offset of the rectangle's element (x, y, z) from an origin with the given pitches. */
static size_t rect_at(const size_t *origin, size_t row, size_t slice, size_t y, size_t z) {
    return (origin[2] + z) * slice + (origin[1] + y) * row + origin[0];
}

static size_t rect_first(const size_t *origin, size_t row, size_t slice) { return rect_at(origin, row, slice, 0, 0); }
static size_t rect_end(const size_t *origin, const size_t *region, size_t row, size_t slice) {
    return rect_at(origin, row, slice, region[1] - 1, region[2] - 1) + region[0];
}

/* Copies the rectangle from (src, its origin and pitches) to (dst, ...), rows of region[0] bytes. */
static void rect_copy(uint8_t *dst, const size_t *dst_origin, size_t dst_row, size_t dst_slice, const uint8_t *src,
                      const size_t *src_origin, size_t src_row, size_t src_slice, const size_t *region) {
    for (size_t z = 0; z < region[2]; z++)
        for (size_t y = 0; y < region[1]; y++)
            memmove(dst + rect_at(dst_origin, dst_row, dst_slice, y, z),
                    src + rect_at(src_origin, src_row, src_slice, y, z), region[0]);
}

/* Rectangles move through a host copy of the buffer span they touch (one read, one write). */
static cl_int run_rect(rv_command *c) {
    transfer *t = c->data;
    cl_device_id d = device_of(c);
    const size_t zero[3] = {0, 0, 0};
    uint8_t *src_span = NULL, *dst_span = NULL;
    size_t src_first = 0, dst_first = 0, dst_len = 0;
    int r = 0;
    if (t->src) {
        src_first = rect_first(t->src_origin, t->src_row, t->src_slice);
        size_t len = rect_end(t->src_origin, t->region, t->src_row, t->src_slice) - src_first;
        src_span = malloc(len);
        if (!src_span) return CL_OUT_OF_HOST_MEMORY;
        r = rv_vram_read(d, rv_mem_address(t->src, d) + src_first, src_span, len);
    }
    if (!r && t->dst) {
        dst_first = rect_first(t->dst_origin, t->dst_row, t->dst_slice);
        dst_len = rect_end(t->dst_origin, t->region, t->dst_row, t->dst_slice) - dst_first;
        dst_span = malloc(dst_len);
        if (!dst_span) {
            free(src_span);
            return CL_OUT_OF_HOST_MEMORY;
        }
        r = rv_vram_read(d, rv_mem_address(t->dst, d) + dst_first, dst_span, dst_len);
    }
    if (!r) {
        /* Shift the origins so they are relative to the spans read. */
        size_t so[3] = {t->src_origin[0], t->src_origin[1], t->src_origin[2]};
        size_t dso[3] = {t->dst_origin[0], t->dst_origin[1], t->dst_origin[2]};
        const uint8_t *from = t->src ? src_span - src_first : (const uint8_t *)t->write_data;
        uint8_t *to = t->dst ? dst_span - dst_first : (uint8_t *)t->host;
        (void)zero;
        rect_copy(to, dso, t->dst_row, t->dst_slice, from, so, t->src_row, t->src_slice, t->region);
        if (t->dst) r = rv_vram_write(d, rv_mem_address(t->dst, d) + dst_first, dst_span, dst_len);
    }
    free(src_span);
    free(dst_span);
    return io_status(r);
}

static cl_int run_map(rv_command *c) {
    transfer *t = c->data;
    cl_device_id d = device_of(c);
    if (t->mapping->flags & CL_MAP_WRITE_INVALIDATE_REGION) return CL_SUCCESS;
    return io_status(rv_vram_read(d, rv_mem_address(t->src, d) + t->mapping->offset, t->mapping->ptr, t->mapping->size));
}

static cl_int run_unmap(rv_command *c) {
    transfer *t = c->data;
    cl_device_id d = device_of(c);
    struct rv_mapping *m = t->mapping;
    int r = 0;
    if (m->flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION))
        r = rv_vram_write(d, rv_mem_address(t->dst, d) + m->offset, m->ptr, m->size);
    if (m->owned) free(m->ptr);
    free(m);
    t->mapping = NULL;
    return io_status(r);
}

/* ---------------------------------------------------------------- validation */
static cl_int check_mem(cl_command_queue q, cl_mem m) {
    if (!rv_is_mem(m)) return CL_INVALID_MEM_OBJECT;
    if (m->context != q->context) return CL_INVALID_CONTEXT;
    return CL_SUCCESS;
}

static int in_bounds(cl_mem m, size_t offset, size_t size) { return offset <= m->size && size <= m->size - offset; }

static cl_int new_command(rv_command **out, transfer **tout, cl_int (*run)(rv_command *)) {
    rv_command *c = calloc(1, sizeof *c);
    transfer *t = calloc(1, sizeof *t);
    if (!c || !t) {
        free(c);
        free(t);
        return CL_OUT_OF_HOST_MEMORY;
    }
    c->data = t;
    c->run = run;
    c->cleanup = cleanup_transfer;
    *out = c;
    *tout = t;
    return CL_SUCCESS;
}

static void hold(cl_mem m) { rv_ref_retain(&m->ref); }

/* ---------------------------------------------------------------- read, write, copy, fill */
HIDDEN cl_int CL_API_CALL rv_clEnqueueReadBuffer(cl_command_queue q, cl_mem m, cl_bool blocking, size_t offset,
                                                 size_t size, void *ptr, cl_uint num_wait, const cl_event *wait,
                                                 cl_event *event) {
    if (!rv_is_queue(q)) return CL_INVALID_COMMAND_QUEUE;
    cl_int err = check_mem(q, m);
    if (err != CL_SUCCESS) return err;
    if (!ptr || size == 0 || !in_bounds(m, offset, size)) return CL_INVALID_VALUE;
    if (m->flags & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS)) return CL_INVALID_OPERATION;
    if ((err = rv_check_wait_list(q, num_wait, wait)) != CL_SUCCESS) return err;
    rv_command *c;
    transfer *t;
    if ((err = new_command(&c, &t, run_read)) != CL_SUCCESS) return err;
    hold(m);
    t->src = m;
    t->src_off = offset;
    t->size = size;
    t->host = ptr;
    return rv_submit(q, c, CL_COMMAND_READ_BUFFER, num_wait, wait, event, blocking);
}

HIDDEN cl_int CL_API_CALL rv_clEnqueueWriteBuffer(cl_command_queue q, cl_mem m, cl_bool blocking, size_t offset,
                                                  size_t size, const void *ptr, cl_uint num_wait, const cl_event *wait,
                                                  cl_event *event) {
    if (!rv_is_queue(q)) return CL_INVALID_COMMAND_QUEUE;
    cl_int err = check_mem(q, m);
    if (err != CL_SUCCESS) return err;
    if (!ptr || size == 0 || !in_bounds(m, offset, size)) return CL_INVALID_VALUE;
    if (m->flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS)) return CL_INVALID_OPERATION;
    if ((err = rv_check_wait_list(q, num_wait, wait)) != CL_SUCCESS) return err;
    rv_command *c;
    transfer *t;
    if ((err = new_command(&c, &t, run_write)) != CL_SUCCESS) return err;
    hold(m);
    t->dst = m;
    t->dst_off = offset;
    t->size = size;
    t->write_data = ptr;
    if (!blocking) {
        /* A non-blocking write may read ptr until it completes (5.2.2); keeping a copy is allowed
           and spares the application's memory from our worker thread. */
        void *copy = malloc(size);
        if (copy) {
            memcpy(copy, ptr, size);
            t->pattern = copy; /* freed by cleanup */
            t->write_data = copy;
        }
    }
    return rv_submit(q, c, CL_COMMAND_WRITE_BUFFER, num_wait, wait, event, blocking);
}

static cl_mem root(cl_mem m, size_t *offset) {
    *offset = m->origin;
    return m->parent ? m->parent : m;
}

static int overlap(cl_mem a, size_t ao, cl_mem b, size_t bo, size_t size) {
    size_t ra, rb;
    if (root(a, &ra) != root(b, &rb)) return 0;
    ao += ra;
    bo += rb;
    return ao < bo + size && bo < ao + size;
}

HIDDEN cl_int CL_API_CALL rv_clEnqueueCopyBuffer(cl_command_queue q, cl_mem src, cl_mem dst, size_t src_offset,
                                                 size_t dst_offset, size_t size, cl_uint num_wait,
                                                 const cl_event *wait, cl_event *event) {
    if (!rv_is_queue(q)) return CL_INVALID_COMMAND_QUEUE;
    cl_int err = check_mem(q, src);
    if (err == CL_SUCCESS) err = check_mem(q, dst);
    if (err != CL_SUCCESS) return err;
    if (size == 0 || !in_bounds(src, src_offset, size) || !in_bounds(dst, dst_offset, size)) return CL_INVALID_VALUE;
    if (overlap(src, src_offset, dst, dst_offset, size)) return CL_MEM_COPY_OVERLAP;
    if ((err = rv_check_wait_list(q, num_wait, wait)) != CL_SUCCESS) return err;
    rv_command *c;
    transfer *t;
    if ((err = new_command(&c, &t, run_copy)) != CL_SUCCESS) return err;
    hold(src);
    hold(dst);
    t->src = src;
    t->dst = dst;
    t->src_off = src_offset;
    t->dst_off = dst_offset;
    t->size = size;
    return rv_submit(q, c, CL_COMMAND_COPY_BUFFER, num_wait, wait, event, CL_FALSE);
}

HIDDEN cl_int CL_API_CALL rv_clEnqueueFillBuffer(cl_command_queue q, cl_mem m, const void *pattern,
                                                 size_t pattern_size, size_t offset, size_t size, cl_uint num_wait,
                                                 const cl_event *wait, cl_event *event) {
    if (!rv_is_queue(q)) return CL_INVALID_COMMAND_QUEUE;
    cl_int err = check_mem(q, m);
    if (err != CL_SUCCESS) return err;
    int pow2 = pattern_size && (pattern_size & (pattern_size - 1)) == 0 && pattern_size <= 128;
    if (!pattern || !pow2 || offset % pattern_size || size % pattern_size || !in_bounds(m, offset, size))
        return CL_INVALID_VALUE;
    if ((err = rv_check_wait_list(q, num_wait, wait)) != CL_SUCCESS) return err;
    rv_command *c;
    transfer *t;
    if ((err = new_command(&c, &t, run_fill)) != CL_SUCCESS) return err;
    t->pattern = malloc(pattern_size);
    if (!t->pattern) {
        cleanup_transfer(c);
        free(c);
        return CL_OUT_OF_HOST_MEMORY;
    }
    memcpy(t->pattern, pattern, pattern_size);
    t->pattern_size = pattern_size;
    hold(m);
    t->dst = m;
    t->dst_off = offset;
    t->size = size;
    if (size == 0) c->run = NULL;
    return rv_submit(q, c, CL_COMMAND_FILL_BUFFER, num_wait, wait, event, CL_FALSE);
}

/* ---------------------------------------------------------------- rectangles (5.2.2) */
/* Applies the defaults for zero pitches and checks them; CL_INVALID_VALUE if they are wrong. */
static cl_int pitches(const size_t *region, size_t *row, size_t *slice) {
    if (*row == 0) *row = region[0];
    else if (*row < region[0]) return CL_INVALID_VALUE;
    if (*slice == 0) *slice = region[1] * *row;
    else if (*slice < region[1] * *row || *slice % *row) return CL_INVALID_VALUE;
    return CL_SUCCESS;
}

static cl_int rect_command(cl_command_queue q, cl_command_type type, cl_mem src, cl_mem dst, const size_t *src_origin,
                           const size_t *dst_origin, const size_t *region, size_t src_row, size_t src_slice,
                           size_t dst_row, size_t dst_slice, void *host, const void *write_data, cl_bool blocking,
                           cl_uint num_wait, const cl_event *wait, cl_event *event) {
    if (!rv_is_queue(q)) return CL_INVALID_COMMAND_QUEUE;
    cl_int err = CL_SUCCESS;
    if (src && (err = check_mem(q, src)) != CL_SUCCESS) return err;
    if (dst && (err = check_mem(q, dst)) != CL_SUCCESS) return err;
    if (!src_origin || !dst_origin || !region || region[0] == 0 || region[1] == 0 || region[2] == 0)
        return CL_INVALID_VALUE;
    if ((!src && !write_data) || (!dst && !host)) return CL_INVALID_VALUE;
    if ((err = pitches(region, &src_row, &src_slice)) != CL_SUCCESS) return err;
    if ((err = pitches(region, &dst_row, &dst_slice)) != CL_SUCCESS) return err;
    if (src && rect_end(src_origin, region, src_row, src_slice) > src->size) return CL_INVALID_VALUE;
    if (dst && rect_end(dst_origin, region, dst_row, dst_slice) > dst->size) return CL_INVALID_VALUE;
    if (src && !dst && (src->flags & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS))) return CL_INVALID_OPERATION;
    if (dst && !src && (dst->flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS))) return CL_INVALID_OPERATION;
    if (src && dst) {
        size_t a, b;
        if (root(src, &a) == root(dst, &b)) {
            /* 5.2.3: the same buffer needs equal pitches, and the rectangles must not overlap. */
            if (src == dst && (src_row != dst_row || src_slice != dst_slice)) return CL_INVALID_VALUE;
            size_t s0 = a + rect_first(src_origin, src_row, src_slice), s1 = a + rect_end(src_origin, region, src_row, src_slice);
            size_t d0 = b + rect_first(dst_origin, dst_row, dst_slice), d1 = b + rect_end(dst_origin, region, dst_row, dst_slice);
            if (s0 < d1 && d0 < s1) return CL_MEM_COPY_OVERLAP;
        }
    }
    if ((err = rv_check_wait_list(q, num_wait, wait)) != CL_SUCCESS) return err;
    rv_command *c;
    transfer *t;
    if ((err = new_command(&c, &t, run_rect)) != CL_SUCCESS) return err;
    if (src) hold(src);
    if (dst) hold(dst);
    t->src = src;
    t->dst = dst;
    memcpy(t->src_origin, src_origin, sizeof t->src_origin);
    memcpy(t->dst_origin, dst_origin, sizeof t->dst_origin);
    memcpy(t->region, region, sizeof t->region);
    t->src_row = src_row;
    t->src_slice = src_slice;
    t->dst_row = dst_row;
    t->dst_slice = dst_slice;
    t->host = host;
    t->write_data = write_data;
    return rv_submit(q, c, type, num_wait, wait, event, blocking);
}

HIDDEN cl_int CL_API_CALL rv_clEnqueueReadBufferRect(cl_command_queue q, cl_mem m, cl_bool blocking,
                                                     const size_t *buffer_origin, const size_t *host_origin,
                                                     const size_t *region, size_t buffer_row_pitch,
                                                     size_t buffer_slice_pitch, size_t host_row_pitch,
                                                     size_t host_slice_pitch, void *ptr, cl_uint num_wait,
                                                     const cl_event *wait, cl_event *event) {
    if (rv_is_queue(q) && !rv_is_mem(m)) return CL_INVALID_MEM_OBJECT;
    return rect_command(q, CL_COMMAND_READ_BUFFER_RECT, m, NULL, buffer_origin, host_origin, region, buffer_row_pitch,
                        buffer_slice_pitch, host_row_pitch, host_slice_pitch, ptr, NULL, blocking, num_wait, wait,
                        event);
}

HIDDEN cl_int CL_API_CALL rv_clEnqueueWriteBufferRect(cl_command_queue q, cl_mem m, cl_bool blocking,
                                                      const size_t *buffer_origin, const size_t *host_origin,
                                                      const size_t *region, size_t buffer_row_pitch,
                                                      size_t buffer_slice_pitch, size_t host_row_pitch,
                                                      size_t host_slice_pitch, const void *ptr, cl_uint num_wait,
                                                      const cl_event *wait, cl_event *event) {
    if (rv_is_queue(q) && !rv_is_mem(m)) return CL_INVALID_MEM_OBJECT;
    if (!blocking) {
        /* As for clEnqueueWriteBuffer, the worker must not read the application's memory later:
           this blocking form is simpler than a copy of an arbitrary pitched rectangle. */
        cl_int err = rect_command(q, CL_COMMAND_WRITE_BUFFER_RECT, NULL, m, host_origin, buffer_origin, region,
                                  host_row_pitch, host_slice_pitch, buffer_row_pitch, buffer_slice_pitch, NULL, ptr,
                                  CL_TRUE, num_wait, wait, event);
        return err == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST ? CL_SUCCESS : err;
    }
    return rect_command(q, CL_COMMAND_WRITE_BUFFER_RECT, NULL, m, host_origin, buffer_origin, region, host_row_pitch,
                        host_slice_pitch, buffer_row_pitch, buffer_slice_pitch, NULL, ptr, blocking, num_wait, wait,
                        event);
}

HIDDEN cl_int CL_API_CALL rv_clEnqueueCopyBufferRect(cl_command_queue q, cl_mem src, cl_mem dst,
                                                     const size_t *src_origin, const size_t *dst_origin,
                                                     const size_t *region, size_t src_row_pitch,
                                                     size_t src_slice_pitch, size_t dst_row_pitch,
                                                     size_t dst_slice_pitch, cl_uint num_wait, const cl_event *wait,
                                                     cl_event *event) {
    if (rv_is_queue(q) && (!rv_is_mem(src) || !rv_is_mem(dst))) return CL_INVALID_MEM_OBJECT;
    return rect_command(q, CL_COMMAND_COPY_BUFFER_RECT, src, dst, src_origin, dst_origin, region, src_row_pitch,
                        src_slice_pitch, dst_row_pitch, dst_slice_pitch, NULL, NULL, CL_FALSE, num_wait, wait, event);
}

/* ---------------------------------------------------------------- map and unmap (5.4.2) */
HIDDEN void *CL_API_CALL rv_clEnqueueMapBuffer(cl_command_queue q, cl_mem m, cl_bool blocking, cl_map_flags flags,
                                               size_t offset, size_t size, cl_uint num_wait, const cl_event *wait,
                                               cl_event *event, cl_int *errcode_ret) {
    if (!rv_is_queue(q)) RV_ERR(CL_INVALID_COMMAND_QUEUE);
    cl_int err = check_mem(q, m);
    if (err != CL_SUCCESS) RV_ERR(err);
    if (size == 0 || !in_bounds(m, offset, size)) RV_ERR(CL_INVALID_VALUE);
    if (flags & ~(cl_map_flags)(CL_MAP_READ | CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) RV_ERR(CL_INVALID_VALUE);
    if ((flags & CL_MAP_WRITE_INVALIDATE_REGION) && (flags & (CL_MAP_READ | CL_MAP_WRITE))) RV_ERR(CL_INVALID_VALUE);
    if ((flags & CL_MAP_READ) && (m->flags & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS)))
        RV_ERR(CL_INVALID_OPERATION);
    if ((flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) &&
        (m->flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS)))
        RV_ERR(CL_INVALID_OPERATION);
    if ((err = rv_check_wait_list(q, num_wait, wait)) != CL_SUCCESS) RV_ERR(err);
    struct rv_mapping *map = calloc(1, sizeof *map);
    if (!map) RV_ERR(CL_OUT_OF_HOST_MEMORY);
    map->offset = offset;
    map->size = size;
    map->flags = flags ? flags : CL_MAP_READ | CL_MAP_WRITE;
    if (m->host_ptr) {
        map->ptr = (char *)m->host_ptr + offset;
    } else {
        map->ptr = malloc(size);
        map->owned = 1;
        if (!map->ptr) {
            free(map);
            RV_ERR(CL_OUT_OF_HOST_MEMORY);
        }
    }
    rv_command *c;
    transfer *t;
    if ((err = new_command(&c, &t, run_map)) != CL_SUCCESS) {
        if (map->owned) free(map->ptr);
        free(map);
        RV_ERR(err);
    }
    hold(m);
    t->src = m;
    t->mapping = map;
    pthread_mutex_lock(&m->map_lock);
    map->next = m->mappings;
    m->mappings = map;
    m->map_count++;
    pthread_mutex_unlock(&m->map_lock);
    void *ptr = map->ptr;
    err = rv_submit(q, c, CL_COMMAND_MAP_BUFFER, num_wait, wait, event, blocking);
    if (err != CL_SUCCESS) RV_ERR(err);
    if (errcode_ret) *errcode_ret = CL_SUCCESS;
    return ptr;
}

HIDDEN cl_int CL_API_CALL rv_clEnqueueUnmapMemObject(cl_command_queue q, cl_mem m, void *ptr, cl_uint num_wait,
                                                     const cl_event *wait, cl_event *event) {
    if (!rv_is_queue(q)) return CL_INVALID_COMMAND_QUEUE;
    cl_int err = check_mem(q, m);
    if (err != CL_SUCCESS) return err;
    if ((err = rv_check_wait_list(q, num_wait, wait)) != CL_SUCCESS) return err;
    pthread_mutex_lock(&m->map_lock);
    struct rv_mapping **link = &m->mappings;
    while (*link && (*link)->ptr != ptr) link = &(*link)->next;
    struct rv_mapping *map = *link;
    if (map) {
        *link = map->next;
        m->map_count--;
    }
    pthread_mutex_unlock(&m->map_lock);
    if (!map) return CL_INVALID_VALUE;
    rv_command *c;
    transfer *t;
    if ((err = new_command(&c, &t, run_unmap)) != CL_SUCCESS) return err;
    hold(m);
    t->dst = m;
    t->mapping = map;
    return rv_submit(q, c, CL_COMMAND_UNMAP_MEM_OBJECT, num_wait, wait, event, CL_FALSE);
}

HIDDEN cl_int CL_API_CALL rv_clEnqueueMigrateMemObjects(cl_command_queue q, cl_uint num_mem_objects,
                                                        const cl_mem *mem_objects, cl_mem_migration_flags flags,
                                                        cl_uint num_wait, const cl_event *wait, cl_event *event) {
    if (!rv_is_queue(q)) return CL_INVALID_COMMAND_QUEUE;
    if (num_mem_objects == 0 || !mem_objects) return CL_INVALID_VALUE;
    if (flags & ~(cl_mem_migration_flags)(CL_MIGRATE_MEM_OBJECT_HOST | CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED))
        return CL_INVALID_VALUE;
    for (cl_uint i = 0; i < num_mem_objects; i++) {
        cl_int err = check_mem(q, mem_objects[i]);
        if (err != CL_SUCCESS) return err;
    }
    cl_int err = rv_check_wait_list(q, num_wait, wait);
    if (err != CL_SUCCESS) return err;
    /* Every buffer lives on every device of its context already: nothing to move. */
    rv_command *c = calloc(1, sizeof *c);
    if (!c) return CL_OUT_OF_HOST_MEMORY;
    return rv_submit(q, c, CL_COMMAND_MIGRATE_MEM_OBJECTS, num_wait, wait, event, CL_FALSE);
}

/* ---------------------------------------------------------------- markers and barriers (5.10) */
/* In an in-order queue every command already waits for the ones before it, so a marker or a
   barrier is an empty command that waits for its wait list. */
static cl_int empty_command(cl_command_queue q, cl_command_type type, cl_uint num_wait, const cl_event *wait,
                            cl_event *event) {
    if (!rv_is_queue(q)) return CL_INVALID_COMMAND_QUEUE;
    cl_int err = rv_check_wait_list(q, num_wait, wait);
    if (err != CL_SUCCESS) return err;
    rv_command *c = calloc(1, sizeof *c);
    if (!c) return CL_OUT_OF_HOST_MEMORY;
    return rv_submit(q, c, type, num_wait, wait, event, CL_FALSE);
}

HIDDEN cl_int CL_API_CALL rv_clEnqueueMarkerWithWaitList(cl_command_queue q, cl_uint num_wait, const cl_event *wait,
                                                         cl_event *event) {
    return empty_command(q, CL_COMMAND_MARKER, num_wait, wait, event);
}

HIDDEN cl_int CL_API_CALL rv_clEnqueueBarrierWithWaitList(cl_command_queue q, cl_uint num_wait, const cl_event *wait,
                                                          cl_event *event) {
    return empty_command(q, CL_COMMAND_BARRIER, num_wait, wait, event);
}

HIDDEN cl_int CL_API_CALL rv_clEnqueueMarker(cl_command_queue q, cl_event *event) {
    if (rv_is_queue(q) && !event) return CL_INVALID_VALUE;
    return empty_command(q, CL_COMMAND_MARKER, 0, NULL, event);
}

HIDDEN cl_int CL_API_CALL rv_clEnqueueBarrier(cl_command_queue q) {
    return empty_command(q, CL_COMMAND_BARRIER, 0, NULL, NULL);
}

HIDDEN cl_int CL_API_CALL rv_clEnqueueWaitForEvents(cl_command_queue q, cl_uint num_events, const cl_event *list) {
    if (!rv_is_queue(q)) return CL_INVALID_COMMAND_QUEUE;
    if (num_events == 0 || !list) return CL_INVALID_VALUE;
    for (cl_uint i = 0; i < num_events; i++) {
        if (!rv_is_event(list[i])) return CL_INVALID_EVENT;
        if (list[i]->context != q->context) return CL_INVALID_CONTEXT;
    }
    return empty_command(q, CL_COMMAND_MARKER, num_events, list, NULL);
}

