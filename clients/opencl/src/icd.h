/*
 * icd.h: the rvsimt OpenCL 1.2 driver's objects, shared by its source files.
 *
 * Every object starts with the loader's dispatch table pointer: the ocl-icd loader (and any
 * Khronos-conformant ICD loader) calls through obj->dispatch->clXxx, so the first word of each
 * cl_* handle must be that pointer (cl_khr_icd extension specification, "ICD Compatibility").
 * All API entry points are hidden (rv_clXxx) and reached only through the dispatch table, so the
 * driver never calls the loader's exported clXxx by accident.
 */
#ifndef RVSIMT_ICD_H
#define RVSIMT_ICD_H

#define CL_TARGET_OPENCL_VERSION 120
#define CL_USE_DEPRECATED_OPENCL_1_0_APIS
#define CL_USE_DEPRECATED_OPENCL_1_1_APIS
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <CL/cl_ext.h>
#include <CL/cl_icd.h>
#include <pthread.h>
#include <stdint.h>
#include <stddef.h>

#include "../../c/rvsimt_client.h"

#define HIDDEN __attribute__((visibility("hidden")))

/* Vendor additions (values in no Khronos range in use by cl.h/cl_ext.h): the one-line fault
   report of a kernel command that ended with an error status, and its console output. */
#define CL_EVENT_RVSIMT_FAULT_MESSAGE 0x4E80
#define CL_EVENT_RVSIMT_STATISTICS 0x4E81
#define CL_EVENT_RVSIMT_FINDINGS 0x4E82

extern HIDDEN struct _cl_icd_dispatch rv_dispatch;

/* ---------------------------------------------------------------- reference counting */
typedef struct {
    pthread_mutex_t lock;
    cl_uint count;
    uint32_t magic;             /* which kind of object this is; 0 once destroyed */
} rv_ref;

enum {
    RV_CONTEXT = 0x52564331, RV_QUEUE, RV_MEM, RV_PROGRAM, RV_KERNEL, RV_EVENT
};

void rv_ref_init(rv_ref *r, uint32_t magic);
/* Whether o (any cl_* handle, possibly NULL or of another type) is a live object of this kind. */
#define RV_IS(o, kind) ((o) && (o)->dispatch == &rv_dispatch && (o)->ref.magic == (kind) && (o)->ref.count > 0)
void rv_ref_retain(rv_ref *r);
/* Returns 1 when the count reached 0. */
int rv_ref_release(rv_ref *r);

/* ---------------------------------------------------------------- platform and devices */
struct _cl_platform_id {
    struct _cl_icd_dispatch *dispatch;
};

/* A device is one connection to an rvsimt server: with per-client devices (the default of
   `rvsimt serve`) the connection owns its simulated device and its VRAM. The connection carries
   one request at a time, so every use holds conn_lock. */
struct _cl_device_id {
    struct _cl_icd_dispatch *dispatch;
    int index;
    pthread_mutex_t conn_lock;
    rvsimt_conn *conn;
    int broken;                 /* the connection failed: commands fail with CL_DEVICE_NOT_AVAILABLE */
    rvsimt_hello_info hello;
    /* VRAM allocator (first fit over a sorted list of used ranges), guarded by alloc_lock */
    pthread_mutex_t alloc_lock;
    struct rv_range *used;
    uint64_t heap_start, heap_end;
    /* held from loading a program image to the end of its launch: queues of several threads share a device */
    pthread_mutex_t exec_lock;
    /* the program image resident in VRAM (programs are linked at low addresses, one at a time) */
    const void *resident_image;
    uint64_t resident_serial;
};

extern HIDDEN struct _cl_platform_id rv_platform;

cl_int rv_platform_init(void);          /* starts/connects the server on first use */
cl_uint rv_device_count(void);
cl_device_id rv_device(cl_uint i);
int rv_is_device(cl_device_id d);
uint64_t rv_device_max_alloc(cl_device_id d);
/* OpenCL 1.2 section 4.2, CL_DEVICE_MAX_MEM_ALLOC_SIZE: a full-profile device allocates at least
   max(1/4 of its global memory, 128 MiB) at once, an embedded-profile one max(1/4, 1 MiB). A server
   with less VRAM than that (rvsimt serve's default 64 MiB) gives an embedded-profile device. */
#define RV_FULL_PROFILE_MIN_ALLOC (128u << 20)
int rv_device_full_profile(cl_device_id d);

/* One request on the device's connection, under its lock. timeout_ms 0: the client default.
   Returns 0 or a client error; *message (if given) receives rvsimt_last_error() on failure. */
int rv_device_request(cl_device_id d, uint32_t type, const void *fixed, size_t fixed_len, const void *data,
                      size_t data_len, uint8_t **reply, uint32_t *reply_len, int timeout_ms, char *message,
                      size_t message_cap);

/* VRAM allocation; returns 0 when out of memory. */
uint64_t rv_vram_alloc(cl_device_id d, uint64_t size, uint64_t align);
void rv_vram_free(cl_device_id d, uint64_t address);
int rv_vram_write(cl_device_id d, uint64_t address, const void *src, size_t length);
/* What the sanitizer checks (RVSIMT_OPENCL_CHECK, checks.c) need of the allocations: a write marks
   the allocation holding its first byte as written; a launch may have written any of them. */
typedef struct {
    uint64_t start, size;
    int written;
} rv_vram_range;
void rv_vram_mark_written(cl_device_id d, uint64_t address);
void rv_vram_mark_all_written(cl_device_id d);
/* Copies up to cap live allocations into out; returns how many there are. */
size_t rv_vram_ranges(cl_device_id d, rv_vram_range *out, size_t cap);

/* RVSIMT_OPENCL_CHECK as LAUNCH_CHECKED's checks bit mask (0: none), parsed once (checks.c). */
uint32_t rv_checks_requested(void);
/* LAUNCH_CHECKED's payload: LAUNCH's fields (launch), the checks, and every live allocation as a
   region, named after the kernel argument at its address (addresses/names), "arguments" for the
   argument block at args, else by address. malloc'ed; NULL when out of memory. */
uint8_t *rv_checks_payload(cl_device_id d, const uint8_t *launch, size_t launch_len, uint32_t checks,
                           uint64_t args, const uint64_t *addresses, const char *const *names, size_t named,
                           size_t *out_len);
int rv_vram_read(cl_device_id d, uint64_t address, void *dst, size_t length);

/* ---------------------------------------------------------------- context */
struct _cl_context {
    struct _cl_icd_dispatch *dispatch;
    rv_ref ref;
    cl_uint num_devices;
    cl_device_id devices[8];
    cl_context_properties props[8];
    size_t num_props;           /* entries in props including the terminating 0, or 0 if none given */
    void(CL_CALLBACK *notify)(const char *, const void *, size_t, void *);
    void *notify_data;
};
int rv_is_context(cl_context c);
int rv_context_has_device(cl_context c, cl_device_id d);

/* ---------------------------------------------------------------- memory objects */
struct _cl_mem {
    struct _cl_icd_dispatch *dispatch;
    rv_ref ref;
    cl_context context;
    cl_mem_flags flags;
    size_t size;
    void *host_ptr;             /* CL_MEM_USE_HOST_PTR's pointer (for a sub-buffer: parent's + origin) */
    cl_mem parent;              /* sub-buffers: the buffer they view */
    size_t origin;
    uint64_t address[8];        /* VRAM address on each context device (index as in context->devices) */
    pthread_mutex_t map_lock;
    struct rv_mapping *mappings;
    cl_uint map_count;
    struct rv_destructor *destructors;
};
int rv_is_mem(cl_mem m);
uint64_t rv_mem_address(cl_mem m, cl_device_id d);

/* ---------------------------------------------------------------- programs and kernels */
/* How the host fills an argument's slot in the argument block (docs/opencl.md, "Launching a kernel"). */
typedef enum { RV_ARG_BUFFER = 0, RV_ARG_LOCAL = 1, RV_ARG_VALUE = 2 } rv_arg_kind;

typedef struct {
    char *name;
    char *type_name;
    cl_kernel_arg_address_qualifier address;
    cl_kernel_arg_access_qualifier access;
    cl_kernel_arg_type_qualifier type_qualifier;
    rv_arg_kind kind;
    uint32_t size;              /* what clSetKernelArg must be given (pointers: sizeof(cl_mem) on the host) */
    uint32_t offset;            /* the slot's byte offset in the argument block */
} rv_arg_info;

typedef struct {
    char *name;
    uint64_t entry;
    uint32_t static_local;      /* kernel-scope __local bytes, a multiple of 16 */
    uint32_t arg_block_bytes;   /* the 16-byte header (work_dim, global offsets) and every slot */
    uint32_t num_args;
    rv_arg_info *args;
} rv_kernel_info;

/* A built program: the container the server returns from BUILD_PROGRAM (see program.c). */
typedef struct {
    uint8_t *bytes;             /* the whole container: CL_PROGRAM_BINARIES */
    size_t length;
    const uint8_t *elf;
    uint32_t elf_length;
    uint32_t num_kernels;
    rv_kernel_info *kernels;
    uint64_t serial;            /* identifies the image for "is it resident?" */
} rv_binary;

struct _cl_program {
    struct _cl_icd_dispatch *dispatch;
    rv_ref ref;
    cl_context context;
    char *source;
    pthread_mutex_t lock;
    cl_build_status status;
    char *options;
    char *log;
    rv_binary *binary;
    cl_program_binary_type binary_type;
    cl_uint kernels_attached;   /* CL_INVALID_OPERATION for a rebuild while kernels exist */
};
int rv_is_program(cl_program p);

typedef struct {
    int set;
    uint8_t *value;             /* private: the bytes; global/constant: a cl_mem (or NULL); local: unused */
    size_t size;                /* local: bytes requested */
    cl_mem mem;
} rv_arg_value;

struct _cl_kernel {
    struct _cl_icd_dispatch *dispatch;
    rv_ref ref;
    cl_program program;
    const rv_kernel_info *info;
    pthread_mutex_t lock;
    rv_arg_value *args;
};
int rv_is_kernel(cl_kernel k);
/* __local bytes per work-group: kernel-scope variables and the __local arguments as set now. */
cl_ulong rv_kernel_local_bytes(cl_kernel k);

/* ---------------------------------------------------------------- queues, commands, events */
typedef struct rv_command rv_command;

struct _cl_command_queue {
    struct _cl_icd_dispatch *dispatch;
    rv_ref ref;
    cl_context context;
    cl_device_id device;
    cl_command_queue_properties properties;
    pthread_mutex_t lock;
    pthread_cond_t changed;
    rv_command *head, *tail;    /* waiting commands, in order */
    int busy;                   /* the worker is executing a command */
    int stopping;
    pthread_t worker;
    cl_event last;              /* the last enqueued command's event (barriers, in-order chaining) */
};
int rv_is_queue(cl_command_queue q);

struct rv_callback {
    struct rv_callback *next;
    cl_int status;
    void(CL_CALLBACK *fn)(cl_event, cl_int, void *);
    void *data;
};

struct _cl_event {
    struct _cl_icd_dispatch *dispatch;
    rv_ref ref;
    cl_context context;
    cl_command_queue queue;     /* NULL for user events */
    cl_command_type type;
    pthread_mutex_t lock;
    pthread_cond_t done;
    cl_int status;              /* CL_QUEUED .. CL_COMPLETE, or a negative error */
    cl_ulong t_queued, t_submit, t_start, t_end;
    struct rv_callback *callbacks;
    char *fault;                /* the fault report of a failed kernel, or NULL */
    char *statistics;
    char *findings;             /* RVSIMT_OPENCL_CHECK: the checks' findings as JSON, or NULL without checks */
};
int rv_is_event(cl_event e);
cl_event rv_event_new(cl_context c, cl_command_queue q, cl_command_type type);
void rv_event_set_status(cl_event e, cl_int status);
cl_ulong rv_now_ns(void);

/* Releases used across files. */
cl_int CL_API_CALL rv_clReleaseContext(cl_context c);
cl_int CL_API_CALL rv_clReleaseMemObject(cl_mem m);
cl_int CL_API_CALL rv_clReleaseKernel(cl_kernel k);
cl_int CL_API_CALL rv_clReleaseProgram(cl_program p);

/* ---------------------------------------------------------------- helpers */
/* Copies a query result as the spec's clGet*Info functions require. */
cl_int rv_info(size_t size, void *value, size_t *size_ret, const void *src, size_t src_size);
#define RV_INFO(T, v)                                                                                             \
    do {                                                                                                          \
        T rv_tmp_ = (v);                                                                                          \
        return rv_info(param_value_size, param_value, param_value_size_ret, &rv_tmp_, sizeof rv_tmp_);          \
    } while (0)
#define RV_INFO_STR(s)                                                                                            \
    do {                                                                                                          \
        const char *rv_s_ = (s);                                                                                  \
        return rv_info(param_value_size, param_value, param_value_size_ret, rv_s_, strlen(rv_s_) + 1);          \
    } while (0)
#define RV_ERR(code)                                                                                              \
    do {                                                                                                          \
        if (errcode_ret) *errcode_ret = (code);                                                                   \
        return NULL;                                                                                              \
    } while (0)

/* Reports on stderr once per distinct message (faults, server trouble). */
void rv_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
