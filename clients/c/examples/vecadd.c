/*
 * vecadd.c: drive a simulated GPU the way a driver drives the real device.
 *
 *   vecadd SOCKET KERNEL.bin [N]
 *
 * Loads the flat vecadd kernel (clients/kernels/vecadd.S, assembled with
 * `rvsimt asm --raw`), copies a and b into VRAM with the DMA engine, writes the argument block,
 * programs the dispatch registers, writes DISPATCH, waits for the completion interrupt, copies c
 * back and checks c[i] == a[i] + b[i] exactly. Exit status 0 on success.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../rvsimt_client.h"

#define CHECK(call)                                                                         \
    do {                                                                                    \
        int rc_ = (call);                                                                   \
        if (rc_ != 0) {                                                                     \
            fprintf(stderr, "vecadd: %s failed (%d): %s\n", #call, rc_, rvsimt_last_error(c)); \
            return 1;                                                                       \
        }                                                                                   \
    } while (0)

static unsigned char *read_file(const char *path, long *size) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    *size = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *b = malloc((size_t)*size);
    if (b && fread(b, 1, (size_t)*size, f) != (size_t)*size) {
        free(b);
        b = NULL;
    }
    fclose(f);
    return b;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: vecadd SOCKET KERNEL.bin [N]\n");
        return 2;
    }
    uint32_t n = argc > 3 ? (uint32_t)strtoul(argv[3], NULL, 0) : 1000;
    long ksize;
    unsigned char *kernel = read_file(argv[2], &ksize);
    if (!kernel) {
        fprintf(stderr, "vecadd: cannot read %s\n", argv[2]);
        return 2;
    }
    rvsimt_conn *c = NULL;
    if (rvsimt_connect_unix(&c, argv[1], 20000) != 0) {
        fprintf(stderr, "vecadd: cannot connect to %s\n", argv[1]);
        return 1;
    }
    rvsimt_hello_info info;
    CHECK(rvsimt_hello(c, NULL, &info));
    uint32_t id;
    CHECK(rvsimt_read32(c, RVSIMT_DEV_ID, &id));
    if (id != RVSIMT_DEV_ID_VALUE) {
        fprintf(stderr, "vecadd: DEV_ID is 0x%08x\n", id);
        return 1;
    }
    CHECK(rvsimt_write32(c, RVSIMT_GLOBAL_CTRL, 0x2)); /* RESET */
    CHECK(rvsimt_write32(c, RVSIMT_GLOBAL_CTRL, 0x1)); /* ENABLE */

    /* VRAM layout, as the seed's runtime: code below 1 MiB, data above */
    const uint64_t kaddr = 0x7000, pa = 0x100000, pb = 0x200000, pc = 0x300000, pargs = 0x0F0000;
    uint64_t entry;
    CHECK(rvsimt_load_kernel(c, 2, kaddr, kernel, (uint32_t)ksize, &entry));

    float *a = malloc(n * 4), *b = malloc(n * 4), *out = malloc(n * 4);
    for (uint32_t i = 0; i < n; i++) {
        a[i] = (float)i * 0.25f - 3.0f;
        b[i] = 1.0f / (float)(i + 1);
    }
    CHECK(rvsimt_write32(c, RVSIMT_IRQ_ENABLE, RVSIMT_IRQ_KERNEL_DONE | RVSIMT_IRQ_DMA_DONE | RVSIMT_IRQ_ERROR));
    CHECK(rvsimt_dma_to_device(c, pa, a, n * 4, RVSIMT_DMA_IRQ_EN));
    rvsimt_interrupt irq;
    CHECK(rvsimt_wait_interrupt(c, 10000, &irq));
    if (irq.vector != RVSIMT_VECTOR_DMA_DONE) {
        fprintf(stderr, "vecadd: expected the DMA_DONE interrupt, got vector %u\n", irq.vector);
        return 1;
    }
    CHECK(rvsimt_write32(c, RVSIMT_IRQ_ACK, RVSIMT_IRQ_DMA_DONE));
    CHECK(rvsimt_dma_to_device(c, pb, b, n * 4, 0));
    uint32_t args[4] = {n, (uint32_t)pa, (uint32_t)pb, (uint32_t)pc}; /* little-endian host assumed */
    CHECK(rvsimt_dma_to_device(c, pargs, args, sizeof args, 0));

    uint32_t status;
    CHECK(rvsimt_read32(c, RVSIMT_GLOBAL_STATUS, &status));
    if (!(status & RVSIMT_STATUS_READY)) {
        fprintf(stderr, "vecadd: device not ready (status 0x%x)\n", status);
        return 1;
    }
    CHECK(rvsimt_mmio_write(c, RVSIMT_BAR_REGS, 8, RVSIMT_KERNEL_ADDR_LO, entry, NULL));
    CHECK(rvsimt_mmio_write(c, RVSIMT_BAR_REGS, 8, RVSIMT_KERNEL_ARGS_LO, pargs, NULL));
    CHECK(rvsimt_write32(c, RVSIMT_GRID_DIM_X, (n + 255) / 256));
    CHECK(rvsimt_write32(c, RVSIMT_GRID_DIM_Y, 1));
    CHECK(rvsimt_write32(c, RVSIMT_GRID_DIM_Z, 1));
    CHECK(rvsimt_write32(c, RVSIMT_BLOCK_DIM_X, 256));
    CHECK(rvsimt_write32(c, RVSIMT_BLOCK_DIM_Y, 1));
    CHECK(rvsimt_write32(c, RVSIMT_BLOCK_DIM_Z, 1));
    CHECK(rvsimt_write32(c, RVSIMT_SHARED_MEM_SIZE, 0));
    CHECK(rvsimt_write32(c, RVSIMT_DISPATCH, 1));
    CHECK(rvsimt_wait_interrupt(c, 30000, &irq));
    if (irq.vector != RVSIMT_VECTOR_KERNEL_DONE || irq.result != 0) {
        uint32_t err, kind, fpc;
        rvsimt_read32(c, RVSIMT_ERROR_STATUS, &err);
        rvsimt_read32(c, RVSIMT_FAULT_KIND, &kind);
        rvsimt_read32(c, RVSIMT_FAULT_PC, &fpc);
        fprintf(stderr, "vecadd: kernel failed: vector %u, ERROR_STATUS 0x%x, FAULT_KIND %u at pc 0x%x\n", irq.vector,
                err, kind, fpc);
        return 1;
    }
    uint32_t irq_status;
    CHECK(rvsimt_read32(c, RVSIMT_IRQ_STATUS, &irq_status));
    CHECK(rvsimt_write32(c, RVSIMT_IRQ_ACK, irq_status));
    CHECK(rvsimt_dma_from_device(c, pc, out, n * 4, 0));
    uint32_t bad = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (out[i] != a[i] + b[i]) {
            if (bad < 5) fprintf(stderr, "vecadd: c[%u] = %g, expected %g\n", i, out[i], a[i] + b[i]);
            bad++;
        }
    }
    uint32_t dispatches;
    CHECK(rvsimt_read32(c, RVSIMT_DISPATCH_COUNT, &dispatches));
    rvsimt_close(c);
    if (bad) {
        fprintf(stderr, "vecadd: %u of %u elements wrong\n", bad, n);
        return 1;
    }
    printf("vecadd: %u elements ok (dispatch %u, irq_status 0x%x, client %u)\n", n, dispatches, irq_status,
           info.client_id);
    free(a);
    free(b);
    free(out);
    free(kernel);
    return 0;
}
