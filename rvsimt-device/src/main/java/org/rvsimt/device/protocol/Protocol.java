package org.rvsimt.device.protocol;

import java.util.List;

/**
 * Constants of the device protocol (docs/protocol.md). Every frame is a 12-byte little-endian header
 * {@code u32 payload_length, u16 type, u16 flags, u32 tag} followed by {@code payload_length}
 * bytes. Requests have types below 0x8000; a reply has the request's type with bit 15 set and the
 * request's tag; an error reply has type {@link #ERROR}; notifications have types 0xF000 and up and
 * tag 0.
 */
public final class Protocol {
    private Protocol() { }

    public static final int MAGIC = 0x4453_5652;          // "RVSD" in little-endian byte order
    public static final int MAJOR = 1;
    public static final int MINOR = 2;
    public static final int HEADER_BYTES = 12;
    public static final int REPLY_BIT = 0x8000;
    /** Largest payload accepted before HELLO has succeeded. */
    public static final int MAX_HANDSHAKE_PAYLOAD = 4096;
    /** Slack over the VRAM size in the payload bound: the largest fixed part of a message. */
    public static final int PAYLOAD_SLACK = 64;

    // ----- requests
    public static final int HELLO = 0x0001;
    public static final int MMIO_READ = 0x0002;
    public static final int MMIO_WRITE = 0x0003;
    public static final int VRAM_READ = 0x0004;
    public static final int VRAM_WRITE = 0x0005;
    public static final int DMA_TO_DEVICE = 0x0006;
    public static final int DMA_FROM_DEVICE = 0x0007;
    public static final int RESET = 0x0008;
    public static final int LOAD_KERNEL = 0x0009;
    public static final int LAUNCH = 0x000A;
    public static final int CLAIM = 0x000B;
    public static final int RELEASE = 0x000C;
    public static final int PING = 0x000D;
    public static final int BUILD_PROGRAM = 0x000E;
    public static final int BUILD_KERNEL = 0x000F;
    /** Since 1.2. */
    public static final int LAUNCH_CHECKED = 0x0010;
    // ----- server to client
    public static final int INTERRUPT = 0xF001;
    public static final int ERROR = 0xFFFF;

    // ----- error codes (u32 in an ERROR frame)
    public static final int E_VERSION = 1;
    public static final int E_HANDSHAKE = 2;
    public static final int E_AUTH = 3;
    public static final int E_UNKNOWN_TYPE = 4;
    public static final int E_BAD_LENGTH = 5;
    public static final int E_TOO_LARGE = 6;
    public static final int E_OUT_OF_RANGE = 7;
    public static final int E_DMA_FAULT = 8;
    public static final int E_BAD_ARGUMENT = 9;
    public static final int E_BAD_KERNEL = 10;
    public static final int E_BUSY = 11;
    public static final int E_SERVER_FULL = 13;
    public static final int E_INTERNAL = 14;
    public static final int E_SHUTTING_DOWN = 15;
    public static final int E_TRUNCATED = 12;

    // ----- LAUNCH options (minor 1)
    /** Time the launch with the performance model; the reply's last field is the report. */
    public static final int LAUNCH_TIMING = 1;

    // ----- LAUNCH_CHECKED: the checks bit mask (bit i = the i-th check of org.rvsimt.observe.checks.Check)
    public static final int CHECK_MEMCHECK = 1;
    public static final int CHECK_RACECHECK = 2;
    public static final int CHECK_SYNCCHECK = 4;
    public static final int CHECK_INITCHECK = 8;
    /** LAUNCH_CHECKED region flags: the host wrote the region's contents. */
    public static final int REGION_INITIALIZED = 1;
    /** LAUNCH_CHECKED region flags: the host freed the region (any access is a use after free). */
    public static final int REGION_FREED = 2;
    /** Most regions one LAUNCH_CHECKED may name. */
    public static final int MAX_REGIONS = 4096;

    // ----- HELLO reply flags
    public static final int SERVER_SHARED_DEVICE = 1;

    /** A message type, for docs/protocol.md. */
    public record Message(int type, String name, String direction, String request, String reply) { }

    /** An error code, for docs/protocol.md; {@code closes} says whether the server then closes the connection. */
    public record ErrorCode(int code, String name, boolean closes, String meaning) { }

    public static final List<Message> MESSAGES = List.of(
            new Message(HELLO, "HELLO", "C→S",
                    "`u32 magic` (0x44535652, the bytes \"RVSD\"), `u16 major`, `u16 minor`, `u32 flags` (0), "
                            + "`u16 token_len`, `token_len` bytes of token (UTF-8)",
                    "`u32 magic`, `u16 major`, `u16 minor`, `u32 client_id`, `u32 server_flags` (bit 0: shared device), "
                            + "`u64 vram_size`, `u32 max_payload`, `u32 dev_id`, `u32 dev_version`, `u32 dev_caps`"),
            new Message(MMIO_READ, "MMIO_READ", "C→S",
                    "`u8 bar` (0, 2, 4), `u8 width` (4 or 8), `u16 reserved` (0), `u32 offset`",
                    "`u32 mmio_status`, `u64 value` (a 4-byte read has 0 in the upper half)"),
            new Message(MMIO_WRITE, "MMIO_WRITE", "C→S",
                    "`u8 bar`, `u8 width`, `u16 reserved` (0), `u32 offset`, `u64 value` (a 4-byte write uses the lower half)",
                    "`u32 mmio_status`"),
            new Message(VRAM_READ, "VRAM_READ", "C→S", "`u64 address`, `u32 length`", "`length` bytes"),
            new Message(VRAM_WRITE, "VRAM_WRITE", "C→S", "`u64 address`, then the bytes (the rest of the payload)",
                    "empty"),
            new Message(DMA_TO_DEVICE, "DMA_TO_DEVICE", "C→S",
                    "`u64 vram_address`, `u32 flags` (bit 2 IRQ_EN, as DMA_CTRL), then the host buffer's bytes",
                    "`u32 dma_status`"),
            new Message(DMA_FROM_DEVICE, "DMA_FROM_DEVICE", "C→S", "`u64 vram_address`, `u32 length`, `u32 flags`",
                    "`length` bytes (the host buffer)"),
            new Message(RESET, "RESET", "C→S", "`u32 flags` (bit 0: also zero VRAM)", "empty"),
            new Message(LOAD_KERNEL, "LOAD_KERNEL", "C→S",
                    "`u32 format` (0 detect, 1 ELF, 2 flat binary), `u64 load_address` (flat only), then the image",
                    "`u64 entry`, `u64 start`, `u64 end`"),
            new Message(LAUNCH, "LAUNCH", "C→S",
                    "`u64 kernel_address`, `u64 args_address`, `u32 grid[3]`, `u32 block[3]`, `u32 shared_bytes`, "
                            + "`u32 dispatch_flags` (as DISPATCH), `u32 kernel_size` (as KERNEL_SIZE), `u32 timeout_ms` (0: none); "
                            + "since minor 1, optionally `u32 launch_options` (bit 0: timing) and `str gpu` (a timing preset, "
                            + "empty: volta)",
                    "`i32 result`, `u32 dispatch_seq`, `u32 error_status`, `u32 irq_status`, `u32 fault_kind`, "
                            + "`u32 fault_pc`, `u64 fault_address`, `u64 warp_instructions`, `u64 lane_instructions`, "
                            + "`u64 wall_ns`, `str fault_kind_name`, `str message`, `str console`, (minor 1) `str timing` "
                            + "(the timing report as JSON; empty when not asked for or the kernel faulted)"),
            new Message(CLAIM, "CLAIM", "C→S", "`u32 timeout_ms`", "empty, or ERROR BUSY after the timeout"),
            new Message(RELEASE, "RELEASE", "C→S", "empty", "empty"),
            new Message(PING, "PING", "C→S", "any bytes (at most 4096)", "the same bytes"),
            new Message(BUILD_PROGRAM, "BUILD_PROGRAM", "C→S",
                    "`str options` (clBuildProgram's options), then the OpenCL C source (UTF-8)",
                    "`u32 status` (0 built, 1 build error, 2 invalid options), `str log`, then (status 0) the "
                            + "program container of docs/opencl.md"),
            new Message(BUILD_KERNEL, "BUILD_KERNEL", "C→S",
                    "`str file_name` (its extension picks the front end: .S, .c, or an ELF), then the file's bytes",
                    "`u32 status` (0 built, 1 error), `str message`, `u32 symbol_count`, per symbol `str name`, "
                            + "`u32 address`, then (status 0) the ELF"),
            new Message(LAUNCH_CHECKED, "LAUNCH_CHECKED", "C→S",
                    "LAUNCH's fields of minor 0 (no launch options), then `u32 checks` (bit 0 memcheck, 1 racecheck, 2 synccheck, 3 initcheck; at least "
                            + "one), `u32 region_count` (at most 4096), per region `u64 address`, `u32 size`, `u32 flags` "
                            + "(bit 0 initialized by the host, bit 1 freed), `str name`",
                    "LAUNCH's reply of minor 0 (no timing), then `u32 errors`, `u32 warnings`, `str report` (the text of `rvsimt run --check`), "
                            + "`str findings_json` (the `findings` list of `rvsimt run --json`)"),
            new Message(INTERRUPT, "INTERRUPT", "S→C",
                    "(notification, tag 0) `u32 vector`, `u32 cause`, `u32 irq_status`, `u32 origin_client`, "
                            + "`u32 dispatch_seq`, `i32 result`", "-"),
            new Message(ERROR, "ERROR", "S→C",
                    "(reply to any request, with its tag; tag 0 if the request could not be read) `u32 code`, "
                            + "`u16 request_type`, `str message`", "-"));

    public static final List<ErrorCode> ERRORS = List.of(
            new ErrorCode(E_VERSION, "VERSION", true, "bad magic or unsupported major version in HELLO"),
            new ErrorCode(E_HANDSHAKE, "HANDSHAKE", true, "the first request was not HELLO (a second HELLO: not closed)"),
            new ErrorCode(E_AUTH, "AUTH", true, "missing or wrong token"),
            new ErrorCode(E_UNKNOWN_TYPE, "UNKNOWN_TYPE", false, "no such request type"),
            new ErrorCode(E_BAD_LENGTH, "BAD_LENGTH", false, "payload length does not match the message"),
            new ErrorCode(E_TOO_LARGE, "TOO_LARGE", true,
                    "payload_length over the bound (VRAM size + 64; 4096 before HELLO); the payload is not read"),
            new ErrorCode(E_OUT_OF_RANGE, "OUT_OF_RANGE", false, "VRAM address range outside VRAM"),
            new ErrorCode(E_DMA_FAULT, "DMA_FAULT", false, "DMA transfer outside VRAM (ERROR_STATUS.DMA_FAULT is set too)"),
            new ErrorCode(E_BAD_ARGUMENT, "BAD_ARGUMENT", false,
                    "a field has a value the message does not allow (BAR, width, reserved bits, flags, format)"),
            new ErrorCode(E_BAD_KERNEL, "BAD_KERNEL", false, "LOAD_KERNEL image unreadable (bad ELF, empty, misaligned)"),
            new ErrorCode(E_BUSY, "BUSY", false, "LAUNCH while a dispatch runs; CLAIM timed out"),
            new ErrorCode(E_TRUNCATED, "TRUNCATED", true, "the connection ended inside a frame (sent if still possible)"),
            new ErrorCode(E_SERVER_FULL, "SERVER_FULL", true, "too many clients"),
            new ErrorCode(E_INTERNAL, "INTERNAL", false, "server bug; the request had no effect or an unknown one"),
            new ErrorCode(E_SHUTTING_DOWN, "SHUTTING_DOWN", true, "the server is stopping"));

    public static String typeName(int type) {
        for (Message m : MESSAGES) {
            if (m.type() == type) {
                return m.name();
            }
            if ((m.type() | REPLY_BIT) == type && m.type() < REPLY_BIT) {
                return m.name() + "_REPLY";
            }
        }
        return String.format("0x%04X", type);
    }
}
