import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.voiceplatform.common.access.Scopes;
import dev.voiceplatform.common.events.Topics;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * The fault suite: for each of agents, leads, numbers and gateway, a load of a few clients creating agents and leads,
 * a kill -9 of that service's process, its restart with {@code ./platform up}, and then what a client and the data
 * show: writes answered 2xx, rows found through the list endpoints, duplicates, created events on Kafka by event id,
 * and the time from the kill to the first 2xx the service gave again.
 *
 * <p>Events are compared by id, not counted: the outbox publishes at least once, so an event published again under
 * the same id (its relay died between Kafka's acknowledgement and the published mark) is one event delivered twice,
 * which consumers apply once; two different event ids for one row are a real duplicate.
 *
 * <p>The clients behave as the contract asks: every create carries an Idempotency-Key, and a create that got no
 * answer, a 5xx (503 with its hint), 409 IDEMPOTENCY_KEY_IN_FLIGHT or 429 is sent again, same key, same bytes,
 * until it gets a 2xx (or gives up after {@code --give-up-seconds}). Each create carries its key as a marker (in the
 * agent's name, in the lead's notes), so the rows of one key can be counted afterwards.
 *
 * <p>Run by bench/faults, which starts a platform of its own and exports its environment so that
 * {@code ./platform up} here restarts that platform's killed service.
 */
public class Faults {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration RECOVERY_TARGET = Duration.ofSeconds(10);
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(10);
    private static final java.util.regex.Pattern STARTED_IN = java.util.regex.Pattern.compile(" started in ([0-9.]+)s");

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2)).build();
    private final URI gateway;
    private final String adminToken;
    private final Path root;
    private final Path home;
    private final String kafka;
    private final int workers;
    private final Duration loadBefore;
    private final Duration loadAfter;
    private final Duration giveUp;
    private final Duration recoveryLimit;

    Faults(Map<String, String> options) {
        gateway = URI.create(required(options, "gateway"));
        adminToken = required(options, "admin-token");
        root = Path.of(required(options, "root"));
        home = Path.of(required(options, "home"));
        kafka = required(options, "kafka");
        workers = Integer.parseInt(options.getOrDefault("workers", "4"));
        loadBefore = Duration.ofSeconds(Long.parseLong(options.getOrDefault("seconds-before", "5")));
        loadAfter = Duration.ofSeconds(Long.parseLong(options.getOrDefault("seconds-after", "5")));
        giveUp = Duration.ofSeconds(Long.parseLong(options.getOrDefault("give-up-seconds", "60")));
        recoveryLimit = Duration.ofSeconds(Long.parseLong(options.getOrDefault("recovery-limit-seconds", "600")));
    }

    public static void main(String[] args) throws Exception {
        checkEventCounting();
        Map<String, String> options = options(args);
        Faults faults = new Faults(options);
        List<String> services = List.of(options.getOrDefault("services", "agents,leads,numbers,gateway").split(","));
        System.out.printf("Fault suite: %d clients creating agents and leads with an Idempotency-Key each; per service:"
                + " %d s of load, kill -9, ./platform up, load until %d s after it answers again%n",
                faults.workers, faults.loadBefore.toSeconds(), faults.loadAfter.toSeconds());
        List<Outcome> outcomes = new ArrayList<>();
        for (String service : services) {
            Outcome outcome = faults.scenario(service.trim());
            outcome.print();
            outcomes.add(outcome);
        }
        System.out.println();
        System.out.println("Summary");
        System.out.printf("  %-8s %6s %6s %6s %6s %6s %6s %6s %8s %10s  %s%n", "killed", "2xx", "rows", "dupes",
                "lost", "ev ids", "again", "ev dup", "restart", "recovery",
                "no duplicates / no acknowledged write lost / recovery <= 10 s");
        boolean allMet = true;
        for (Outcome outcome : outcomes) {
            outcome.printSummaryLine();
            allMet &= outcome.allMet();
        }
        System.out.println(allMet ? "all targets met" : "some targets MISSED");
        System.exit(allMet ? 0 : 1);
    }

    /**
     * The rules the report rests on, checked on a made-up outcome before every run: a created event published again
     * under its id is delivered again, not duplicated; a row with two event ids is a duplicate.
     */
    static void checkEventCounting() {
        Map<String, Map<String, Integer>> events = Map.of(
                "row-once", Map.of("event-1", 1),
                "row-republished", Map.of("event-2", 2),
                "row-twice", Map.of("event-3", 1, "event-4", 1));
        Map<String, List<String>> agents = Map.of("m1", List.of("row-once"), "m2", List.of("row-republished"),
                "m3", List.of("row-twice"), "m4", List.of("row-silent"));
        Outcome outcome = new Outcome("check", List.of(), Map.of(), agents, Map.of(), events, Duration.ZERO, true,
                Duration.ZERO, Duration.ZERO, "?");
        List<String> wrong = new ArrayList<>();
        expect(wrong, "distinct event ids", 4, outcome.eventIds());
        expect(wrong, "deliveries", 5, outcome.eventDeliveries());
        expect(wrong, "events delivered again", 1, outcome.eventsDeliveredAgain());
        expect(wrong, "rows with more than one event id", 1, outcome.rowsWithDuplicateEvents());
        expect(wrong, "rows without an event", 1, outcome.rowsWithoutEvent());
        if (outcome.noDuplicates() || !wrong.isEmpty()) {
            throw new IllegalStateException("the event counting is wrong: " + wrong
                    + (outcome.noDuplicates() ? " and a row with two event ids was not a duplicate" : ""));
        }
    }

    private static void expect(List<String> wrong, String what, long expected, long actual) {
        if (expected != actual) {
            wrong.add(what + " " + actual + " instead of " + expected);
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // One scenario

    private Outcome scenario(String service) throws Exception {
        System.out.println();
        System.out.printf("==> scenario: kill -9 %s%n", service);
        String suffix = Long.toString(System.currentTimeMillis(), 36);
        String key = tenantKey("faults-" + service + "-" + suffix);
        String seedAgent = id(sendUntil2xx(createAgent(key, "Fault seed " + suffix, UUID.randomUUID().toString())));

        AtomicBoolean stop = new AtomicBoolean();
        List<Write> writes = new CopyOnWriteArrayList<>();
        Map<String, LongAdder> retries = new ConcurrentHashMap<>();
        List<Thread> clients = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            int worker = w;
            Thread client = new Thread(() -> {
                int n = 0;
                while (!stop.get()) {
                    boolean agent = (n++ + worker) % 2 == 0;
                    writes.add(agent ? write("agent", marker -> createAgent(key, "Fault " + marker, marker), retries)
                            : write("lead", marker -> createLead(key, seedAgent, marker), retries));
                }
            }, "client-" + w);
            clients.add(client);
            client.start();
        }

        Thread.sleep(loadBefore.toMillis());
        long pid = Long.parseLong(Files.readString(home.resolve("pids/" + service + ".pid")).trim());
        ProcessHandle process = ProcessHandle.of(pid).orElseThrow(() -> new IllegalStateException(
                service + " (pid " + pid + ") is not running"));
        int acknowledgedBeforeKill = acknowledged(writes);
        long killedAt = System.nanoTime();
        process.destroyForcibly(); // SIGKILL
        process.onExit().join();
        System.out.printf("    killed %s (pid %d) with %d writes acknowledged so far; restarting it with ./platform up%n",
                service, pid, acknowledgedBeforeKill);

        Path restartLog = home.resolve("restart-" + service + ".log");
        Process restart = new ProcessBuilder(root.resolve("platform").toString(), "up")
                .redirectErrorStream(true).redirectOutput(restartLog.toFile()).start();
        Duration recovery = firstSuccessAfter(killedAt, probe(service, key), recoveryLimit);
        boolean restarted = restart.waitFor() == 0;
        Duration restartTook = Duration.ofNanos(System.nanoTime() - killedAt);
        if (!restarted) {
            System.out.println("    ./platform up failed; its output:");
            Files.readAllLines(restartLog).forEach(line -> System.out.println("      " + line));
        }
        Thread.sleep(loadAfter.toMillis());
        stop.set(true);
        for (Thread client : clients) {
            client.join();
        }

        Map<String, List<String>> agentRows = rowsByMarker(key, "/v1/agents", row -> markerIn(row.path("name")));
        Map<String, List<String>> leadRows = rowsByMarker(key, "/v1/leads", row -> markerIn(row.path("notes")));
        Set<String> rowIds = new HashSet<>();
        agentRows.values().forEach(rowIds::addAll);
        leadRows.values().forEach(rowIds::addAll);
        Map<String, Map<String, Integer>> createdEvents = createdEvents(rowIds);
        return new Outcome(service, writes, retries, agentRows, leadRows, createdEvents, restartTook, restarted,
                recovery, recoveryLimit, startedIn(service));
    }

    /**
     * How long the restarted service took to start by its own log (Quarkus's "started in", from its main to listening),
     * or "?" when the log does not say: the rest of the recovery is ./platform up and the JVM before Quarkus.
     */
    private String startedIn(String service) throws IOException {
        List<String> lines = Files.readAllLines(home.resolve("logs/" + service + ".log"),
                java.nio.charset.StandardCharsets.ISO_8859_1);
        String started = "?";
        for (String line : lines) {
            if (line.contains("./platform up starts " + service)) {
                started = "?";
            }
            java.util.regex.Matcher matcher = STARTED_IN.matcher(line);
            if (matcher.find()) {
                started = matcher.group(1) + " s";
            }
        }
        return started;
    }

    /** A client's create: sent until it is answered 2xx, with the same key and body every time. */
    private Write write(String kind, RequestMaker maker, Map<String, LongAdder> retries) {
        String marker = "fk" + UUID.randomUUID().toString().replace("-", "");
        HttpRequest request = maker.make(marker);
        long deadline = System.nanoTime() + giveUp.toNanos();
        while (true) {
            String retryBecause;
            long pause = 250;
            try {
                HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
                int status = response.statusCode();
                if (status >= 200 && status < 300) {
                    return new Write(kind, marker, id(response.body()), status);
                }
                String code = errorCode(response.body());
                boolean retryable = status >= 500 || status == 429 || "IDEMPOTENCY_KEY_IN_FLIGHT".equals(code);
                if (!retryable) {
                    return new Write(kind, marker, null, status);
                }
                retryBecause = status + (code.isEmpty() ? "" : " " + code);
                pause = response.headers().firstValue("Retry-After").filter(seconds -> seconds.matches("\\d+"))
                        .map(seconds -> Long.parseLong(seconds) * 1000).orElse(pause);
            } catch (IOException e) {
                retryBecause = "no answer";
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new Write(kind, marker, null, -1);
            }
            retries.computeIfAbsent(retryBecause, r -> new LongAdder()).increment();
            if (System.nanoTime() > deadline) {
                return new Write(kind, marker, null, -1);
            }
            try {
                Thread.sleep(Math.min(pause, 2_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new Write(kind, marker, null, -1);
            }
        }
    }

    /** A read that only the given service can answer, through the gateway. */
    private HttpRequest probe(String service, String key) {
        String path = switch (service) {
            case "leads" -> "/v1/leads?limit=1";
            case "numbers" -> "/v1/phone-numbers";
            default -> "/v1/agents?limit=1";
        };
        return HttpRequest.newBuilder(gateway.resolve(path)).timeout(Duration.ofSeconds(2))
                .header("Authorization", "Bearer " + key).build();
    }

    /** Time from the kill to the probe's first 2xx, probing every 100 ms. */
    private Duration firstSuccessAfter(long killedAt, HttpRequest probe, Duration limit) throws InterruptedException {
        while (System.nanoTime() - killedAt < limit.toNanos()) {
            try {
                int status = http.send(probe, HttpResponse.BodyHandlers.discarding()).statusCode();
                if (status >= 200 && status < 300) {
                    return Duration.ofNanos(System.nanoTime() - killedAt);
                }
            } catch (IOException e) {
                // Not back yet.
            }
            Thread.sleep(100);
        }
        return null;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // What the data shows afterwards

    /** Row ids of each marker, over every page of the list. */
    private Map<String, List<String>> rowsByMarker(String key, String path, java.util.function.Function<JsonNode,
            String> marker) throws Exception {
        Map<String, List<String>> rows = new HashMap<>();
        int offset = 0;
        while (true) {
            HttpRequest page = HttpRequest.newBuilder(gateway.resolve(path + "?limit=100&offset=" + offset))
                    .timeout(REQUEST_TIMEOUT).header("Authorization", "Bearer " + key).build();
            JsonNode body = JSON.readTree(sendUntil2xx(page));
            for (JsonNode row : body.path("data")) {
                String found = marker.apply(row);
                if (found != null) {
                    rows.computeIfAbsent(found, m -> new ArrayList<>()).add(row.path("id").asText());
                }
            }
            offset += body.path("data").size();
            if (!body.path("pagination").path("has_more").asBoolean(false) || body.path("data").isEmpty()) {
                return rows;
            }
        }
    }

    private static String markerIn(JsonNode text) {
        String value = text.asText("");
        int at = value.indexOf("fk");
        return at < 0 ? null : value.substring(at).split("\\s")[0];
    }

    /**
     * The agent.created and lead.created events of each row id: how many times each event id was delivered, reading
     * both topics from the beginning. The outbox publishes after the commit, so it waits up to 30 s for every row to
     * have its event.
     */
    private Map<String, Map<String, Integer>> createdEvents(Set<String> rowIds) {
        Properties properties = new Properties();
        properties.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka);
        properties.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        properties.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        properties.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        Map<String, Map<String, Integer>> counts = new HashMap<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(properties)) {
            List<TopicPartition> partitions = new ArrayList<>();
            for (String topic : List.of(Topics.AGENTS, Topics.LEADS)) {
                for (PartitionInfo info : consumer.partitionsFor(topic, Duration.ofSeconds(30))) {
                    partitions.add(new TopicPartition(topic, info.partition()));
                }
            }
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(500))) {
                    if (record.key() == null || !rowIds.contains(record.key()) || record.value() == null) {
                        continue;
                    }
                    try {
                        JsonNode event = JSON.readTree(record.value());
                        String type = event.path("type").asText();
                        if (type.equals("agent.created") || type.equals("lead.created")) {
                            counts.computeIfAbsent(record.key(), row -> new HashMap<>())
                                    .merge(event.path("id").asText(), 1, Integer::sum);
                        }
                    } catch (IOException e) {
                        // Not an envelope: not one of ours.
                    }
                }
                boolean caughtUp = consumer.endOffsets(partitions).entrySet().stream()
                        .allMatch(end -> consumer.position(end.getKey()) >= end.getValue());
                if (caughtUp && counts.keySet().containsAll(rowIds)) {
                    break;
                }
            }
        }
        return counts;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // The report

    record Write(String kind, String marker, String id, int status) {
        boolean acknowledged() {
            return id != null;
        }
    }

    record Outcome(String service, List<Write> writes, Map<String, LongAdder> retries,
            Map<String, List<String>> agentRows, Map<String, List<String>> leadRows,
            Map<String, Map<String, Integer>> events,
            Duration restartTook, boolean restarted, Duration recovery, Duration recoveryLimit, String startedIn) {

        long acknowledgedCount() {
            return writes.stream().filter(Write::acknowledged).count();
        }

        Map<String, List<String>> rows(String kind) {
            return kind.equals("agent") ? agentRows : leadRows;
        }

        int rowCount() {
            return agentRows.values().stream().mapToInt(List::size).sum()
                    + leadRows.values().stream().mapToInt(List::size).sum();
        }

        /** Keys with more than one row. */
        long duplicates() {
            return agentRows.values().stream().filter(ids -> ids.size() > 1).count()
                    + leadRows.values().stream().filter(ids -> ids.size() > 1).count();
        }

        /** Acknowledged writes whose row is not there, by id. */
        List<Write> lost() {
            return writes.stream().filter(Write::acknowledged)
                    .filter(write -> !rows(write.kind()).getOrDefault(write.marker(), List.of()).contains(write.id()))
                    .toList();
        }

        long rowsOfUnacknowledgedWrites() {
            Set<String> acknowledgedMarkers = writes.stream().filter(Write::acknowledged).map(Write::marker)
                    .collect(Collectors.toSet());
            return agentRows.keySet().stream().filter(marker -> !acknowledgedMarkers.contains(marker)).count()
                    + leadRows.keySet().stream().filter(marker -> !acknowledgedMarkers.contains(marker)).count();
        }

        long rowsWithoutEvent() {
            return allRowIds().stream().filter(id -> !events.containsKey(id)).count();
        }

        /** Distinct created-event ids over the rows. */
        long eventIds() {
            return events.values().stream().mapToLong(Map::size).sum();
        }

        /** Every delivery of a created event, a republished one counted each time. */
        long eventDeliveries() {
            return events.values().stream().flatMap(ids -> ids.values().stream()).mapToLong(Integer::longValue).sum();
        }

        /** Event ids delivered more than once: the outbox's at-least-once, applied once by consumers. */
        long eventsDeliveredAgain() {
            return events.values().stream().flatMap(ids -> ids.values().stream()).filter(count -> count > 1).count();
        }

        /** Rows with more than one created-event id: the row was announced twice, a real duplicate. */
        long rowsWithDuplicateEvents() {
            return events.values().stream().filter(ids -> ids.size() > 1).count();
        }

        boolean noDuplicates() {
            return duplicates() == 0 && rowsWithDuplicateEvents() == 0;
        }

        List<String> allRowIds() {
            List<String> ids = new ArrayList<>();
            agentRows.values().forEach(ids::addAll);
            leadRows.values().forEach(ids::addAll);
            return ids;
        }

        boolean recoveryMet() {
            return recovery != null && recovery.compareTo(RECOVERY_TARGET) <= 0;
        }

        boolean allMet() {
            return noDuplicates() && lost().isEmpty() && recoveryMet();
        }

        void print() {
            Map<String, Long> byKind = writes.stream().filter(Write::acknowledged)
                    .collect(Collectors.groupingBy(Write::kind, LinkedHashMap::new, Collectors.counting()));
            long refused = writes.stream().filter(write -> !write.acknowledged() && write.status() > 0).count();
            long gaveUp = writes.stream().filter(write -> !write.acknowledged() && write.status() <= 0).count();
            System.out.printf("    writes answered 2xx        %d (agents %d, leads %d); refused %d; given up %d%n",
                    acknowledgedCount(), byKind.getOrDefault("agent", 0L), byKind.getOrDefault("lead", 0L), refused,
                    gaveUp);
            writes.stream().filter(write -> !write.acknowledged() && write.status() > 0)
                    .collect(Collectors.groupingBy(Write::status, Collectors.counting()))
                    .forEach((status, count) -> System.out.printf("      refused with %d: %d%n", status, count));
            System.out.printf("    retries (same key)         %s%n", retries.isEmpty() ? "none" : retries.entrySet()
                    .stream().map(entry -> entry.getKey() + ": " + entry.getValue().sum())
                    .collect(Collectors.joining(", ")));
            System.out.printf("    rows found afterwards      %d (agents %d, leads %d); of writes never answered 2xx: %d%n",
                    rowCount(), agentRows.values().stream().mapToInt(List::size).sum(),
                    leadRows.values().stream().mapToInt(List::size).sum(), rowsOfUnacknowledgedWrites());
            System.out.printf("    duplicates                 %d keys with more than one row%n", duplicates());
            System.out.printf("    acknowledged writes lost   %d%n", lost().size());
            lost().stream().limit(5).forEach(write -> System.out.printf("      lost: %s %s (id %s)%n", write.kind(),
                    write.marker(), write.id()));
            System.out.printf("    created events on Kafka    %d event ids for %d rows (%d deliveries); rows without one %d%n",
                    eventIds(), rowCount(), eventDeliveries(), rowsWithoutEvent());
            System.out.printf("    events delivered again     %d (same event id: published again, applied once)%n",
                    eventsDeliveredAgain());
            System.out.printf("    duplicate events           %d rows with more than one event id%n",
                    rowsWithDuplicateEvents());
            System.out.printf("    restart (./platform up)    %s%s%n", seconds(restartTook),
                    restarted ? "" : " (FAILED)");
            System.out.printf("    recovery (kill -> 2xx)     %s%n", recoveryText());
            System.out.printf("    its start (its own log)    %s%n", startedIn);
            System.out.printf("    no duplicates (rows, event ids): %s; no acknowledged write lost: %s; recovery <= 10 s: %s%n",
                    noDuplicates() ? "met" : "MISSED", lost().isEmpty() ? "met" : "MISSED",
                    recoveryMet() ? "met" : "MISSED");
        }

        void printSummaryLine() {
            System.out.printf("  %-8s %6d %6d %6d %6d %6d %6d %6d %8s %10s  %s / %s / %s%n", service,
                    acknowledgedCount(), rowCount(), duplicates(), lost().size(), eventIds(), eventsDeliveredAgain(),
                    rowsWithDuplicateEvents(), seconds(restartTook), recoveryText(),
                    noDuplicates() ? "met" : "MISSED", lost().isEmpty() ? "met" : "MISSED",
                    recoveryMet() ? "met" : "MISSED");
        }

        /** The recovery time, or how long the probe waited in vain. */
        private String recoveryText() {
            return recovery == null ? "> " + seconds(recoveryLimit) : seconds(recovery);
        }

        private static String seconds(Duration duration) {
            return String.format("%.1f s", duration.toMillis() / 1000.0);
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Requests

    @FunctionalInterface
    interface RequestMaker {
        HttpRequest make(String marker);
    }

    private HttpRequest createAgent(String key, String name, String idempotencyKey) {
        return json(key, "/v1/agents", idempotencyKey).POST(HttpRequest.BodyPublishers.ofString(
                "{\"name\":\"" + name + "\",\"prompt\":\"You answer the phone for a dental practice.\"}")).build();
    }

    private HttpRequest createLead(String key, String agentId, String marker) {
        return json(key, "/v1/leads", marker).POST(HttpRequest.BodyPublishers.ofString(
                "{\"name\":\"Dana Levi\",\"phone\":\"+972502345678\",\"agent_id\":\"" + agentId
                        + "\",\"notes\":\"" + marker + "\"}")).build();
    }

    private HttpRequest.Builder json(String key, String path, String idempotencyKey) {
        return HttpRequest.newBuilder(gateway.resolve(path)).timeout(REQUEST_TIMEOUT)
                .header("Authorization", "Bearer " + key).header("Content-Type", "application/json")
                .header("Idempotency-Key", idempotencyKey);
    }

    /** An organization of its own for one scenario, with no agent limit in reach, and a key with every scope. */
    private String tenantKey(String name) throws Exception {
        String organizationId = JSON.readTree(sendUntil2xx(HttpRequest.newBuilder(
                        gateway.resolve("/admin/organizations")).timeout(REQUEST_TIMEOUT)
                .header("Authorization", "Bearer " + adminToken).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("name", name,
                        "plan", "enterprise", "max_agents", 1_000_000))))
                .build())).path("id").asText();
        return JSON.readTree(sendUntil2xx(HttpRequest.newBuilder(gateway.resolve(
                        "/admin/organizations/" + organizationId + "/keys")).timeout(REQUEST_TIMEOUT)
                .header("Authorization", "Bearer " + adminToken).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("name", "faults",
                        "scopes", Scopes.ALL))))
                .build())).path("key").asText();
    }

    /** Setup and verification requests: retried while the platform settles, failing after a minute. */
    private String sendUntil2xx(HttpRequest request) throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
        String last = "";
        while (System.nanoTime() < deadline) {
            try {
                HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() >= 200 && response.statusCode() < 300) {
                    return response.body();
                }
                last = response.statusCode() + ": " + response.body();
            } catch (IOException e) {
                last = e.toString();
            }
            Thread.sleep(250);
        }
        throw new IllegalStateException(request.method() + " " + request.uri() + " never answered 2xx; last: " + last);
    }

    private static String id(String body) {
        try {
            return JSON.readTree(body).path("id").asText(null);
        } catch (IOException e) {
            return null;
        }
    }

    private static String errorCode(String body) {
        try {
            JsonNode error = JSON.readTree(body).path("error");
            return error.isObject() ? error.path("code").asText("") : JSON.readTree(body).path("code").asText("");
        } catch (IOException e) {
            return "";
        }
    }

    private static int acknowledged(List<Write> writes) {
        return (int) writes.stream().filter(Write::acknowledged).count();
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> options = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                throw new IllegalArgumentException("options are --name value pairs; got " + args[i]);
            }
            options.put(args[i].substring(2), args[++i]);
        }
        return options;
    }

    private static String required(Map<String, String> options, String name) {
        String value = options.get(name);
        if (value == null) {
            throw new IllegalArgumentException("--" + name + " is required");
        }
        return value;
    }
}
