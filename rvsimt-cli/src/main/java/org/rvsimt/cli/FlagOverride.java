package org.rvsimt.cli;

import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.core.api.DeviceException;

/**
 * Applies a command-line flag over the device configuration and blames a refused value on the flag:
 * {@code --engine: must be interp or jit, got 'fast'}, not on the manifest the run happens to use.
 */
final class FlagOverride {
    /** The device's messages start with its own field name ("warp_size must be ..."); the flag replaces it. */
    private static final Pattern FIELD_NAME = Pattern.compile("^[a-z_ ]+? must ");

    private FlagOverride() { }

    static DeviceConfig apply(String flag, DeviceConfig config, UnaryOperator<DeviceConfig> override) {
        try {
            return override.apply(config);
        } catch (DeviceException e) {
            throw new UserError(flag + ": " + FIELD_NAME.matcher(e.getMessage()).replaceFirst("must "));
        }
    }
}
