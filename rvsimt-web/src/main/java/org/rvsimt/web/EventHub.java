package org.rvsimt.web;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Fans events out to every connected browser. An event is serialized once, as a server-sent-events
 * frame (https://html.spec.whatwg.org/multipage/server-sent-events.html: "event:" and "data:" lines,
 * a blank line ends it), and offered to each client's bounded queue without waiting.
 */
final class EventHub {
    /** Frames per browser: with batches of up to 200 rows, a few MB at most. */
    static final int QUEUE_FRAMES = 256;

    private final Set<ClientQueue> clients = ConcurrentHashMap.newKeySet();
    private final int maxClients;
    private final AtomicLong droppedByGoneClients = new AtomicLong();
    private volatile boolean watched;
    private volatile Runnable onWatchedChange = () -> { };

    EventHub(int maxClients) {
        this.maxClients = maxClients;
    }

    /** Runs {@code r} when the first browser connects and when the last one leaves. */
    void onWatchedChange(Runnable r) {
        onWatchedChange = r;
    }

    /** True while at least one browser is connected: with none, live tracing is work for nobody. */
    boolean watched() {
        return watched;
    }

    /** A new client's queue, or null when {@code maxClients} are connected already. */
    ClientQueue subscribe() {
        synchronized (clients) {
            if (clients.size() >= maxClients) {
                return null;
            }
            ClientQueue q = new ClientQueue(QUEUE_FRAMES);
            clients.add(q);
            updateWatched();
            return q;
        }
    }

    void unsubscribe(ClientQueue q) {
        synchronized (clients) {
            if (clients.remove(q)) {
                droppedByGoneClients.addAndGet(q.dropped());
                updateWatched();
            }
        }
    }

    private void updateWatched() {
        boolean now = !clients.isEmpty();
        if (now != watched) {
            watched = now;
            onWatchedChange.run();
        }
    }

    void publish(String event, Object data) {
        if (clients.isEmpty()) {
            return;     // nobody watches: don't pay for the JSON
        }
        String frame = frame(event, Json.write(data));
        for (ClientQueue q : clients) {
            q.offer(frame);
        }
    }

    static String frame(String event, String json) {
        // JSON text from Jackson never contains a raw newline, so one data line carries it.
        return "event: " + event + "\ndata: " + json + "\n\n";
    }

    int clientCount() {
        return clients.size();
    }

    /** Frames dropped because a browser fell behind, over all clients past and present. */
    long dropped() {
        long n = droppedByGoneClients.get();
        for (ClientQueue q : clients) {
            n += q.dropped();
        }
        return n;
    }

    void endAll() {
        for (ClientQueue q : clients) {
            q.end();
        }
    }
}
