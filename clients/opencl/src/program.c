/*
 * program.c: program objects (OpenCL 1.2 section 5.6). Source is built by the device server
 * (protocol message BUILD_PROGRAM, docs/protocol.md), which runs rvsimt's OpenCL C front end and
 * answers with a program container:
 *
 *   u32 magic "RVCL" (0x4C435652), u32 version (1), u32 kernel_count, then per kernel:
 *     str name, u32 entry, u32 static_local_bytes, u32 arg_block_bytes, u32 arg_count,
 *     per argument: str name, str type_name, u32 address (0 global, 1 constant, 2 local, 3 private),
 *                   u32 access (0 none, 1 read_only, 2 write_only, 3 read_write),
 *                   u32 type_qualifiers (bit 0 const, 1 restrict, 2 volatile),
 *                   u32 kind (0 buffer address, 1 __local size, 2 value bytes), u32 size, u32 offset
 *   u32 elf_length, the ELF image
 *
 * (str = u32 byte count then UTF-8; little-endian.) The container is also the program's binary
 * (CL_PROGRAM_BINARIES), so clCreateProgramWithBinary takes back exactly what it gave.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "icd.h"

#define CONTAINER_MAGIC 0x4C435652u

int rv_is_program(cl_program p) { return RV_IS(p, RV_PROGRAM); }

/* ---------------------------------------------------------------- the container */
typedef struct {
    const uint8_t *p;
    size_t left;
    int bad;
} reader;

static uint32_t rd_u32(reader *r) {
    if (r->left < 4) {
        r->bad = 1;
        return 0;
    }
    uint32_t v = (uint32_t)r->p[0] | (uint32_t)r->p[1] << 8 | (uint32_t)r->p[2] << 16 | (uint32_t)r->p[3] << 24;
    r->p += 4;
    r->left -= 4;
    return v;
}

static char *rd_str(reader *r) {
    uint32_t n = rd_u32(r);
    if (r->bad || n > r->left) {
        r->bad = 1;
        return NULL;
    }
    char *s = malloc((size_t)n + 1);
    if (!s) {
        r->bad = 1;
        return NULL;
    }
    memcpy(s, r->p, n);
    s[n] = 0;
    r->p += n;
    r->left -= n;
    return s;
}

static void binary_free(rv_binary *b) {
    if (!b) return;
    for (uint32_t i = 0; i < b->num_kernels && b->kernels; i++) {
        rv_kernel_info *k = &b->kernels[i];
        free(k->name);
        for (uint32_t j = 0; j < k->num_args && k->args; j++) {
            free(k->args[j].name);
            free(k->args[j].type_name);
        }
        free(k->args);
    }
    free(b->kernels);
    free(b->bytes);
    free(b);
}

static const cl_kernel_arg_address_qualifier ADDRESS[4] = {
    CL_KERNEL_ARG_ADDRESS_GLOBAL, CL_KERNEL_ARG_ADDRESS_CONSTANT, CL_KERNEL_ARG_ADDRESS_LOCAL,
    CL_KERNEL_ARG_ADDRESS_PRIVATE};
static const cl_kernel_arg_access_qualifier ACCESS[4] = {
    CL_KERNEL_ARG_ACCESS_NONE, CL_KERNEL_ARG_ACCESS_READ_ONLY, CL_KERNEL_ARG_ACCESS_WRITE_ONLY,
    CL_KERNEL_ARG_ACCESS_READ_WRITE};

/* Parses a container (copied); NULL if it is not one. */
static rv_binary *binary_parse(const uint8_t *bytes, size_t length) {
    static uint64_t serials;
    rv_binary *b = calloc(1, sizeof *b);
    if (!b) return NULL;
    b->bytes = malloc(length ? length : 1);
    if (!b->bytes) {
        free(b);
        return NULL;
    }
    memcpy(b->bytes, bytes, length);
    b->length = length;
    reader r = {b->bytes, length, 0};
    if (rd_u32(&r) != CONTAINER_MAGIC || rd_u32(&r) != 1) goto bad;
    b->num_kernels = rd_u32(&r);
    if (r.bad || b->num_kernels > 4096) goto bad;
    b->kernels = calloc(b->num_kernels ? b->num_kernels : 1, sizeof *b->kernels);
    if (!b->kernels) goto bad;
    for (uint32_t i = 0; i < b->num_kernels; i++) {
        rv_kernel_info *k = &b->kernels[i];
        k->name = rd_str(&r);
        k->entry = rd_u32(&r);
        k->static_local = rd_u32(&r);
        k->arg_block_bytes = rd_u32(&r);
        uint32_t n = rd_u32(&r);
        if (r.bad || n > 1024) goto bad;
        k->args = calloc(n ? n : 1, sizeof *k->args);
        if (!k->args) goto bad;
        k->num_args = n;
        for (uint32_t j = 0; j < n; j++) {
            rv_arg_info *a = &k->args[j];
            a->name = rd_str(&r);
            a->type_name = rd_str(&r);
            uint32_t address = rd_u32(&r), access = rd_u32(&r), quals = rd_u32(&r), kind = rd_u32(&r);
            a->size = rd_u32(&r);
            a->offset = rd_u32(&r);
            if (r.bad || address > 3 || access > 3 || kind > 2 || a->size > 1024 ||
                (uint64_t)a->offset + ((a->size + 3) & ~3u) > k->arg_block_bytes)
                goto bad;
            a->kind = (rv_arg_kind)kind;
            a->address = ADDRESS[address];
            a->access = ACCESS[access];
            a->type_qualifier = ((quals & 1) ? CL_KERNEL_ARG_TYPE_CONST : 0) |
                                ((quals & 2) ? CL_KERNEL_ARG_TYPE_RESTRICT : 0) |
                                ((quals & 4) ? CL_KERNEL_ARG_TYPE_VOLATILE : 0);
        }
    }
    b->elf_length = rd_u32(&r);
    if (r.bad || b->elf_length != r.left || b->elf_length < 4 || memcmp(r.p, "\177ELF", 4) != 0) goto bad;
    b->elf = r.p;
    b->serial = __atomic_add_fetch(&serials, 1, __ATOMIC_RELAXED);
    return b;
bad:
    binary_free(b);
    return NULL;
}

/* ---------------------------------------------------------------- creating */
static cl_program program_new(cl_context c) {
    cl_program p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->dispatch = &rv_dispatch;
    rv_ref_init(&p->ref, RV_PROGRAM);
    p->context = c;
    pthread_mutex_init(&p->lock, NULL);
    p->status = CL_BUILD_NONE;
    p->binary_type = CL_PROGRAM_BINARY_TYPE_NONE;
    rv_ref_retain(&c->ref);
    return p;
}

HIDDEN cl_program CL_API_CALL rv_clCreateProgramWithSource(cl_context c, cl_uint count, const char **strings,
                                                           const size_t *lengths, cl_int *errcode_ret) {
    if (!rv_is_context(c)) RV_ERR(CL_INVALID_CONTEXT);
    if (count == 0 || !strings) RV_ERR(CL_INVALID_VALUE);
    size_t total = 0;
    for (cl_uint i = 0; i < count; i++) {
        if (!strings[i]) RV_ERR(CL_INVALID_VALUE);
        total += (lengths && lengths[i]) ? lengths[i] : strlen(strings[i]);
    }
    cl_program p = program_new(c);
    char *src = malloc(total + 1);
    if (!p || !src) {
        free(p);
        free(src);
        RV_ERR(CL_OUT_OF_HOST_MEMORY);
    }
    size_t at = 0;
    for (cl_uint i = 0; i < count; i++) {
        size_t n = (lengths && lengths[i]) ? lengths[i] : strlen(strings[i]);
        memcpy(src + at, strings[i], n);
        at += n;
    }
    src[at] = 0;
    p->source = src;
    if (errcode_ret) *errcode_ret = CL_SUCCESS;
    return p;
}

HIDDEN cl_program CL_API_CALL rv_clCreateProgramWithBinary(cl_context c, cl_uint num_devices,
                                                           const cl_device_id *device_list, const size_t *lengths,
                                                           const unsigned char **binaries, cl_int *binary_status,
                                                           cl_int *errcode_ret) {
    if (!rv_is_context(c)) RV_ERR(CL_INVALID_CONTEXT);
    if (num_devices == 0 || !device_list || !lengths || !binaries) RV_ERR(CL_INVALID_VALUE);
    for (cl_uint i = 0; i < num_devices; i++) {
        if (!rv_is_device(device_list[i]) || !rv_context_has_device(c, device_list[i])) RV_ERR(CL_INVALID_DEVICE);
        if (!binaries[i] || lengths[i] == 0) {
            if (binary_status) binary_status[i] = CL_INVALID_VALUE;
            RV_ERR(CL_INVALID_VALUE);
        }
    }
    /* All devices of the platform are alike: the first binary serves every device. */
    rv_binary *b = binary_parse(binaries[0], lengths[0]);
    int bad = !b;
    for (cl_uint i = 0; i < num_devices; i++) {
        int ok = b && lengths[i] == lengths[0] && memcmp(binaries[i], binaries[0], lengths[0]) == 0;
        if (binary_status) binary_status[i] = ok ? CL_SUCCESS : CL_INVALID_BINARY;
        bad |= !ok;
    }
    if (bad) {
        binary_free(b);
        RV_ERR(CL_INVALID_BINARY);
    }
    cl_program p = program_new(c);
    if (!p) {
        binary_free(b);
        RV_ERR(CL_OUT_OF_HOST_MEMORY);
    }
    p->binary = b;
    p->binary_type = CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
    if (errcode_ret) *errcode_ret = CL_SUCCESS;
    return p;
}

HIDDEN cl_program CL_API_CALL rv_clCreateProgramWithBuiltInKernels(cl_context c, cl_uint num_devices,
                                                                   const cl_device_id *device_list,
                                                                   const char *kernel_names, cl_int *errcode_ret) {
    (void)num_devices, (void)device_list, (void)kernel_names;
    if (!rv_is_context(c)) RV_ERR(CL_INVALID_CONTEXT);
    RV_ERR(CL_INVALID_VALUE); /* CL_DEVICE_BUILT_IN_KERNELS is empty */
}

HIDDEN cl_int CL_API_CALL rv_clRetainProgram(cl_program p) {
    if (!rv_is_program(p)) return CL_INVALID_PROGRAM;
    rv_ref_retain(&p->ref);
    return CL_SUCCESS;
}

HIDDEN cl_int CL_API_CALL rv_clReleaseProgram(cl_program p) {
    if (!rv_is_program(p)) return CL_INVALID_PROGRAM;
    if (rv_ref_release(&p->ref)) {
        cl_context c = p->context;
        binary_free(p->binary);
        free(p->source);
        free(p->options);
        free(p->log);
        p->ref.magic = 0;
        free(p);
        rv_clReleaseContext(c);
    }
    return CL_SUCCESS;
}

/* ---------------------------------------------------------------- building */
static void set_log(cl_program p, const char *log) {
    free(p->log);
    p->log = strdup(log ? log : "");
}

/* Asks the server to build p's source; fills binary/log/status. Returns the API result. */
static cl_int build_source(cl_program p, const char *options) {
    cl_device_id d = p->context->devices[0];
    size_t olen = options ? strlen(options) : 0;
    uint8_t *fixed = malloc(4 + olen);
    if (!fixed) return CL_OUT_OF_HOST_MEMORY;
    for (int i = 0; i < 4; i++) fixed[i] = (uint8_t)(olen >> (8 * i));
    if (olen) memcpy(fixed + 4, options, olen);
    uint8_t *reply = NULL;
    uint32_t len = 0;
    char message[512];
    int r = rv_device_request(d, RVSIMT_T_BUILD_PROGRAM, fixed, 4 + olen, p->source, strlen(p->source), &reply, &len,
                              600000, message, sizeof message);
    free(fixed);
    if (r != 0) {
        char log[700];
        snprintf(log, sizeof log, "rvsimt: the device server could not build the program: %s", message);
        set_log(p, log);
        p->status = CL_BUILD_ERROR;
        return r == RVSIMT_E_UNKNOWN_TYPE ? CL_COMPILER_NOT_AVAILABLE : CL_BUILD_PROGRAM_FAILURE;
    }
    reader rd = {reply, len, 0};
    uint32_t status = rd_u32(&rd);
    char *log = rd_str(&rd);
    cl_int result;
    if (rd.bad) {
        set_log(p, "rvsimt: malformed BUILD_PROGRAM reply from the device server");
        result = CL_BUILD_PROGRAM_FAILURE;
    } else if (status == 0) {
        rv_binary *b = binary_parse(rd.p, rd.left);
        set_log(p, b ? log : "rvsimt: the device server's program container is malformed");
        if (b) {
            binary_free(p->binary);
            p->binary = b;
        }
        result = b ? CL_SUCCESS : CL_BUILD_PROGRAM_FAILURE;
    } else {
        set_log(p, log);
        result = status == 2 ? CL_INVALID_BUILD_OPTIONS : CL_BUILD_PROGRAM_FAILURE;
    }
    free(log);
    free(reply);
    p->status = result == CL_SUCCESS ? CL_BUILD_SUCCESS : CL_BUILD_ERROR;
    return result;
}

static cl_int check_devices(cl_program p, cl_uint num_devices, const cl_device_id *device_list) {
    if ((num_devices == 0) != (device_list == NULL)) return CL_INVALID_VALUE;
    for (cl_uint i = 0; i < num_devices; i++)
        if (!rv_is_device(device_list[i]) || !rv_context_has_device(p->context, device_list[i]))
            return CL_INVALID_DEVICE;
    return CL_SUCCESS;
}

static cl_int build(cl_program p, const char *options, cl_program_binary_type type) {
    pthread_mutex_lock(&p->lock);
    if (p->status == CL_BUILD_IN_PROGRESS || p->kernels_attached) {
        pthread_mutex_unlock(&p->lock);
        return CL_INVALID_OPERATION;
    }
    p->status = CL_BUILD_IN_PROGRESS;
    free(p->options);
    p->options = strdup(options ? options : "");
    pthread_mutex_unlock(&p->lock);
    cl_int result;
    if (p->source) {
        result = build_source(p, options);
    } else {
        set_log(p, "");
        result = CL_SUCCESS; /* a binary is already executable */
        p->status = CL_BUILD_SUCCESS;
    }
    if (result == CL_SUCCESS) p->binary_type = type;
    return result;
}

HIDDEN cl_int CL_API_CALL rv_clBuildProgram(cl_program p, cl_uint num_devices, const cl_device_id *device_list,
                                            const char *options, void(CL_CALLBACK *notify)(cl_program, void *),
                                            void *user_data) {
    if (!rv_is_program(p)) return CL_INVALID_PROGRAM;
    cl_int err = check_devices(p, num_devices, device_list);
    if (err != CL_SUCCESS) return err;
    if (!notify && user_data) return CL_INVALID_VALUE;
    cl_int result = build(p, options, CL_PROGRAM_BINARY_TYPE_EXECUTABLE);
    if (notify && result != CL_INVALID_OPERATION) notify(p, user_data);
    return result;
}

/* Separate compilation: clCompileProgram builds the source completely (headers come from -I; the
   embedded input_headers are not supported, see docs/opencl.md) and clLinkProgram accepts one
   compiled program, whose executable it shares. */
HIDDEN cl_int CL_API_CALL rv_clCompileProgram(cl_program p, cl_uint num_devices, const cl_device_id *device_list,
                                              const char *options, cl_uint num_headers, const cl_program *headers,
                                              const char **header_names,
                                              void(CL_CALLBACK *notify)(cl_program, void *), void *user_data) {
    if (!rv_is_program(p)) return CL_INVALID_PROGRAM;
    cl_int err = check_devices(p, num_devices, device_list);
    if (err != CL_SUCCESS) return err;
    if ((num_headers == 0) != (headers == NULL) || (num_headers == 0) != (header_names == NULL)) return CL_INVALID_VALUE;
    if (!notify && user_data) return CL_INVALID_VALUE;
    if (!p->source) return CL_INVALID_OPERATION;
    if (num_headers) {
        set_log(p, "rvsimt: embedded headers (clCompileProgram's input_headers) are not supported; use -I");
        p->status = CL_BUILD_ERROR;
        return CL_COMPILE_PROGRAM_FAILURE;
    }
    cl_int result = build(p, options, CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT);
    if (notify && result != CL_INVALID_OPERATION) notify(p, user_data);
    return result == CL_BUILD_PROGRAM_FAILURE ? CL_COMPILE_PROGRAM_FAILURE : result;
}

HIDDEN cl_program CL_API_CALL rv_clLinkProgram(cl_context c, cl_uint num_devices, const cl_device_id *device_list,
                                               const char *options, cl_uint num_inputs, const cl_program *inputs,
                                               void(CL_CALLBACK *notify)(cl_program, void *), void *user_data,
                                               cl_int *errcode_ret) {
    (void)options;
    if (!rv_is_context(c)) RV_ERR(CL_INVALID_CONTEXT);
    if ((num_devices == 0) != (device_list == NULL) || num_inputs == 0 || !inputs || (!notify && user_data))
        RV_ERR(CL_INVALID_VALUE);
    for (cl_uint i = 0; i < num_inputs; i++)
        if (!rv_is_program(inputs[i]) || inputs[i]->context != c) RV_ERR(CL_INVALID_PROGRAM);
    for (cl_uint i = 0; i < num_inputs; i++)
        if (!inputs[i]->binary) RV_ERR(CL_INVALID_OPERATION);
    cl_program p = program_new(c);
    if (!p) RV_ERR(CL_OUT_OF_HOST_MEMORY);
    if (num_inputs > 1) {
        set_log(p, "rvsimt: clLinkProgram links one compiled program at a time");
        p->status = CL_BUILD_ERROR;
        if (notify) notify(p, user_data);
        if (errcode_ret) *errcode_ret = CL_LINK_PROGRAM_FAILURE;
        return p;
    }
    p->binary = binary_parse(inputs[0]->binary->bytes, inputs[0]->binary->length);
    if (!p->binary) {
        rv_clReleaseProgram(p);
        RV_ERR(CL_OUT_OF_HOST_MEMORY);
    }
    set_log(p, "");
    p->options = strdup(options ? options : "");
    p->status = CL_BUILD_SUCCESS;
    p->binary_type = CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
    if (notify) notify(p, user_data);
    if (errcode_ret) *errcode_ret = CL_SUCCESS;
    return p;
}

HIDDEN cl_int CL_API_CALL rv_clUnloadCompiler(void) { return CL_SUCCESS; }
HIDDEN cl_int CL_API_CALL rv_clUnloadPlatformCompiler(cl_platform_id platform) {
    return platform == &rv_platform ? CL_SUCCESS : CL_INVALID_PLATFORM;
}

/* ---------------------------------------------------------------- queries */
HIDDEN cl_int CL_API_CALL rv_clGetProgramInfo(cl_program p, cl_program_info param_name, size_t param_value_size,
                                              void *param_value, size_t *param_value_size_ret) {
    if (!rv_is_program(p)) return CL_INVALID_PROGRAM;
    cl_context c = p->context;
    switch (param_name) {
    case CL_PROGRAM_REFERENCE_COUNT: RV_INFO(cl_uint, p->ref.count);
    case CL_PROGRAM_CONTEXT: RV_INFO(cl_context, c);
    case CL_PROGRAM_NUM_DEVICES: RV_INFO(cl_uint, c->num_devices);
    case CL_PROGRAM_DEVICES:
        return rv_info(param_value_size, param_value, param_value_size_ret, c->devices,
                       c->num_devices * sizeof(cl_device_id));
    case CL_PROGRAM_SOURCE: RV_INFO_STR(p->source ? p->source : "");
    case CL_PROGRAM_BINARY_SIZES: {
        size_t sizes[8];
        for (cl_uint i = 0; i < c->num_devices; i++) sizes[i] = p->binary ? p->binary->length : 0;
        return rv_info(param_value_size, param_value, param_value_size_ret, sizes, c->num_devices * sizeof(size_t));
    }
    case CL_PROGRAM_BINARIES: {
        size_t need = c->num_devices * sizeof(unsigned char *);
        if (param_value_size_ret) *param_value_size_ret = need;
        if (!param_value) return CL_SUCCESS;
        if (param_value_size < need) return CL_INVALID_VALUE;
        unsigned char **out = param_value;
        for (cl_uint i = 0; i < c->num_devices; i++)
            if (out[i] && p->binary) memcpy(out[i], p->binary->bytes, p->binary->length);
        return CL_SUCCESS;
    }
    case CL_PROGRAM_NUM_KERNELS:
        if (!p->binary || p->status != CL_BUILD_SUCCESS) return CL_INVALID_PROGRAM_EXECUTABLE;
        RV_INFO(size_t, p->binary->num_kernels);
    case CL_PROGRAM_KERNEL_NAMES: {
        if (!p->binary || p->status != CL_BUILD_SUCCESS) return CL_INVALID_PROGRAM_EXECUTABLE;
        size_t n = 1;
        for (uint32_t i = 0; i < p->binary->num_kernels; i++) n += strlen(p->binary->kernels[i].name) + 1;
        char *names = calloc(1, n);
        if (!names) return CL_OUT_OF_HOST_MEMORY;
        for (uint32_t i = 0; i < p->binary->num_kernels; i++) {
            if (i) strcat(names, ";");
            strcat(names, p->binary->kernels[i].name);
        }
        cl_int r = rv_info(param_value_size, param_value, param_value_size_ret, names, strlen(names) + 1);
        free(names);
        return r;
    }
    default: return CL_INVALID_VALUE;
    }
}

HIDDEN cl_int CL_API_CALL rv_clGetProgramBuildInfo(cl_program p, cl_device_id d, cl_program_build_info param_name,
                                                   size_t param_value_size, void *param_value,
                                                   size_t *param_value_size_ret) {
    if (!rv_is_program(p)) return CL_INVALID_PROGRAM;
    if (!rv_is_device(d) || !rv_context_has_device(p->context, d)) return CL_INVALID_DEVICE;
    switch (param_name) {
    case CL_PROGRAM_BUILD_STATUS: RV_INFO(cl_build_status, p->status);
    case CL_PROGRAM_BUILD_OPTIONS: RV_INFO_STR(p->options ? p->options : "");
    case CL_PROGRAM_BUILD_LOG: RV_INFO_STR(p->log ? p->log : "");
    case CL_PROGRAM_BINARY_TYPE: RV_INFO(cl_program_binary_type, p->binary_type);
    default: return CL_INVALID_VALUE;
    }
}
