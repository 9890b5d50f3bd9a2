/*
 * memory.c: buffer objects (OpenCL 1.2 section 5.2). A buffer lives in the VRAM of every device of
 * its context (allocated when it is created); sub-buffers are views of their parent's VRAM. Host
 * pointer flags: COPY_HOST_PTR and USE_HOST_PTR copy the host memory in at creation; USE_HOST_PTR
 * maps return the application's pointer (section 5.4.2), kept in step by map and unmap.
 */
#include <stdlib.h>
#include <string.h>

#include "icd.h"

struct rv_destructor {
    struct rv_destructor *next;
    void(CL_CALLBACK *fn)(cl_mem, void *);
    void *data;
};

int rv_is_mem(cl_mem m) { return RV_IS(m, RV_MEM); }

uint64_t rv_mem_address(cl_mem m, cl_device_id d) {
    cl_context c = m->context;
    for (cl_uint i = 0; i < c->num_devices; i++)
        if (c->devices[i] == d) return m->address[i];
    return 0;
}

static const cl_mem_flags ACCESS = CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY;
static const cl_mem_flags HOST_ACCESS = CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS;
static const cl_mem_flags HOST_PTR = CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR;

static int one_or_none(cl_mem_flags f) { return (f & (f - 1)) == 0; }

static cl_int check_flags(cl_mem_flags flags) {
    if (flags & ~(ACCESS | HOST_ACCESS | HOST_PTR)) return CL_INVALID_VALUE;
    if (!one_or_none(flags & ACCESS) || !one_or_none(flags & HOST_ACCESS)) return CL_INVALID_VALUE;
    if ((flags & CL_MEM_USE_HOST_PTR) && (flags & (CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR)))
        return CL_INVALID_VALUE;
    return CL_SUCCESS;
}

static cl_mem mem_new(cl_context c) {
    cl_mem m = calloc(1, sizeof *m);
    if (!m) return NULL;
    m->dispatch = &rv_dispatch;
    rv_ref_init(&m->ref, RV_MEM);
    m->context = c;
    pthread_mutex_init(&m->map_lock, NULL);
    rv_ref_retain(&c->ref);
    return m;
}

HIDDEN cl_mem CL_API_CALL rv_clCreateBuffer(cl_context c, cl_mem_flags flags, size_t size, void *host_ptr,
                                            cl_int *errcode_ret) {
    if (!rv_is_context(c)) RV_ERR(CL_INVALID_CONTEXT);
    if (flags == 0) flags = CL_MEM_READ_WRITE;
    cl_int err = check_flags(flags);
    if (err != CL_SUCCESS) RV_ERR(err);
    if (size == 0) RV_ERR(CL_INVALID_BUFFER_SIZE);
    for (cl_uint i = 0; i < c->num_devices; i++)
        if (size > rv_device_max_alloc(c->devices[i])) RV_ERR(CL_INVALID_BUFFER_SIZE);
    int wants_ptr = (flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR)) != 0;
    if (wants_ptr != (host_ptr != NULL)) RV_ERR(CL_INVALID_HOST_PTR);
    cl_mem m = mem_new(c);
    if (!m) RV_ERR(CL_OUT_OF_HOST_MEMORY);
    m->flags = flags;
    m->size = size;
    if (flags & CL_MEM_USE_HOST_PTR) m->host_ptr = host_ptr;
    for (cl_uint i = 0; i < c->num_devices; i++) {
        cl_device_id d = c->devices[i];
        m->address[i] = rv_vram_alloc(d, size, 128);
        int failed = m->address[i] == 0;
        if (!failed && host_ptr) failed = rv_vram_write(d, m->address[i], host_ptr, size) != 0;
        if (failed) {
            for (cl_uint j = 0; j <= i; j++)
                if (m->address[j]) rv_vram_free(c->devices[j], m->address[j]);
            m->ref.magic = 0;
            free(m);
            rv_ref_release(&c->ref);
            RV_ERR(CL_MEM_OBJECT_ALLOCATION_FAILURE);
        }
    }
    if (errcode_ret) *errcode_ret = CL_SUCCESS;
    return m;
}

HIDDEN cl_mem CL_API_CALL rv_clCreateSubBuffer(cl_mem parent, cl_mem_flags flags, cl_buffer_create_type type,
                                               const void *info, cl_int *errcode_ret) {
    if (!rv_is_mem(parent) || parent->parent) RV_ERR(CL_INVALID_MEM_OBJECT);
    if (flags & HOST_PTR) RV_ERR(CL_INVALID_VALUE);
    if (check_flags(flags) != CL_SUCCESS) RV_ERR(CL_INVALID_VALUE);
    /* Access flags not given are inherited; given ones must not widen the parent's (5.2.1). */
    if ((parent->flags & CL_MEM_WRITE_ONLY) && (flags & (CL_MEM_READ_WRITE | CL_MEM_READ_ONLY))) RV_ERR(CL_INVALID_VALUE);
    if ((parent->flags & CL_MEM_READ_ONLY) && (flags & (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY))) RV_ERR(CL_INVALID_VALUE);
    if ((parent->flags & CL_MEM_HOST_WRITE_ONLY) && (flags & CL_MEM_HOST_READ_ONLY)) RV_ERR(CL_INVALID_VALUE);
    if ((parent->flags & CL_MEM_HOST_READ_ONLY) && (flags & CL_MEM_HOST_WRITE_ONLY)) RV_ERR(CL_INVALID_VALUE);
    if ((parent->flags & CL_MEM_HOST_NO_ACCESS) && (flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_WRITE_ONLY)))
        RV_ERR(CL_INVALID_VALUE);
    if (type != CL_BUFFER_CREATE_TYPE_REGION || !info) RV_ERR(CL_INVALID_VALUE);
    const cl_buffer_region *r = info;
    if (r->size == 0) RV_ERR(CL_INVALID_BUFFER_SIZE);
    if (r->origin > parent->size || r->size > parent->size - r->origin) RV_ERR(CL_INVALID_VALUE);
    cl_context c = parent->context;
    for (cl_uint i = 0; i < c->num_devices; i++)
        if (r->origin % 128) RV_ERR(CL_MISALIGNED_SUB_BUFFER_OFFSET); /* CL_DEVICE_MEM_BASE_ADDR_ALIGN */
    cl_mem m = mem_new(c);
    if (!m) RV_ERR(CL_OUT_OF_HOST_MEMORY);
    cl_mem_flags inherited = parent->flags & HOST_PTR;
    if (!(flags & ACCESS)) inherited |= parent->flags & ACCESS;
    if (!(flags & HOST_ACCESS)) inherited |= parent->flags & HOST_ACCESS;
    m->flags = flags | inherited;
    m->size = r->size;
    m->parent = parent;
    m->origin = r->origin;
    if (parent->host_ptr) m->host_ptr = (char *)parent->host_ptr + r->origin;
    for (cl_uint i = 0; i < c->num_devices; i++) m->address[i] = parent->address[i] + r->origin;
    rv_ref_retain(&parent->ref);
    if (errcode_ret) *errcode_ret = CL_SUCCESS;
    return m;
}

HIDDEN cl_int CL_API_CALL rv_clRetainMemObject(cl_mem m) {
    if (!rv_is_mem(m)) return CL_INVALID_MEM_OBJECT;
    rv_ref_retain(&m->ref);
    return CL_SUCCESS;
}

HIDDEN cl_int CL_API_CALL rv_clReleaseMemObject(cl_mem m) {
    if (!rv_is_mem(m)) return CL_INVALID_MEM_OBJECT;
    if (!rv_ref_release(&m->ref)) return CL_SUCCESS;
    /* Destructor callbacks run in the reverse order of registration (5.4.1). */
    for (struct rv_destructor *d = m->destructors; d;) {
        struct rv_destructor *next = d->next;
        d->fn(m, d->data);
        free(d);
        d = next;
    }
    cl_context c = m->context;
    if (m->parent) {
        rv_clReleaseMemObject(m->parent);
    } else {
        for (cl_uint i = 0; i < c->num_devices; i++) rv_vram_free(c->devices[i], m->address[i]);
    }
    m->ref.magic = 0;
    free(m);
    rv_clReleaseContext(c);
    return CL_SUCCESS;
}

HIDDEN cl_int CL_API_CALL rv_clSetMemObjectDestructorCallback(cl_mem m, void(CL_CALLBACK *fn)(cl_mem, void *),
                                                              void *data) {
    if (!rv_is_mem(m)) return CL_INVALID_MEM_OBJECT;
    if (!fn) return CL_INVALID_VALUE;
    struct rv_destructor *d = calloc(1, sizeof *d);
    if (!d) return CL_OUT_OF_HOST_MEMORY;
    d->fn = fn;
    d->data = data;
    pthread_mutex_lock(&m->map_lock);
    d->next = m->destructors;
    m->destructors = d;
    pthread_mutex_unlock(&m->map_lock);
    return CL_SUCCESS;
}

HIDDEN cl_int CL_API_CALL rv_clGetMemObjectInfo(cl_mem m, cl_mem_info param_name, size_t param_value_size,
                                                void *param_value, size_t *param_value_size_ret) {
    if (!rv_is_mem(m)) return CL_INVALID_MEM_OBJECT;
    switch (param_name) {
    case CL_MEM_TYPE: RV_INFO(cl_mem_object_type, CL_MEM_OBJECT_BUFFER);
    case CL_MEM_FLAGS: RV_INFO(cl_mem_flags, m->flags);
    case CL_MEM_SIZE: RV_INFO(size_t, m->size);
    case CL_MEM_HOST_PTR: RV_INFO(void *, m->host_ptr);
    case CL_MEM_MAP_COUNT: RV_INFO(cl_uint, m->map_count);
    case CL_MEM_REFERENCE_COUNT: RV_INFO(cl_uint, m->ref.count);
    case CL_MEM_CONTEXT: RV_INFO(cl_context, m->context);
    case CL_MEM_ASSOCIATED_MEMOBJECT: RV_INFO(cl_mem, m->parent);
    case CL_MEM_OFFSET: RV_INFO(size_t, m->origin);
    default: return CL_INVALID_VALUE;
    }
}

/* ---------------------------------------------------------------- images and samplers: not supported */
/* CL_DEVICE_IMAGE_SUPPORT is CL_FALSE, so creating one is CL_INVALID_OPERATION (5.3.1, 5.5.1). */
HIDDEN cl_mem CL_API_CALL rv_clCreateImage(cl_context c, cl_mem_flags flags, const cl_image_format *format,
                                           const cl_image_desc *desc, void *host_ptr, cl_int *errcode_ret) {
    (void)flags, (void)format, (void)desc, (void)host_ptr;
    if (!rv_is_context(c)) RV_ERR(CL_INVALID_CONTEXT);
    RV_ERR(CL_INVALID_OPERATION);
}

HIDDEN cl_mem CL_API_CALL rv_clCreateImage2D(cl_context c, cl_mem_flags flags, const cl_image_format *format,
                                             size_t w, size_t h, size_t pitch, void *host_ptr, cl_int *errcode_ret) {
    (void)flags, (void)format, (void)w, (void)h, (void)pitch, (void)host_ptr;
    if (!rv_is_context(c)) RV_ERR(CL_INVALID_CONTEXT);
    RV_ERR(CL_INVALID_OPERATION);
}

HIDDEN cl_mem CL_API_CALL rv_clCreateImage3D(cl_context c, cl_mem_flags flags, const cl_image_format *format,
                                             size_t w, size_t h, size_t depth, size_t row_pitch, size_t slice_pitch,
                                             void *host_ptr, cl_int *errcode_ret) {
    (void)flags, (void)format, (void)w, (void)h, (void)depth, (void)row_pitch, (void)slice_pitch, (void)host_ptr;
    if (!rv_is_context(c)) RV_ERR(CL_INVALID_CONTEXT);
    RV_ERR(CL_INVALID_OPERATION);
}

HIDDEN cl_int CL_API_CALL rv_clGetSupportedImageFormats(cl_context c, cl_mem_flags flags, cl_mem_object_type type,
                                                        cl_uint num_entries, cl_image_format *formats,
                                                        cl_uint *num_formats) {
    (void)flags, (void)type;
    if (!rv_is_context(c)) return CL_INVALID_CONTEXT;
    if (num_entries == 0 && formats) return CL_INVALID_VALUE;
    if (num_formats) *num_formats = 0;
    return CL_SUCCESS;
}

HIDDEN cl_int CL_API_CALL rv_clGetImageInfo(cl_mem m, cl_image_info param_name, size_t param_value_size,
                                            void *param_value, size_t *param_value_size_ret) {
    (void)m, (void)param_name, (void)param_value_size, (void)param_value, (void)param_value_size_ret;
    return CL_INVALID_MEM_OBJECT;
}

HIDDEN cl_sampler CL_API_CALL rv_clCreateSampler(cl_context c, cl_bool normalized, cl_addressing_mode addressing,
                                                 cl_filter_mode filter, cl_int *errcode_ret) {
    (void)normalized, (void)addressing, (void)filter;
    if (!rv_is_context(c)) RV_ERR(CL_INVALID_CONTEXT);
    RV_ERR(CL_INVALID_OPERATION);
}

HIDDEN cl_int CL_API_CALL rv_clRetainSampler(cl_sampler s) { (void)s; return CL_INVALID_SAMPLER; }
HIDDEN cl_int CL_API_CALL rv_clReleaseSampler(cl_sampler s) { (void)s; return CL_INVALID_SAMPLER; }
HIDDEN cl_int CL_API_CALL rv_clGetSamplerInfo(cl_sampler s, cl_sampler_info param_name, size_t param_value_size,
                                              void *param_value, size_t *param_value_size_ret) {
    (void)s, (void)param_name, (void)param_value_size, (void)param_value, (void)param_value_size_ret;
    return CL_INVALID_SAMPLER;
}
