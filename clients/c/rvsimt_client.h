/*
 * rvsimt_client.h: a small C client of the rvsimt device protocol (docs/protocol.md).
 *
 * No dependencies beyond POSIX sockets. One request at a time per connection; interrupt
 * notifications that arrive while a reply is awaited are queued for rvsimt_wait_interrupt().
 * Every function returns 0 on success, RVSIMT_ERR_IO (-1) on a socket error or timeout,
 * RVSIMT_ERR_PROTOCOL (-2) on a malformed reply, or a positive server error code (an ERROR frame:
 * RVSIMT_E_OUT_OF_RANGE, ...). rvsimt_last_error() describes the last failure.
 */
#ifndef RVSIMT_CLIENT_H
#define RVSIMT_CLIENT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- protocol */
#define RVSIMT_MAGIC 0x44535652u /* "RVSD" */
#define RVSIMT_MAJOR 1
#define RVSIMT_MINOR 0

#define RVSIMT_ERR_IO (-1)
#define RVSIMT_ERR_PROTOCOL (-2)

enum {
    RVSIMT_E_VERSION = 1, RVSIMT_E_HANDSHAKE = 2, RVSIMT_E_AUTH = 3, RVSIMT_E_UNKNOWN_TYPE = 4,
    RVSIMT_E_BAD_LENGTH = 5, RVSIMT_E_TOO_LARGE = 6, RVSIMT_E_OUT_OF_RANGE = 7, RVSIMT_E_DMA_FAULT = 8,
    RVSIMT_E_BAD_ARGUMENT = 9, RVSIMT_E_BAD_KERNEL = 10, RVSIMT_E_BUSY = 11, RVSIMT_E_TRUNCATED = 12,
    RVSIMT_E_SERVER_FULL = 13, RVSIMT_E_INTERNAL = 14, RVSIMT_E_SHUTTING_DOWN = 15
};

#define RVSIMT_T_LAUNCH 0x000A
#define RVSIMT_T_LAUNCH_CHECKED 0x0010 /* protocol 1.1 */
#define RVSIMT_T_BUILD_PROGRAM 0x000E

/* ---- BARs and BAR0 registers (docs/device.md) */
#define RVSIMT_BAR_REGS 0
#define RVSIMT_BAR_VRAM 2
#define RVSIMT_BAR_DOORBELL 4

#define RVSIMT_DEV_ID 0x000
#define RVSIMT_DEV_VERSION 0x004
#define RVSIMT_DEV_CAPS 0x008
#define RVSIMT_VRAM_SIZE_LO 0x00C
#define RVSIMT_VRAM_SIZE_HI 0x010
#define RVSIMT_GLOBAL_CTRL 0x100
#define RVSIMT_GLOBAL_STATUS 0x104
#define RVSIMT_ERROR_STATUS 0x108
#define RVSIMT_IRQ_ENABLE 0x200
#define RVSIMT_IRQ_STATUS 0x204
#define RVSIMT_IRQ_ACK 0x208
#define RVSIMT_KERNEL_ADDR_LO 0x300
#define RVSIMT_KERNEL_ADDR_HI 0x304
#define RVSIMT_KERNEL_ARGS_LO 0x308
#define RVSIMT_KERNEL_ARGS_HI 0x30C
#define RVSIMT_GRID_DIM_X 0x310
#define RVSIMT_GRID_DIM_Y 0x314
#define RVSIMT_GRID_DIM_Z 0x318
#define RVSIMT_BLOCK_DIM_X 0x31C
#define RVSIMT_BLOCK_DIM_Y 0x320
#define RVSIMT_BLOCK_DIM_Z 0x324
#define RVSIMT_SHARED_MEM_SIZE 0x328
#define RVSIMT_KERNEL_SIZE 0x32C
#define RVSIMT_DISPATCH 0x330
#define RVSIMT_LAST_RESULT 0x340
#define RVSIMT_FAULT_KIND 0x344
#define RVSIMT_FAULT_PC 0x348
#define RVSIMT_FAULT_ADDR 0x34C
#define RVSIMT_DISPATCH_COUNT 0x360
#define RVSIMT_DMA_SRC_LO 0x400
#define RVSIMT_DMA_DST_LO 0x408
#define RVSIMT_DMA_SIZE 0x410
#define RVSIMT_DMA_CTRL 0x414
#define RVSIMT_DMA_STATUS 0x418

#define RVSIMT_DEV_ID_VALUE 0x47505055u
#define RVSIMT_STATUS_READY 0x1u
#define RVSIMT_STATUS_BUSY 0x2u
#define RVSIMT_STATUS_ERROR 0x4u
#define RVSIMT_IRQ_KERNEL_DONE 0x1u
#define RVSIMT_IRQ_DMA_DONE 0x2u
#define RVSIMT_IRQ_ERROR 0x4u
#define RVSIMT_DMA_IRQ_EN 0x4u
#define RVSIMT_VECTOR_KERNEL_DONE 0
#define RVSIMT_VECTOR_DMA_DONE 1
#define RVSIMT_VECTOR_ERROR 2

/* MMIO status in MMIO replies */
#define RVSIMT_MMIO_OK 0
#define RVSIMT_MMIO_READ_ONLY 1
#define RVSIMT_MMIO_WRITE_ONLY 2
#define RVSIMT_MMIO_UNMAPPED 3
#define RVSIMT_MMIO_OUT_OF_RANGE 4
#define RVSIMT_MMIO_MISALIGNED 5

typedef struct rvsimt_conn rvsimt_conn;

typedef struct {
    uint16_t major, minor;
    uint32_t client_id;
    uint32_t server_flags; /* bit 0: the device is shared with other clients */
    uint64_t vram_size;
    uint32_t max_payload;
    uint32_t dev_id, dev_version, dev_caps;
} rvsimt_hello_info;

typedef struct {
    uint32_t vector, cause, irq_status, origin, dispatch_seq;
    int32_t result;
} rvsimt_interrupt;

typedef struct {
    uint64_t kernel_address, args_address;
    uint32_t grid[3], block[3];
    uint32_t shared_bytes, dispatch_flags, kernel_size, timeout_ms;
} rvsimt_launch_params;

typedef struct {
    int32_t result;
    uint32_t dispatch_seq, error_status, irq_status, fault_kind, fault_pc;
    uint64_t fault_address, warp_instructions, lane_instructions, wall_ns;
    char fault_kind_name[32];
    char message[256];
} rvsimt_launch_result;

/* Connections. timeout_ms bounds every wait for a reply (0: 30 s). */
int rvsimt_connect_unix(rvsimt_conn **out, const char *path, int timeout_ms);
int rvsimt_connect_tcp(rvsimt_conn **out, const char *host, int port, int timeout_ms);
void rvsimt_close(rvsimt_conn *c);
const char *rvsimt_last_error(const rvsimt_conn *c);

int rvsimt_hello(rvsimt_conn *c, const char *token, rvsimt_hello_info *info);

/* MMIO: width 4 or 8; *status receives the MMIO status (may be NULL). */
int rvsimt_mmio_read(rvsimt_conn *c, int bar, int width, uint32_t offset, uint64_t *value, uint32_t *status);
int rvsimt_mmio_write(rvsimt_conn *c, int bar, int width, uint32_t offset, uint64_t value, uint32_t *status);
/* BAR0 shorthands */
int rvsimt_read32(rvsimt_conn *c, uint32_t offset, uint32_t *value);
int rvsimt_write32(rvsimt_conn *c, uint32_t offset, uint32_t value);

int rvsimt_vram_read(rvsimt_conn *c, uint64_t address, void *dst, uint32_t length);
int rvsimt_vram_write(rvsimt_conn *c, uint64_t address, const void *src, uint32_t length);
/* The DMA engine; flags: RVSIMT_DMA_IRQ_EN to raise DMA_DONE. */
int rvsimt_dma_to_device(rvsimt_conn *c, uint64_t vram_address, const void *src, uint32_t length, uint32_t flags);
int rvsimt_dma_from_device(rvsimt_conn *c, uint64_t vram_address, void *dst, uint32_t length, uint32_t flags);

int rvsimt_reset(rvsimt_conn *c, uint32_t flags);
/* format: 0 detect, 1 ELF, 2 flat binary at load_address. entry may be NULL. */
int rvsimt_load_kernel(rvsimt_conn *c, uint32_t format, uint64_t load_address, const void *image, uint32_t length,
                       uint64_t *entry);
int rvsimt_launch(rvsimt_conn *c, const rvsimt_launch_params *p, rvsimt_launch_result *r);

/* A request of any type, for messages without a function here (BUILD_PROGRAM, ...): sends the
   fixed part then the data, waits up to timeout_ms (0: the connection's timeout) for the reply.
   *reply (malloc'ed, free it; NULL when empty) and *reply_len receive the reply's payload. */
int rvsimt_request(rvsimt_conn *c, uint32_t type, const void *fixed, size_t fixed_len, const void *data,
                   size_t data_len, uint8_t **reply, uint32_t *reply_len, int timeout_ms);

/* The next interrupt notification; RVSIMT_ERR_IO on timeout. */
int rvsimt_wait_interrupt(rvsimt_conn *c, int timeout_ms, rvsimt_interrupt *irq);

#ifdef __cplusplus
}
#endif
#endif
