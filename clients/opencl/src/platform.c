/*
 * platform.c: the platform "rvsimt", its devices and contexts (OpenCL 1.2 sections 4.1-4.4).
 * Query answers follow the 1.2 specification's tables 4.1 (platform) and 4.3 (device); what the
 * simulator lacks (images, doubles, sub-devices) is reported as absent, never faked.
 */
#include <stdlib.h>
#include <string.h>

#include "icd.h"

#ifndef RVSIMT_VERSION
#define RVSIMT_VERSION "0.1"
#endif

struct _cl_platform_id rv_platform = {&rv_dispatch};

static const char *const DEVICE_EXTENSIONS =
    "cl_khr_byte_addressable_store cl_khr_global_int32_base_atomics cl_khr_global_int32_extended_atomics "
    "cl_khr_local_int32_base_atomics cl_khr_local_int32_extended_atomics";

/* ---------------------------------------------------------------- helpers */
void rv_ref_init(rv_ref *r, uint32_t magic) {
    pthread_mutex_init(&r->lock, NULL);
    r->magic = magic;
    r->count = 1;
}

void rv_ref_retain(rv_ref *r) {
    pthread_mutex_lock(&r->lock);
    r->count++;
    pthread_mutex_unlock(&r->lock);
}

int rv_ref_release(rv_ref *r) {
    pthread_mutex_lock(&r->lock);
    cl_uint left = --r->count;
    pthread_mutex_unlock(&r->lock);
    return left == 0;
}

/* Table 4.1's rule for every clGet*Info: CL_INVALID_VALUE if the caller's buffer is too small. */
cl_int rv_info(size_t size, void *value, size_t *size_ret, const void *src, size_t src_size) {
    if (value) {
        if (size < src_size) return CL_INVALID_VALUE;
        if (src_size) memcpy(value, src, src_size);
    }
    if (size_ret) *size_ret = src_size;
    return CL_SUCCESS;
}

/* ---------------------------------------------------------------- platform */
HIDDEN cl_int CL_API_CALL rv_clGetPlatformIDs(cl_uint num_entries, cl_platform_id *platforms, cl_uint *num_platforms) {
    if ((num_entries == 0 && platforms) || (!platforms && !num_platforms)) return CL_INVALID_VALUE;
    if (rv_platform_init() != CL_SUCCESS) {
        if (num_platforms) *num_platforms = 0;
        return CL_PLATFORM_NOT_FOUND_KHR;
    }
    if (platforms) platforms[0] = &rv_platform;
    if (num_platforms) *num_platforms = 1;
    return CL_SUCCESS;
}

HIDDEN cl_int CL_API_CALL rv_clIcdGetPlatformIDsKHR(cl_uint num_entries, cl_platform_id *platforms,
                                                    cl_uint *num_platforms) {
    return rv_clGetPlatformIDs(num_entries, platforms, num_platforms);
}

HIDDEN cl_int CL_API_CALL rv_clGetPlatformInfo(cl_platform_id platform, cl_platform_info param_name,
                                               size_t param_value_size, void *param_value,
                                               size_t *param_value_size_ret) {
    if (platform && platform != &rv_platform) return CL_INVALID_PLATFORM;
    switch (param_name) {
    case CL_PLATFORM_PROFILE: {
        /* the platform's profile is the least of its devices' */
        int full = 1;
        for (cl_uint i = 0; i < rv_device_count(); i++) full &= rv_device_full_profile(rv_device(i));
        RV_INFO_STR(full ? "FULL_PROFILE" : "EMBEDDED_PROFILE");
    }
    case CL_PLATFORM_VERSION: RV_INFO_STR("OpenCL 1.2 rvsimt " RVSIMT_VERSION);
    case CL_PLATFORM_NAME: RV_INFO_STR("rvsimt");
    case CL_PLATFORM_VENDOR: RV_INFO_STR("rvsimt");
    case CL_PLATFORM_EXTENSIONS: RV_INFO_STR("cl_khr_icd");
    case CL_PLATFORM_ICD_SUFFIX_KHR: RV_INFO_STR("rvsimt");
    default: return CL_INVALID_VALUE;
    }
}

/* ---------------------------------------------------------------- devices */
HIDDEN cl_int CL_API_CALL rv_clGetDeviceIDs(cl_platform_id platform, cl_device_type device_type, cl_uint num_entries,
                                            cl_device_id *devices, cl_uint *num_devices) {
    if (platform && platform != &rv_platform) return CL_INVALID_PLATFORM;
    const cl_device_type known = CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_ACCELERATOR |
                                 CL_DEVICE_TYPE_DEFAULT | CL_DEVICE_TYPE_CUSTOM;
    if (device_type != CL_DEVICE_TYPE_ALL && (device_type & ~known)) return CL_INVALID_DEVICE_TYPE;
    if ((num_entries == 0 && devices) || (!devices && !num_devices)) return CL_INVALID_VALUE;
    if (rv_platform_init() != CL_SUCCESS) return CL_DEVICE_NOT_FOUND;
    cl_uint n = rv_device_count();
    if (device_type == CL_DEVICE_TYPE_DEFAULT) n = n > 0 ? 1 : 0;
    else if (!(device_type & (CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_DEFAULT))) n = 0;
    if (n == 0) {
        if (num_devices) *num_devices = 0;
        return CL_DEVICE_NOT_FOUND;
    }
    if (devices)
        for (cl_uint i = 0; i < n && i < num_entries; i++) devices[i] = rv_device(i);
    if (num_devices) *num_devices = n;
    return CL_SUCCESS;
}

static cl_uint caps_field(cl_device_id d, int shift) {
    cl_uint v = (d->hello.dev_caps >> shift) & 0xFF;
    return v ? v : 1;
}

HIDDEN cl_int CL_API_CALL rv_clGetDeviceInfo(cl_device_id d, cl_device_info param_name, size_t param_value_size,
                                             void *param_value, size_t *param_value_size_ret) {
    if (!rv_is_device(d)) return CL_INVALID_DEVICE;
    uint64_t global = rv_device_max_alloc(d);
    switch (param_name) {
    case CL_DEVICE_TYPE: RV_INFO(cl_device_type, CL_DEVICE_TYPE_GPU);
    case CL_DEVICE_VENDOR_ID: RV_INFO(cl_uint, d->hello.dev_id);
    case CL_DEVICE_MAX_COMPUTE_UNITS: RV_INFO(cl_uint, caps_field(d, 0));
    case CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS: RV_INFO(cl_uint, 3);
    case CL_DEVICE_MAX_WORK_ITEM_SIZES: {
        size_t sizes[3] = {1024, 1024, 64};
        return rv_info(param_value_size, param_value, param_value_size_ret, sizes, sizeof sizes);
    }
    case CL_DEVICE_MAX_WORK_GROUP_SIZE: RV_INFO(size_t, 1024); /* the device's block limit (device.md) */
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR:
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT:
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT:
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG:
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_INT:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT: RV_INFO(cl_uint, 1); /* scalar lanes: SIMT, not SIMD */
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE:
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF: RV_INFO(cl_uint, 0);
    case CL_DEVICE_MAX_CLOCK_FREQUENCY: RV_INFO(cl_uint, 1000);
    case CL_DEVICE_ADDRESS_BITS: RV_INFO(cl_uint, 32);
    case CL_DEVICE_MAX_MEM_ALLOC_SIZE: RV_INFO(cl_ulong, global);
    case CL_DEVICE_IMAGE_SUPPORT: RV_INFO(cl_bool, CL_FALSE);
    case CL_DEVICE_MAX_READ_IMAGE_ARGS:
    case CL_DEVICE_MAX_WRITE_IMAGE_ARGS:
    case CL_DEVICE_MAX_SAMPLERS: RV_INFO(cl_uint, 0);
    case CL_DEVICE_IMAGE2D_MAX_WIDTH:
    case CL_DEVICE_IMAGE2D_MAX_HEIGHT:
    case CL_DEVICE_IMAGE3D_MAX_WIDTH:
    case CL_DEVICE_IMAGE3D_MAX_HEIGHT:
    case CL_DEVICE_IMAGE3D_MAX_DEPTH:
    case CL_DEVICE_IMAGE_MAX_BUFFER_SIZE:
    case CL_DEVICE_IMAGE_MAX_ARRAY_SIZE: RV_INFO(size_t, 0);
    case CL_DEVICE_MAX_PARAMETER_SIZE: RV_INFO(size_t, 1024);
    case CL_DEVICE_MEM_BASE_ADDR_ALIGN: RV_INFO(cl_uint, 1024); /* bits: buffers start on 128 bytes */
    case CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE: RV_INFO(cl_uint, 128);
    case CL_DEVICE_SINGLE_FP_CONFIG:
        RV_INFO(cl_device_fp_config, CL_FP_ROUND_TO_NEAREST | CL_FP_ROUND_TO_ZERO | CL_FP_ROUND_TO_INF |
                                         CL_FP_INF_NAN | CL_FP_FMA);
    case CL_DEVICE_DOUBLE_FP_CONFIG: RV_INFO(cl_device_fp_config, 0);
    case CL_DEVICE_GLOBAL_MEM_CACHE_TYPE: RV_INFO(cl_device_mem_cache_type, CL_NONE);
    case CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE: RV_INFO(cl_uint, 0);
    case CL_DEVICE_GLOBAL_MEM_CACHE_SIZE: RV_INFO(cl_ulong, 0);
    case CL_DEVICE_GLOBAL_MEM_SIZE: RV_INFO(cl_ulong, global);
    case CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE: RV_INFO(cl_ulong, 64 * 1024);
    case CL_DEVICE_MAX_CONSTANT_ARGS: RV_INFO(cl_uint, 8);
    case CL_DEVICE_LOCAL_MEM_TYPE: RV_INFO(cl_device_local_mem_type, CL_LOCAL);
    case CL_DEVICE_LOCAL_MEM_SIZE: RV_INFO(cl_ulong, 64 * 1024);
    case CL_DEVICE_ERROR_CORRECTION_SUPPORT: RV_INFO(cl_bool, CL_FALSE);
    case CL_DEVICE_HOST_UNIFIED_MEMORY: RV_INFO(cl_bool, CL_FALSE);
    case CL_DEVICE_PROFILING_TIMER_RESOLUTION: RV_INFO(size_t, 1);
    case CL_DEVICE_ENDIAN_LITTLE: RV_INFO(cl_bool, CL_TRUE);
    case CL_DEVICE_AVAILABLE: RV_INFO(cl_bool, d->broken ? CL_FALSE : CL_TRUE);
    case CL_DEVICE_COMPILER_AVAILABLE:
    case CL_DEVICE_LINKER_AVAILABLE: RV_INFO(cl_bool, CL_TRUE);
    case CL_DEVICE_EXECUTION_CAPABILITIES: RV_INFO(cl_device_exec_capabilities, CL_EXEC_KERNEL);
    case CL_DEVICE_QUEUE_PROPERTIES: RV_INFO(cl_command_queue_properties, CL_QUEUE_PROFILING_ENABLE);
    case CL_DEVICE_BUILT_IN_KERNELS: RV_INFO_STR("");
    case CL_DEVICE_PLATFORM: RV_INFO(cl_platform_id, &rv_platform);
    case CL_DEVICE_NAME: RV_INFO_STR("rvsimt");
    case CL_DEVICE_VENDOR: RV_INFO_STR("rvsimt");
    case CL_DRIVER_VERSION: RV_INFO_STR(RVSIMT_VERSION);
    case CL_DEVICE_PROFILE: RV_INFO_STR(rv_device_full_profile(d) ? "FULL_PROFILE" : "EMBEDDED_PROFILE");
    case CL_DEVICE_VERSION: RV_INFO_STR("OpenCL 1.2 rvsimt");
    case CL_DEVICE_OPENCL_C_VERSION: RV_INFO_STR("OpenCL C 1.2 ");
    case CL_DEVICE_EXTENSIONS: RV_INFO_STR(DEVICE_EXTENSIONS);
    case CL_DEVICE_PRINTF_BUFFER_SIZE: RV_INFO(size_t, 64 * 1024);
    case CL_DEVICE_PREFERRED_INTEROP_USER_SYNC: RV_INFO(cl_bool, CL_TRUE);
    case CL_DEVICE_PARENT_DEVICE: RV_INFO(cl_device_id, NULL);
    case CL_DEVICE_PARTITION_MAX_SUB_DEVICES: RV_INFO(cl_uint, 0);
    case CL_DEVICE_PARTITION_PROPERTIES: RV_INFO(cl_device_partition_property, 0);
    case CL_DEVICE_PARTITION_AFFINITY_DOMAIN: RV_INFO(cl_device_affinity_domain, 0);
    case CL_DEVICE_PARTITION_TYPE: return rv_info(param_value_size, param_value, param_value_size_ret, NULL, 0);
    case CL_DEVICE_REFERENCE_COUNT: RV_INFO(cl_uint, 1);
    default: return CL_INVALID_VALUE;
    }
}

HIDDEN cl_int CL_API_CALL rv_clCreateSubDevices(cl_device_id d, const cl_device_partition_property *properties,
                                                cl_uint num_devices, cl_device_id *out_devices,
                                                cl_uint *num_devices_ret) {
    (void)properties, (void)num_devices, (void)out_devices, (void)num_devices_ret;
    if (!rv_is_device(d)) return CL_INVALID_DEVICE;
    return CL_INVALID_VALUE; /* CL_DEVICE_PARTITION_PROPERTIES lists no partition type */
}

HIDDEN cl_int CL_API_CALL rv_clRetainDevice(cl_device_id d) { return rv_is_device(d) ? CL_SUCCESS : CL_INVALID_DEVICE; }
HIDDEN cl_int CL_API_CALL rv_clReleaseDevice(cl_device_id d) { return rv_is_device(d) ? CL_SUCCESS : CL_INVALID_DEVICE; }

/* ---------------------------------------------------------------- contexts */
static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;

int rv_is_context(cl_context c) {
    /* Handles are checked by their dispatch pointer, kind and a live reference count: enough to
       turn a NULL or a handle of another type into the spec's CL_INVALID_* instead of a crash. */
    return RV_IS(c, RV_CONTEXT);
}

int rv_context_has_device(cl_context c, cl_device_id d) {
    for (cl_uint i = 0; i < c->num_devices; i++)
        if (c->devices[i] == d) return 1;
    return 0;
}

static cl_int parse_properties(cl_context c, const cl_context_properties *properties) {
    if (!properties) return CL_SUCCESS;
    size_t n = 0;
    int seen_platform = 0, seen_sync = 0;
    while (properties[n]) {
        cl_context_properties name = properties[n];
        if (name == CL_CONTEXT_PLATFORM) {
            if (seen_platform++) return CL_INVALID_PROPERTY;
            if ((cl_platform_id)properties[n + 1] != &rv_platform) return CL_INVALID_PLATFORM;
        } else if (name == CL_CONTEXT_INTEROP_USER_SYNC) {
            if (seen_sync++) return CL_INVALID_PROPERTY;
        } else {
            return CL_INVALID_PROPERTY;
        }
        n += 2;
        if (n + 1 > sizeof c->props / sizeof c->props[0]) return CL_INVALID_PROPERTY;
    }
    memcpy(c->props, properties, (n + 1) * sizeof *properties);
    c->num_props = n + 1;
    return CL_SUCCESS;
}

HIDDEN cl_context CL_API_CALL rv_clCreateContext(const cl_context_properties *properties, cl_uint num_devices,
                                                 const cl_device_id *devices,
                                                 void(CL_CALLBACK *pfn_notify)(const char *, const void *, size_t, void *),
                                                 void *user_data, cl_int *errcode_ret) {
    (void)registry_lock;
    if (!devices || num_devices == 0 || (!pfn_notify && user_data)) RV_ERR(CL_INVALID_VALUE);
    if (rv_platform_init() != CL_SUCCESS) RV_ERR(CL_DEVICE_NOT_AVAILABLE);
    if (num_devices > 8) RV_ERR(CL_INVALID_VALUE);
    cl_context c = calloc(1, sizeof *c);
    if (!c) RV_ERR(CL_OUT_OF_HOST_MEMORY);
    cl_int err = parse_properties(c, properties);
    if (err != CL_SUCCESS) {
        free(c);
        RV_ERR(err);
    }
    for (cl_uint i = 0; i < num_devices; i++) {
        if (!rv_is_device(devices[i])) {
            free(c);
            RV_ERR(CL_INVALID_DEVICE);
        }
        if (devices[i]->broken) {
            free(c);
            RV_ERR(CL_DEVICE_NOT_AVAILABLE);
        }
        int dup = 0;
        for (cl_uint j = 0; j < c->num_devices; j++) dup |= c->devices[j] == devices[i];
        if (!dup) c->devices[c->num_devices++] = devices[i];
    }
    c->dispatch = &rv_dispatch;
    rv_ref_init(&c->ref, RV_CONTEXT);
    c->notify = pfn_notify;
    c->notify_data = user_data;
    if (errcode_ret) *errcode_ret = CL_SUCCESS;
    return c;
}

HIDDEN cl_context CL_API_CALL rv_clCreateContextFromType(const cl_context_properties *properties,
                                                         cl_device_type device_type,
                                                         void(CL_CALLBACK *pfn_notify)(const char *, const void *, size_t, void *),
                                                         void *user_data, cl_int *errcode_ret) {
    cl_device_id devs[8];
    cl_uint n = 0;
    cl_int err = rv_clGetDeviceIDs(NULL, device_type, 8, devs, &n);
    if (err != CL_SUCCESS) RV_ERR(err);
    return rv_clCreateContext(properties, n, devs, pfn_notify, user_data, errcode_ret);
}

HIDDEN cl_int CL_API_CALL rv_clRetainContext(cl_context c) {
    if (!rv_is_context(c)) return CL_INVALID_CONTEXT;
    rv_ref_retain(&c->ref);
    return CL_SUCCESS;
}

HIDDEN cl_int CL_API_CALL rv_clReleaseContext(cl_context c) {
    if (!rv_is_context(c)) return CL_INVALID_CONTEXT;
    if (rv_ref_release(&c->ref)) {
        c->ref.magic = 0;
        free(c);
    }
    return CL_SUCCESS;
}

HIDDEN cl_int CL_API_CALL rv_clGetContextInfo(cl_context c, cl_context_info param_name, size_t param_value_size,
                                              void *param_value, size_t *param_value_size_ret) {
    if (!rv_is_context(c)) return CL_INVALID_CONTEXT;
    switch (param_name) {
    case CL_CONTEXT_REFERENCE_COUNT: RV_INFO(cl_uint, c->ref.count);
    case CL_CONTEXT_NUM_DEVICES: RV_INFO(cl_uint, c->num_devices);
    case CL_CONTEXT_DEVICES:
        return rv_info(param_value_size, param_value, param_value_size_ret, c->devices,
                       c->num_devices * sizeof(cl_device_id));
    case CL_CONTEXT_PROPERTIES:
        return rv_info(param_value_size, param_value, param_value_size_ret, c->props,
                       c->num_props * sizeof(cl_context_properties));
    default: return CL_INVALID_VALUE;
    }
}
