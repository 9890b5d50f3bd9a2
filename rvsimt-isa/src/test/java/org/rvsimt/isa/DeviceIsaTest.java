package org.rvsimt.isa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumSet;
import org.junit.jupiter.api.Test;

/** ISA strings (RISC-V unprivileged specification, chapter "ISA Extension Naming Conventions") and misa. */
class DeviceIsaTest {

    @Test
    void readsSingleLetterAndMultiLetterExtensions() {
        DeviceIsa isa = DeviceIsa.parse("RV32IMAF_Zba_zbb");
        assertThat(isa.extensions()).containsExactlyInAnyOrder(Extension.RV32I, Extension.M, Extension.A, Extension.F,
                Extension.ZICSR, Extension.XVORTEX, Extension.ZBA, Extension.ZBB);
        assertThat(isa.toString()).isEqualTo("rv32imaf_zicsr_zba_zbb_xvortex");
        assertThat(DeviceIsa.parse(isa.toString())).isEqualTo(isa);
        assertThat(DeviceIsa.parse("rv32i").extensions()).isEqualTo(DeviceIsa.REQUIRED);
        assertThat(DeviceIsa.parse("rv32i").isAll()).isFalse();
    }

    @Test
    void everyExtensionNamedIsTheDefault() {
        StringBuilder sb = new StringBuilder("rv32");
        for (Extension e : Extension.values()) {
            if (e.isSingleLetter()) {
                sb.append(e.isaName());
            }
        }
        for (Extension e : Extension.values()) {
            if (!e.isSingleLetter()) {
                sb.append('_').append(e.isaName());
            }
        }
        assertThat(DeviceIsa.parse(sb.toString())).isSameAs(DeviceIsa.all());
        assertThat(DeviceIsa.all().isAll()).isTrue();
        assertThat(DeviceIsa.of(EnumSet.allOf(Extension.class))).isSameAs(DeviceIsa.all());
    }

    /** misa: MXL = 1 in bits 31:30; A = bit 0, C = 2, F = 5, I = 8, M = 12, X = 23 (privileged spec 3.1.1). */
    @Test
    void misaHasMxl32AndOneBitPerLetter() {
        assertThat(DeviceIsa.parse("rv32i").misa()).isEqualTo(0x40000000 | 1 << 8 | 1 << 23);
        assertThat(DeviceIsa.parse("rv32imaf_zba").misa())
                .isEqualTo(0x40000000 | 1 << 8 | 1 << 12 | 1 | 1 << 5 | 1 << 23);
        assertThat(DeviceIsa.parse("rv32imafc").misa())
                .isEqualTo(0x40000000 | 1 << 8 | 1 << 12 | 1 | 1 << 2 | 1 << 5 | 1 << 23);
        assertThat(DeviceIsa.all().misa()).isEqualTo(0x40000000 | 1 << 8 | 1 << 12 | 1 | 1 << 2 | 1 << 5 | 1 << 23);
    }

    /** Zfh includes Zfhmin, and both need F (their halves live NaN-boxed in the f registers). */
    @Test
    void zfhBringsZfhminAndBothNeedF() {
        assertThat(DeviceIsa.parse("rv32imaf_zfh").extensions()).contains(Extension.ZFH, Extension.ZFHMIN);
        assertThat(DeviceIsa.parse("rv32if_zfhmin").has(Extension.ZFH)).isFalse();
        assertThatThrownBy(() -> DeviceIsa.parse("rv32im_zfh")).hasMessageContaining("'rv32im_zfh'")
                .hasMessageContaining("zfh needs f");
        assertThatThrownBy(() -> DeviceIsa.parse("rv32i_zfhmin")).hasMessageContaining("zfhmin needs f");
        assertThat(DeviceIsa.all().compilerArch()).contains("_zfhmin_zfh");
    }

    @Test
    void badStringsAreOneLineNamingTheProblem() {
        assertThatThrownBy(() -> DeviceIsa.parse("rv64imaf")).hasMessageContaining("rv32");
        assertThatThrownBy(() -> DeviceIsa.parse("rv32")).hasMessageContaining("base");
        assertThatThrownBy(() -> DeviceIsa.parse("rv32imafd")).hasMessageContaining("'d'");
        assertThatThrownBy(() -> DeviceIsa.parse("rv32gc")).hasMessageContaining("D (double precision)");
        assertThatThrownBy(() -> DeviceIsa.parse("rv32imaf_zbc")).hasMessageContaining("'zbc'")
                .hasMessageContaining("zba");
        assertThatThrownBy(() -> DeviceIsa.parse("rv32imaf__zba")).hasMessageContaining("empty");
        assertThatThrownBy(() -> DeviceIsa.parse("rv32i_m")).hasMessageContaining("right after rv32");
        assertThatThrownBy(() -> DeviceIsa.parse("rv32imaf_zbx")).message().doesNotContain("\n");
    }
}
