package org.rvsimt.web;

import org.rvsimt.core.api.Launch;
import org.rvsimt.device.DeviceModel;

/** What a board of the page does when a launch ends; boards chain behind the launch board's observer. */
@FunctionalInterface
interface LaunchEnd {
    void finished(int seq, Launch launch, DeviceModel.Outcome outcome);

    /** An observer that passes every event to {@code inner}, then tells {@code then} about each launch's end. */
    static DeviceModel.LaunchObserver after(DeviceModel.LaunchObserver inner, LaunchEnd then) {
        return new DeviceModel.LaunchObserver() {
            @Override
            public void launchStarted(int seq, Launch launch) {
                inner.launchStarted(seq, launch);
            }

            @Override
            public void launchFinished(int seq, Launch launch, DeviceModel.Outcome o,
                                       org.rvsimt.core.fault.KernelFault fault) {
                inner.launchFinished(seq, launch, o, fault);
                then.finished(seq, launch, o);
            }
        };
    }
}
