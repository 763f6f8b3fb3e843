/*
 * trimscope-emudrive: a FUSE file system whose one file, /disk.img, becomes a block device with a
 * TRIM latency we program. Attach it with `losetup -f --show --direct-io=off MNT/disk.img`: the
 * loop driver turns each discard into fallocate(PUNCH_HOLE | KEEP_SIZE) on that file, which lands
 * in emu_fallocate() below, where the latency model decides how long the "drive" is busy.
 *
 * Usage: trimscope-emudrive [options] BACKING_DIR MOUNTPOINT [fuse options]
 *   --size=BYTES            size of the disk (sparse BACKING_DIR/disk.img), K/M/G/T suffixes ok
 *   --granularity=BYTES     statfs f_bsize; the loop driver uses it as discard_granularity
 *   --KEY=VALUE             any key of the model command below, set from the start
 *                           (dashes or underscores: --cmd-us=2000, --jitter-pct=15, --mode=lowfree)
 * Every option is also accepted as a mount option (-o size=...,cmd_us=...).
 *
 * Files: /disk.img (the disk; opened direct_io, so every read and write reaches the model, none is
 * answered from a page cache), /stats (read-only, "key value" lines), /log (read-only, the last
 * requests, see below), /control (write-only, one command per write: reset-stats |
 * fail-discards-after N | fail-discards off | model KEY=VALUE...; keys left out keep their value).
 *
 * Model keys (times in microseconds, sizes in bytes with optional K/M/G/T):
 *   mode=fixed|deferred|lowfree  cmd_us  per_mib_us  small_below  small_extra_us
 *   defer_us_per_mib  write_extra_us  free_below  lowfree_us_per_mib  write_us_per_mib
 *   read_us  write_us                       base cost of every read / write (any mode)
 *   blocking=serial|queued|fixed  block_us  what a discard does to other I/O
 *   jitter_pct  pause_ppm  pause_us  seed   noise on every discard
 *   noise_writes=0|1  noise_reads=0|1       the same noise on writes / reads
 *   empty_free=0|1                          a discard of space holding no data costs nothing
 *
 * A discard costs cmd_us + per_mib_us per MiB, plus small_extra_us when it is smaller than
 * small_below (the "fixed" model, which the other modes build on).
 * empty_free=1 (any mode) models a drive that answers a TRIM of unmapped LBAs at once (many NVMe
 * drives after a secure erase or on never-written space): a discard whose whole range holds no
 * data (a hole in the backing file: never written, or discarded since; checked with SEEK_DATA)
 * is charged nothing, no noise, no pause and no background work; one that covers any written
 * byte costs what the model says. Off by default, so the other models are unchanged.
 * Mode "deferred" models a drive that trims in the background: a discard still costs the fixed
 * model's time (set it small), but also adds defer_us_per_mib per MiB to a backlog of background
 * work that drains at wall-clock rate; every write that arrives while the backlog is not empty
 * costs write_extra_us more. "mode=fixed" drops the backlog.
 * Mode "lowfree" models a drive whose writes slow down when it runs out of trimmed space (an
 * SLC-mode cache or a pool of pre-erased blocks): the free pool is the part of the disk never
 * written or discarded since (the backing file's unallocated bytes, so a discard's hole punch gives
 * space back at once). Every write costs write_us_per_mib per MiB (the cache's speed; a modelled
 * time the machine's load does not change); one arriving while the pool is smaller than
 * free_below costs write_extra_us plus lowfree_us_per_mib per MiB more (per write: what random
 * 4 KiB writes feel; per MiB: what a sequential fill feels). Discards cost what the fixed model
 * says. A sequential fill of a trimmed disk with free_below = size/2 therefore slows down at half
 * capacity; random writes after a fill stay slow until a discard returns the space. There is no
 * idle garbage collection.
 *
 * Blocking: "serial" (the default) is a drive without queued TRIM: reads and writes that arrive
 * while a discard runs wait until it is done. "queued" is a drive with queued TRIM: the discard
 * takes its time, reads and writes do not wait for it. "fixed" blocks other I/O for block_us from
 * the discard's start, however long the discard itself takes (block_us longer than the discard:
 * the discard returns, the queue stays blocked). A read waits only for the blocking window it
 * finds when it arrives, so back-to-back discards do not starve it; writes and discards also wait
 * for the device queue (one at a time). Two layers in the kernel wait regardless of this model:
 * the loop driver serves the requests of one block cgroup in order on one worker thread (a read
 * queued behind a discard from the same cgroup waits for it in the kernel), and FUSE holds
 * disk.img's inode lock during a hole punch, which writes take too. "queued" and a block_us
 * shorter than the discard therefore show only to readers in another block cgroup than the
 * discarding thread (tests: EmulatedDrive::OwnLoopQueue).
 *
 * Noise: each discard's modelled cost is multiplied by 1 + jitter_pct/100 * z, z standard
 * normal, clipped to [-3, 3] (and the factor at 0); then, with probability pause_ppm per million,
 * pause_us is added (a garbage-collection pause; in "serial" mode it blocks other I/O too). The
 * random numbers come from one stream per request kind (discard, write, read), seeded from seed
 * (default 1) whenever a command sets seed; a stream draws three numbers per request whatever the
 * settings, so a seed gives the same sequence of factors and pauses in every run.
 *
 * fail-discards-after N lets N more discards succeed, then fails every later one with EIO,
 * without sleeping, until "fail-discards off".
 * Stats: discard_calls/discard_bytes count completed discards, failed_discards the refused
 * ones; discard_sleep_us_total is the modelled busy time of all completed discards (noise and
 * pauses included: the sum of the log's cost_us; the real hole punch runs inside it);
 * discard_pauses/discard_pause_us_total the pauses among them; discard_wait_us_total the time
 * discards waited for a queue still blocked by an earlier one. The same for writes and reads:
 * write_sleep_us_total, write_pauses, write_wait_us_total (waiting for a blocking discard),
 * read_sleep_us_total, read_pauses, read_wait_us_total, read_wait_us_max, waited_reads (reads
 * that waited for a blocking discard: the modelled wait, from arrival to the window's end).
 * empty_discards counts the discards empty_free charged nothing (their range held no data).
 * slowed_writes counts writes that paid write_extra_us (or the lowfree cost), backlog_us the
 * background work still owed, free_bytes the lowfree pool (the disk's unallocated bytes),
 * log_dropped the log lines overwritten since the last reset.
 * Log: one line per completed request, oldest first, the last LOG_CAPACITY of each kind:
 * "KIND SEQ START_US OFFSET BYTES COST_US WAIT_US PAUSE" with KIND D (discard), W or R, SEQ
 * counting that kind from 1 since the last reset-stats, START_US when the device began serving it
 * (microseconds since the daemon started), COST_US its modelled cost (what it was charged),
 * WAIT_US how long it waited for a blocking window first, PAUSE 1 when a pause was added.
 */
#define FUSE_USE_VERSION 35
#define _GNU_SOURCE

#include <errno.h>
#include <fcntl.h>
#include <fuse.h>
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>

#define MIB (UINT64_C(1) << 20)
#define NS_PER_US UINT64_C(1000)
#define NS_PER_S UINT64_C(1000000000)
#define PPM UINT64_C(1000000)
#define LOG_CAPACITY 65536 /* lines kept per request kind */

static const char DISK_PATH[] = "/disk.img";
static const char STATS_PATH[] = "/stats";
static const char LOG_PATH[] = "/log";
static const char CONTROL_PATH[] = "/control";

/*
 * The latency model. A mode selects how a discard (and a write) is charged. Modes keep their state
 * here and are only touched under device_lock, so a mode may depend on history ("deferred" owes
 * background work, "lowfree" looks at the free pool).
 */
enum model_mode { MODEL_FIXED, MODEL_DEFERRED, MODEL_LOWFREE };

/* What a running discard does to the rest of the queue. */
enum block_mode { BLOCK_SERIAL, BLOCK_QUEUED, BLOCK_FIXED };

struct model
{
    enum model_mode mode;
    uint64_t cmd_us;
    uint64_t per_mib_us;
    uint64_t small_below;
    uint64_t small_extra_us;
    uint64_t defer_us_per_mib;   /* deferred: background work owed per MiB discarded */
    uint64_t write_extra_us;     /* deferred: extra cost of a write while work is owed */
    uint64_t free_below;         /* lowfree: writes slow while fewer trimmed bytes are left */
    uint64_t lowfree_us_per_mib; /* lowfree: extra cost per MiB written then */
    uint64_t write_us_per_mib;   /* lowfree: cost per MiB of every write */
    uint64_t read_us;            /* base cost of every read */
    uint64_t write_us;           /* base cost of every write */
    enum block_mode blocking;
    uint64_t block_us;   /* blocking=fixed: how long other I/O waits from a discard's start */
    uint64_t jitter_pct; /* noise: standard deviation of the cost factor, in percent */
    uint64_t pause_ppm;  /* noise: probability of a pause per request, per million */
    uint64_t pause_us;   /* noise: length of a pause */
    uint64_t seed;       /* noise: the random streams restart from it when a command sets it */
    bool noise_writes;   /* the noise applies to writes too */
    bool noise_reads;    /* ... and to reads */
    bool empty_free;     /* a discard over a range without data costs nothing */
    bool reseed;         /* set by a command that named seed (not a setting) */
    uint64_t backlog_until_ns; /* deferred: when the owed work is done (state, not a setting) */
};

static uint64_t per_mib_cost_ns(uint64_t per_mib_us, uint64_t len)
{
    /* Split len so per_mib_ns * len cannot overflow 64 bits for multi-GiB discards. */
    const uint64_t per_mib_ns = per_mib_us * NS_PER_US;
    return per_mib_ns * (len / MIB) + per_mib_ns * (len % MIB) / MIB;
}

/* How long the device is busy with one discard of len bytes, starting at now_ns, before noise. */
static uint64_t model_discard_ns(struct model *m, uint64_t len, uint64_t now_ns)
{
    uint64_t ns = m->cmd_us * NS_PER_US + per_mib_cost_ns(m->per_mib_us, len);
    if (len < m->small_below)
        ns += m->small_extra_us * NS_PER_US;
    if (m->mode == MODEL_DEFERRED) {
        /* The work starts when the discard has returned, after whatever is still owed. */
        const uint64_t from = m->backlog_until_ns > now_ns + ns ? m->backlog_until_ns : now_ns + ns;
        m->backlog_until_ns = from + per_mib_cost_ns(m->defer_us_per_mib, len);
    }
    return ns;
}

/* How long a write of len bytes is delayed beyond write_us: while a deferring drive still owes
 * work, or while a lowfree drive has fewer than free_below trimmed bytes left (free_bytes, when
 * the write arrives). */
static uint64_t model_write_ns(const struct model *m, uint64_t len, uint64_t now_ns,
                               uint64_t free_bytes)
{
    if (m->mode == MODEL_DEFERRED && now_ns < m->backlog_until_ns)
        return m->write_extra_us * NS_PER_US;
    if (m->mode != MODEL_LOWFREE)
        return 0;
    uint64_t ns = per_mib_cost_ns(m->write_us_per_mib, len);
    if (free_bytes < m->free_below)
        ns += m->write_extra_us * NS_PER_US + per_mib_cost_ns(m->lowfree_us_per_mib, len);
    return ns;
}

/* ---- noise ------------------------------------------------------------------------------ */

/* xoshiro256** seeded through splitmix64: small, fast, and the same sequence everywhere. */
struct rng
{
    uint64_t s[4];
};

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

static void rng_seed(struct rng *r, uint64_t seed, uint64_t stream)
{
    uint64_t x = seed ^ (stream * UINT64_C(0xd1b54a32d192ed03));
    for (int i = 0; i < 4; ++i)
        r->s[i] = splitmix64(&x);
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static uint64_t rng_next(struct rng *r)
{
    uint64_t *s = r->s;
    const uint64_t result = rotl(s[1] * 5, 7) * 9;
    const uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* Uniform in (0, 1): never 0, so log() below is finite. */
static double rng_unit(struct rng *r)
{
    return ((double)(rng_next(r) >> 11) + 0.5) * (1.0 / 9007199254740992.0);
}

enum stream { STREAM_DISCARD, STREAM_WRITE, STREAM_READ, STREAM_COUNT };

/* One request's noise: base_ns times a jitter factor, plus a pause now and then. Always draws
 * three numbers, so switching jitter or pauses on does not shift the other's sequence. */
static uint64_t noisy_ns(const struct model *m, struct rng *r, uint64_t base_ns, bool *paused)
{
    const double u1 = rng_unit(r), u2 = rng_unit(r), u3 = rng_unit(r);
    uint64_t ns = base_ns;
    if (m->jitter_pct) {
        double z = sqrt(-2.0 * log(u1)) * cos(2.0 * M_PI * u2); /* Box-Muller */
        z = z < -3.0 ? -3.0 : z > 3.0 ? 3.0 : z;
        double factor = 1.0 + (double)m->jitter_pct / 100.0 * z;
        if (factor < 0)
            factor = 0;
        ns = (uint64_t)llround((double)base_ns * factor);
    }
    *paused = u3 * (double)PPM < (double)m->pause_ppm;
    if (*paused)
        ns += m->pause_us * NS_PER_US;
    return ns;
}

/* ---- state ------------------------------------------------------------------------------ */

struct options
{
    const char *backing_dir;
    int nonopt_count;
    uint64_t size;
    uint64_t granularity;
    struct model model;
};

struct log_entry
{
    uint64_t seq, start_us, offset, bytes, cost_us, wait_us;
    bool pause;
};

struct request_log
{
    struct log_entry entries[LOG_CAPACITY];
    uint64_t count; /* logged since the last reset; the newest is entries[(count - 1) % cap] */
};

static struct
{
    struct options opt;
    int backing_fd;
    uint64_t epoch_ns; /* log times count from here */
    /* One device queue: discards and writes are served one at a time. */
    pthread_mutex_t device_lock;
    struct model model;           /* under device_lock */
    bool fail_armed;              /* under device_lock */
    uint64_t fail_after;          /* under device_lock; discards still allowed to succeed */
    struct rng rng[STREAM_COUNT]; /* discard and write streams under device_lock */
    /* Reads do not take device_lock: what they need of the model is copied here. */
    pthread_mutex_t read_lock;
    struct model read_model; /* under read_lock, with rng[STREAM_READ] */
    /* Other I/O waits until then (blocking model); written under device_lock. */
    atomic_uint_fast64_t blocked_until_ns;
    /* Counters are atomics so /stats never waits for a sleeping discard. */
    atomic_uint_fast64_t discard_calls, discard_bytes, discard_sleep_us_total;
    atomic_uint_fast64_t discard_pauses, discard_pause_us_total, discard_wait_us_total;
    atomic_uint_fast64_t write_calls, write_bytes, write_sleep_us_total, write_pauses;
    atomic_uint_fast64_t write_wait_us_total;
    atomic_uint_fast64_t read_calls, read_sleep_us_total, read_pauses, read_wait_us_total;
    atomic_uint_fast64_t read_wait_us_max, waited_reads;
    atomic_uint_fast64_t failed_discards, slowed_writes, empty_discards;
    atomic_uint_fast64_t backlog_until_ns; /* copy of model.backlog_until_ns for /stats */
    pthread_mutex_t log_lock;
    struct request_log log[STREAM_COUNT]; /* under log_lock */
} g = {.backing_fd = -1,
       .device_lock = PTHREAD_MUTEX_INITIALIZER,
       .read_lock = PTHREAD_MUTEX_INITIALIZER,
       .log_lock = PTHREAD_MUTEX_INITIALIZER};

static const char LOG_KIND[STREAM_COUNT] = {'D', 'W', 'R'};

/* Bytes of the disk never written or discarded since: what the hole punches gave back. */
static uint64_t free_bytes(void)
{
    struct stat st;
    if (fstat(g.backing_fd, &st) != 0)
        return 0;
    const uint64_t allocated = (uint64_t)st.st_blocks * 512;
    return allocated < g.opt.size ? g.opt.size - allocated : 0;
}

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * NS_PER_S + (uint64_t)ts.tv_nsec;
}

/* Absolute deadlines: the time spent punching the hole is part of the modelled time, not added. */
static void sleep_until_ns(uint64_t deadline_ns)
{
    const struct timespec ts = {.tv_sec = (time_t)(deadline_ns / NS_PER_S),
                                .tv_nsec = (long)(deadline_ns % NS_PER_S)};
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR) {
    }
}

static void busy_until(uint64_t start_ns, uint64_t cost_ns)
{
    if (cost_ns)
        sleep_until_ns(start_ns + cost_ns);
}

/* Whether [off, off + len) of the disk holds no data: a hole from its start past its end. */
static bool range_is_empty(off_t off, off_t len)
{
    const off_t data = lseek(g.backing_fd, off, SEEK_DATA);
    if (data < 0)
        return errno == ENXIO; /* no data after off at all */
    return data >= off + len;
}

/* Where a request that arrived at arrival_ns may start: after the blocking window it finds. */
static uint64_t wait_for_window(uint64_t arrival_ns)
{
    const uint64_t until = atomic_load(&g.blocked_until_ns);
    if (until <= arrival_ns)
        return arrival_ns;
    sleep_until_ns(until);
    return until;
}

static void atomic_max(atomic_uint_fast64_t *target, uint64_t value)
{
    uint_fast64_t seen = atomic_load(target);
    while (seen < value && !atomic_compare_exchange_weak(target, &seen, value)) {
    }
}

static void log_request(enum stream kind, uint64_t start_ns, uint64_t offset, uint64_t bytes,
                        uint64_t cost_ns, uint64_t wait_ns, bool pause)
{
    pthread_mutex_lock(&g.log_lock);
    struct request_log *l = &g.log[kind];
    struct log_entry *e = &l->entries[l->count % LOG_CAPACITY];
    *e = (struct log_entry){.seq = ++l->count,
                            .start_us = (start_ns - g.epoch_ns) / NS_PER_US,
                            .offset = offset,
                            .bytes = bytes,
                            .cost_us = cost_ns / NS_PER_US,
                            .wait_us = wait_ns / NS_PER_US,
                            .pause = pause};
    pthread_mutex_unlock(&g.log_lock);
}

/* ---- parsing ---------------------------------------------------------------------------- */

/* Accepts decimal bytes with an optional binary suffix (K, M, G, T, optionally followed by
 * "iB" or "B"); rejects anything else, including overflow. */
static int parse_u64(const char *text, uint64_t *out, bool allow_suffix)
{
    if (!text || *text < '0' || *text > '9')
        return -1;
    errno = 0;
    char *end = NULL;
    const unsigned long long v = strtoull(text, &end, 10);
    if (errno)
        return -1;
    unsigned shift = 0;
    if (allow_suffix && *end) {
        switch (*end) {
        case 'K':
        case 'k':
            shift = 10;
            break;
        case 'M':
        case 'm':
            shift = 20;
            break;
        case 'G':
        case 'g':
            shift = 30;
            break;
        case 'T':
        case 't':
            shift = 40;
            break;
        default:
            return -1;
        }
        ++end;
        if (strcmp(end, "iB") == 0 || strcmp(end, "B") == 0)
            end += strlen(end);
    }
    if (*end)
        return -1;
    if (shift && v > (UINT64_MAX >> shift))
        return -1;
    *out = (uint64_t)v << shift;
    return 0;
}

static int parse_bool(const char *text, bool *out)
{
    if (strcmp(text, "1") == 0 || strcmp(text, "0") == 0) {
        *out = text[0] == '1';
        return 0;
    }
    return -1;
}

enum { MODEL_WORD_OK = 0, MODEL_WORD_BAD_VALUE = -1, MODEL_WORD_UNKNOWN_KEY = -2 };

/* Number keys: name, where the value goes, whether it takes a size suffix, its largest value. */
#define NUMBER_KEY(name, suffix, max)                                                              \
    {                                                                                              \
#name, offsetof(struct model, name), suffix, max                                           \
    }
static const struct
{
    const char *name;
    size_t offset;
    bool suffix;
    uint64_t max;
} NUMBER_KEYS[] = {
    NUMBER_KEY(cmd_us, false, UINT64_MAX),
    NUMBER_KEY(per_mib_us, false, UINT64_MAX),
    NUMBER_KEY(small_below, true, UINT64_MAX),
    NUMBER_KEY(small_extra_us, false, UINT64_MAX),
    NUMBER_KEY(defer_us_per_mib, false, UINT64_MAX),
    NUMBER_KEY(write_extra_us, false, UINT64_MAX),
    NUMBER_KEY(free_below, true, UINT64_MAX),
    NUMBER_KEY(lowfree_us_per_mib, false, UINT64_MAX),
    NUMBER_KEY(write_us_per_mib, false, UINT64_MAX),
    NUMBER_KEY(read_us, false, UINT64_MAX),
    NUMBER_KEY(write_us, false, UINT64_MAX),
    NUMBER_KEY(block_us, false, UINT64_MAX),
    NUMBER_KEY(jitter_pct, false, 100),
    NUMBER_KEY(pause_ppm, false, PPM),
    NUMBER_KEY(pause_us, false, UINT64_MAX),
    NUMBER_KEY(seed, false, UINT64_MAX),
};
#undef NUMBER_KEY

/* Applies one key=value of the model; the caller keeps the old model if this fails. */
static int apply_model_word(const char *key, const char *val, struct model *m)
{
    if (strcmp(key, "mode") == 0) {
        if (strcmp(val, "fixed") == 0) {
            m->mode = MODEL_FIXED;
            m->backlog_until_ns = 0;
        } else if (strcmp(val, "deferred") == 0)
            m->mode = MODEL_DEFERRED;
        else if (strcmp(val, "lowfree") == 0) {
            m->mode = MODEL_LOWFREE;
            m->backlog_until_ns = 0;
        } else
            return MODEL_WORD_BAD_VALUE;
        return MODEL_WORD_OK;
    }
    if (strcmp(key, "blocking") == 0) {
        if (strcmp(val, "serial") == 0)
            m->blocking = BLOCK_SERIAL;
        else if (strcmp(val, "queued") == 0)
            m->blocking = BLOCK_QUEUED;
        else if (strcmp(val, "fixed") == 0)
            m->blocking = BLOCK_FIXED;
        else
            return MODEL_WORD_BAD_VALUE;
        return MODEL_WORD_OK;
    }
    if (strcmp(key, "noise_writes") == 0)
        return parse_bool(val, &m->noise_writes) ? MODEL_WORD_BAD_VALUE : MODEL_WORD_OK;
    if (strcmp(key, "noise_reads") == 0)
        return parse_bool(val, &m->noise_reads) ? MODEL_WORD_BAD_VALUE : MODEL_WORD_OK;
    if (strcmp(key, "empty_free") == 0)
        return parse_bool(val, &m->empty_free) ? MODEL_WORD_BAD_VALUE : MODEL_WORD_OK;
    for (size_t i = 0; i < sizeof NUMBER_KEYS / sizeof NUMBER_KEYS[0]; ++i) {
        if (strcmp(key, NUMBER_KEYS[i].name) != 0)
            continue;
        uint64_t *target = (uint64_t *)((char *)m + NUMBER_KEYS[i].offset);
        uint64_t v;
        if (parse_u64(val, &v, NUMBER_KEYS[i].suffix) || v > NUMBER_KEYS[i].max)
            return MODEL_WORD_BAD_VALUE;
        *target = v;
        if (strcmp(key, "seed") == 0)
            m->reseed = true;
        return MODEL_WORD_OK;
    }
    return MODEL_WORD_UNKNOWN_KEY;
}

/* Applies "key=value" words of a model command; unknown keys or bad numbers reject it whole. */
static int parse_model_words(char *words, struct model *m)
{
    struct model next = *m;
    char *save = NULL;
    for (char *w = strtok_r(words, " \t\n", &save); w; w = strtok_r(NULL, " \t\n", &save)) {
        char *eq = strchr(w, '=');
        if (!eq)
            return -1;
        *eq = '\0';
        if (apply_model_word(w, eq + 1, &next) != MODEL_WORD_OK)
            return -1;
    }
    *m = next;
    return 0;
}

/* Makes a new model current: caller holds device_lock. Restarts the noise streams when the
 * command named a seed, and hands the reads their part. */
static void install_model(const struct model *m)
{
    g.model = *m;
    pthread_mutex_lock(&g.read_lock);
    if (g.model.reseed)
        for (int s = 0; s < STREAM_COUNT; ++s)
            rng_seed(&g.rng[s], g.model.seed, (uint64_t)s);
    g.model.reseed = false;
    g.read_model = g.model;
    pthread_mutex_unlock(&g.read_lock);
    atomic_store(&g.backlog_until_ns, g.model.backlog_until_ns);
}

/* ---- file system ------------------------------------------------------------------------ */

enum node { NODE_NONE, NODE_ROOT, NODE_DISK, NODE_STATS, NODE_LOG, NODE_CONTROL };

static enum node node_of(const char *path)
{
    if (strcmp(path, "/") == 0)
        return NODE_ROOT;
    if (strcmp(path, DISK_PATH) == 0)
        return NODE_DISK;
    if (strcmp(path, STATS_PATH) == 0)
        return NODE_STATS;
    if (strcmp(path, LOG_PATH) == 0)
        return NODE_LOG;
    if (strcmp(path, CONTROL_PATH) == 0)
        return NODE_CONTROL;
    return NODE_NONE;
}

static void *emu_init(struct fuse_conn_info *conn, struct fuse_config *cfg)
{
    (void)conn;
    /* Nothing here changes behind the kernel's back except /stats and /log, which are direct_io. */
    cfg->attr_timeout = 3600;
    cfg->entry_timeout = 3600;
    cfg->negative_timeout = 3600;
    return NULL;
}

static int emu_getattr(const char *path, struct stat *st, struct fuse_file_info *fi)
{
    (void)fi;
    memset(st, 0, sizeof *st);
    st->st_uid = getuid();
    st->st_gid = getgid();
    st->st_nlink = 1;
    st->st_blksize = (blksize_t)g.opt.granularity;
    switch (node_of(path)) {
    case NODE_ROOT:
        st->st_mode = S_IFDIR | 0755;
        st->st_nlink = 2;
        return 0;
    case NODE_DISK: {
        struct stat real;
        st->st_mode = S_IFREG | 0600;
        st->st_size = (off_t)g.opt.size;
        if (fstat(g.backing_fd, &real) == 0)
            st->st_blocks = real.st_blocks;
        return 0;
    }
    case NODE_STATS:
    case NODE_LOG:
        st->st_mode = S_IFREG | 0444;
        return 0;
    case NODE_CONTROL:
        st->st_mode = S_IFREG | 0200;
        return 0;
    case NODE_NONE:
        break;
    }
    return -ENOENT;
}

static int emu_readdir(const char *path, void *buf, fuse_fill_dir_t fill, off_t off,
                       struct fuse_file_info *fi, enum fuse_readdir_flags flags)
{
    (void)off;
    (void)fi;
    (void)flags;
    if (node_of(path) != NODE_ROOT)
        return -ENOTDIR;
    fill(buf, ".", NULL, 0, 0);
    fill(buf, "..", NULL, 0, 0);
    fill(buf, DISK_PATH + 1, NULL, 0, 0);
    fill(buf, STATS_PATH + 1, NULL, 0, 0);
    fill(buf, LOG_PATH + 1, NULL, 0, 0);
    fill(buf, CONTROL_PATH + 1, NULL, 0, 0);
    return 0;
}

/* Text taken at open so one reader sees one consistent set of counters or log lines. */
struct snapshot
{
    size_t len;
    char text[];
};

static struct snapshot *stats_snapshot(void)
{
    enum { CAPACITY = 2048 };
    struct snapshot *s = malloc(sizeof *s + CAPACITY);
    if (!s)
        return NULL;
    const uint64_t until = atomic_load(&g.backlog_until_ns), now = now_ns();
    const uint64_t backlog_us = until > now ? (until - now) / NS_PER_US : 0;
    pthread_mutex_lock(&g.log_lock);
    uint64_t dropped = 0;
    for (int k = 0; k < STREAM_COUNT; ++k)
        dropped += g.log[k].count > LOG_CAPACITY ? g.log[k].count - LOG_CAPACITY : 0;
    pthread_mutex_unlock(&g.log_lock);
#define U(name) "\n" #name " %" PRIuFAST64
#define V(name) atomic_load(&g.name)
    const int n = snprintf(
        s->text, CAPACITY,
        "discard_calls %" PRIuFAST64 U(discard_bytes) U(discard_sleep_us_total) U(discard_pauses)
            U(discard_pause_us_total) U(discard_wait_us_total) U(write_calls) U(write_bytes)
                U(write_sleep_us_total) U(write_pauses) U(write_wait_us_total) U(read_calls)
                    U(read_sleep_us_total) U(read_pauses) U(read_wait_us_total) U(read_wait_us_max)
                        U(waited_reads) U(failed_discards)
                            U(slowed_writes) U(empty_discards) "\nbacklog_us %" PRIu64 "\nfree_bytes %" PRIu64
                                             "\nlog_dropped %" PRIu64 "\n",
        V(discard_calls), V(discard_bytes), V(discard_sleep_us_total), V(discard_pauses),
        V(discard_pause_us_total), V(discard_wait_us_total), V(write_calls), V(write_bytes),
        V(write_sleep_us_total), V(write_pauses), V(write_wait_us_total), V(read_calls),
        V(read_sleep_us_total), V(read_pauses), V(read_wait_us_total), V(read_wait_us_max),
        V(waited_reads), V(failed_discards), V(slowed_writes), V(empty_discards), backlog_us, free_bytes(), dropped);
#undef U
#undef V
    s->len = n < 0 ? 0 : (size_t)n < CAPACITY ? (size_t)n : CAPACITY - 1;
    return s;
}

static struct snapshot *log_snapshot(void)
{
    enum { LINE_MAX_CHARS = 8 * 21 };
    pthread_mutex_lock(&g.log_lock);
    size_t lines = 0;
    for (int k = 0; k < STREAM_COUNT; ++k)
        lines += g.log[k].count < LOG_CAPACITY ? g.log[k].count : LOG_CAPACITY;
    const size_t capacity = (lines + 1) * LINE_MAX_CHARS;
    struct snapshot *s = malloc(sizeof *s + capacity);
    if (!s) {
        pthread_mutex_unlock(&g.log_lock);
        return NULL;
    }
    size_t len = 0;
    for (int k = 0; k < STREAM_COUNT; ++k) {
        const struct request_log *l = &g.log[k];
        const uint64_t first = l->count > LOG_CAPACITY ? l->count - LOG_CAPACITY : 0;
        for (uint64_t i = first; i < l->count; ++i) {
            const struct log_entry *e = &l->entries[i % LOG_CAPACITY];
            const int n = snprintf(s->text + len, capacity - len,
                                   "%c %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64
                                   " %" PRIu64 " %d\n",
                                   LOG_KIND[k], e->seq, e->start_us, e->offset, e->bytes,
                                   e->cost_us, e->wait_us, e->pause ? 1 : 0);
            if (n > 0 && (size_t)n < capacity - len)
                len += (size_t)n;
        }
    }
    pthread_mutex_unlock(&g.log_lock);
    s->len = len;
    return s;
}

static int emu_open(const char *path, struct fuse_file_info *fi)
{
    const int acc = fi->flags & O_ACCMODE;
    switch (node_of(path)) {
    case NODE_DISK:
        /* No page cache between the loop driver and the model: every read reaches emu_read. */
        fi->direct_io = 1;
        return 0;
    case NODE_STATS:
    case NODE_LOG: {
        if (acc != O_RDONLY)
            return -EACCES;
        struct snapshot *s = node_of(path) == NODE_STATS ? stats_snapshot() : log_snapshot();
        if (!s)
            return -ENOMEM;
        fi->fh = (uint64_t)(uintptr_t)s;
        fi->direct_io = 1; /* size 0 in getattr must not cut the read short */
        return 0;
    }
    case NODE_CONTROL:
        if (acc != O_WRONLY)
            return -EACCES;
        fi->direct_io = 1;
        return 0;
    case NODE_ROOT:
        return -EISDIR;
    case NODE_NONE:
        break;
    }
    return -ENOENT;
}

static int emu_release(const char *path, struct fuse_file_info *fi)
{
    const enum node n = node_of(path);
    if (n == NODE_STATS || n == NODE_LOG)
        free((void *)(uintptr_t)fi->fh);
    return 0;
}

/* A read waits for the blocking window it finds (no queue lock: with blocking=queued it never
 * waits for a discard), then costs read_us, with noise if noise_reads. */
static int read_disk(char *buf, size_t size, off_t off)
{
    const uint64_t arrival = now_ns();
    const uint64_t start = wait_for_window(arrival);
    pthread_mutex_lock(&g.read_lock);
    uint64_t cost = g.read_model.read_us * NS_PER_US;
    bool paused = false;
    if (g.read_model.noise_reads)
        cost = noisy_ns(&g.read_model, &g.rng[STREAM_READ], cost, &paused);
    pthread_mutex_unlock(&g.read_lock);

    const ssize_t n = pread(g.backing_fd, buf, size, off);
    const int err = errno;
    busy_until(start, cost);

    const uint64_t wait = start - arrival;
    atomic_fetch_add(&g.read_calls, 1);
    atomic_fetch_add(&g.read_sleep_us_total, cost / NS_PER_US);
    if (paused)
        atomic_fetch_add(&g.read_pauses, 1);
    if (wait) {
        atomic_fetch_add(&g.waited_reads, 1);
        atomic_fetch_add(&g.read_wait_us_total, wait / NS_PER_US);
        atomic_max(&g.read_wait_us_max, wait / NS_PER_US);
    }
    log_request(STREAM_READ, start, (uint64_t)off, size, cost, wait, paused);
    return n < 0 ? -err : (int)n;
}

static int emu_read(const char *path, char *buf, size_t size, off_t off, struct fuse_file_info *fi)
{
    switch (node_of(path)) {
    case NODE_DISK:
        return read_disk(buf, size, off);
    case NODE_STATS:
    case NODE_LOG: {
        const struct snapshot *s = (const struct snapshot *)(uintptr_t)fi->fh;
        if (off < 0 || (size_t)off >= s->len)
            return 0;
        const size_t n = s->len - (size_t)off < size ? s->len - (size_t)off : size;
        memcpy(buf, s->text + off, n);
        return (int)n;
    }
    default:
        return -EACCES;
    }
}

static void reset_stats(void)
{
    atomic_uint_fast64_t *counters[] = {
        &g.discard_calls,
        &g.discard_bytes,
        &g.discard_sleep_us_total,
        &g.discard_pauses,
        &g.discard_pause_us_total,
        &g.discard_wait_us_total,
        &g.write_calls,
        &g.write_bytes,
        &g.write_sleep_us_total,
        &g.write_pauses,
        &g.write_wait_us_total,
        &g.read_calls,
        &g.read_sleep_us_total,
        &g.read_pauses,
        &g.read_wait_us_total,
        &g.read_wait_us_max,
        &g.waited_reads,
        &g.failed_discards,
        &g.slowed_writes,
        &g.empty_discards,
    };
    for (size_t i = 0; i < sizeof counters / sizeof counters[0]; ++i)
        atomic_store(counters[i], 0);
    pthread_mutex_lock(&g.log_lock);
    for (int k = 0; k < STREAM_COUNT; ++k)
        g.log[k].count = 0;
    pthread_mutex_unlock(&g.log_lock);
}

static int handle_control(const char *cmd_in, size_t size)
{
    char cmd[1024];
    if (size >= sizeof cmd)
        return -EINVAL;
    memcpy(cmd, cmd_in, size);
    cmd[size] = '\0';
    while (size && (cmd[size - 1] == '\n' || cmd[size - 1] == ' '))
        cmd[--size] = '\0';

    if (strcmp(cmd, "reset-stats") == 0) {
        reset_stats();
        return 0;
    }
    if (strcmp(cmd, "fail-discards off") == 0) {
        pthread_mutex_lock(&g.device_lock);
        g.fail_armed = false;
        pthread_mutex_unlock(&g.device_lock);
        return 0;
    }
    static const char fail_after[] = "fail-discards-after ";
    if (strncmp(cmd, fail_after, sizeof fail_after - 1) == 0) {
        uint64_t n;
        if (parse_u64(cmd + sizeof fail_after - 1, &n, false))
            return -EINVAL;
        pthread_mutex_lock(&g.device_lock);
        g.fail_armed = true;
        g.fail_after = n;
        pthread_mutex_unlock(&g.device_lock);
        return 0;
    }
    static const char model_cmd[] = "model";
    if (strncmp(cmd, model_cmd, sizeof model_cmd - 1) == 0 &&
        (cmd[sizeof model_cmd - 1] == ' ' || cmd[sizeof model_cmd - 1] == '\0')) {
        /* Taking the queue lock means a new model applies from the next discard on. */
        pthread_mutex_lock(&g.device_lock);
        struct model next = g.model;
        const int rc = parse_model_words(cmd + sizeof model_cmd - 1, &next);
        if (rc == 0)
            install_model(&next);
        pthread_mutex_unlock(&g.device_lock);
        return rc ? -EINVAL : 0;
    }
    return -EINVAL;
}

static int write_disk(const char *buf, size_t size, off_t off)
{
    pthread_mutex_lock(&g.device_lock);
    const uint64_t arrival = now_ns();
    const uint64_t start = wait_for_window(arrival);
    const uint64_t free_now = g.model.mode == MODEL_LOWFREE ? free_bytes() : 0;
    const uint64_t mode_ns = model_write_ns(&g.model, size, start, free_now);
    const bool slowed = g.model.mode == MODEL_LOWFREE ? free_now < g.model.free_below : mode_ns > 0;
    uint64_t cost = g.model.write_us * NS_PER_US + mode_ns;
    bool paused = false;
    if (g.model.noise_writes)
        cost = noisy_ns(&g.model, &g.rng[STREAM_WRITE], cost, &paused);
    const ssize_t n = pwrite(g.backing_fd, buf, size, off);
    const int err = errno;
    busy_until(start, cost);
    pthread_mutex_unlock(&g.device_lock);

    atomic_fetch_add(&g.write_calls, 1);
    atomic_fetch_add(&g.write_bytes, size);
    atomic_fetch_add(&g.write_sleep_us_total, cost / NS_PER_US);
    atomic_fetch_add(&g.write_wait_us_total, (start - arrival) / NS_PER_US);
    if (slowed)
        atomic_fetch_add(&g.slowed_writes, 1);
    if (paused)
        atomic_fetch_add(&g.write_pauses, 1);
    log_request(STREAM_WRITE, start, (uint64_t)off, size, cost, start - arrival, paused);
    return n < 0 ? -err : (int)n;
}

static int emu_write(const char *path, const char *buf, size_t size, off_t off,
                     struct fuse_file_info *fi)
{
    (void)fi;
    switch (node_of(path)) {
    case NODE_DISK:
        return write_disk(buf, size, off);
    case NODE_CONTROL: {
        const int rc = handle_control(buf, size);
        return rc ? rc : (int)size;
    }
    default:
        return -EACCES;
    }
}

/*
 * A discard holds the device queue for as long as it blocks other I/O (serial: all of its cost,
 * fixed: block_us, queued: only while the model is consulted and the hole punched), publishes
 * that window for the reads, which do not take the queue, and sleeps the rest of its cost
 * without the queue.
 */
static int emu_fallocate(const char *path, int mode, off_t off, off_t len,
                         struct fuse_file_info *fi)
{
    (void)fi;
    if (node_of(path) != NODE_DISK)
        return -EOPNOTSUPP;
    /* Only punch-hole is a discard; plain allocation of a fixed-size disk is a no-op for us. */
    if (!(mode & FALLOC_FL_PUNCH_HOLE))
        return fallocate(g.backing_fd, mode, off, len) ? -errno : 0;
    if (off < 0 || len <= 0 || (uint64_t)off + (uint64_t)len > g.opt.size)
        return -EINVAL;

    pthread_mutex_lock(&g.device_lock);
    if (g.fail_armed) {
        if (g.fail_after == 0) {
            pthread_mutex_unlock(&g.device_lock);
            atomic_fetch_add(&g.failed_discards, 1);
            return -EIO;
        }
        --g.fail_after;
    }
    const uint64_t arrival = now_ns();
    /* A fixed window longer than the previous discard may still block the queue. */
    const uint64_t start = wait_for_window(arrival);
    bool paused = false;
    const bool empty = g.model.empty_free && range_is_empty(off, len);
    const uint64_t base = empty ? 0 : model_discard_ns(&g.model, (uint64_t)len, start);
    /* An empty discard still draws its noise, so a seed gives the same factors either way. */
    uint64_t cost = noisy_ns(&g.model, &g.rng[STREAM_DISCARD], base, &paused);
    if (empty) {
        cost = 0;
        paused = false;
    }
    const uint64_t block = g.model.blocking == BLOCK_SERIAL  ? cost
                           : g.model.blocking == BLOCK_FIXED ? g.model.block_us * NS_PER_US
                                                             : 0;
    if (block)
        atomic_max(&g.blocked_until_ns, start + block);
    atomic_store(&g.backlog_until_ns, g.model.backlog_until_ns);
    const uint64_t pause_ns = paused ? g.model.pause_us * NS_PER_US : 0;
    const int rc = fallocate(g.backing_fd, mode, off, len) ? -errno : 0;
    busy_until(start, block < cost ? block : cost);
    pthread_mutex_unlock(&g.device_lock);
    busy_until(start, cost);

    if (rc) {
        atomic_fetch_add(&g.failed_discards, 1);
        return rc;
    }
    atomic_fetch_add(&g.discard_calls, 1);
    atomic_fetch_add(&g.discard_bytes, (uint64_t)len);
    atomic_fetch_add(&g.discard_sleep_us_total, cost / NS_PER_US);
    atomic_fetch_add(&g.discard_wait_us_total, (start - arrival) / NS_PER_US);
    if (empty)
        atomic_fetch_add(&g.empty_discards, 1);
    if (paused) {
        atomic_fetch_add(&g.discard_pauses, 1);
        atomic_fetch_add(&g.discard_pause_us_total, pause_ns / NS_PER_US);
    }
    log_request(STREAM_DISCARD, start, (uint64_t)off, (uint64_t)len, cost, start - arrival, paused);
    return 0;
}

static int emu_truncate(const char *path, off_t size, struct fuse_file_info *fi)
{
    (void)fi;
    switch (node_of(path)) {
    case NODE_CONTROL: /* shells open it with O_TRUNC */
        return 0;
    case NODE_DISK:
        return (uint64_t)size == g.opt.size ? 0 : -EPERM;
    default:
        return -EACCES;
    }
}

static int emu_statfs(const char *path, struct statvfs *st)
{
    (void)path;
    memset(st, 0, sizeof *st);
    /* The loop driver copies f_bsize into discard_granularity. */
    st->f_bsize = g.opt.granularity;
    st->f_frsize = g.opt.granularity;
    st->f_blocks = g.opt.size / g.opt.granularity;
    st->f_bfree = st->f_blocks;
    st->f_bavail = st->f_blocks;
    st->f_namemax = 255;
    return 0;
}

static int emu_fsync(const char *path, int datasync, struct fuse_file_info *fi)
{
    (void)fi;
    if (node_of(path) != NODE_DISK)
        return 0;
    return (datasync ? fdatasync(g.backing_fd) : fsync(g.backing_fd)) ? -errno : 0;
}

static const struct fuse_operations emu_ops = {
    .init = emu_init,
    .getattr = emu_getattr,
    .readdir = emu_readdir,
    .open = emu_open,
    .release = emu_release,
    .read = emu_read,
    .write = emu_write,
    .truncate = emu_truncate,
    .fallocate = emu_fallocate,
    .statfs = emu_statfs,
    .fsync = emu_fsync,
};

/* ---- options ---------------------------------------------------------------------------- */

enum {
    KEY_SIZE,
    KEY_GRANULARITY,
    KEY_HELP,
};

static const struct fuse_opt emu_opts[] = {
    FUSE_OPT_KEY("--size=", KEY_SIZE),
    FUSE_OPT_KEY("size=", KEY_SIZE),
    FUSE_OPT_KEY("--granularity=", KEY_GRANULARITY),
    FUSE_OPT_KEY("granularity=", KEY_GRANULARITY),
    FUSE_OPT_KEY("--help", KEY_HELP),
    FUSE_OPT_KEY("-h", KEY_HELP),
    FUSE_OPT_END,
};

static void usage(const char *prog)
{
    fprintf(stderr,
            "usage: %s [options] BACKING_DIR MOUNTPOINT [fuse options]\n"
            "  --size=BYTES  --granularity=BYTES (default 4096)\n"
            "  model (any key of the /control model command, dashes or underscores):\n"
            "  --mode=fixed|deferred|lowfree  --cmd-us=N  --per-mib-us=N  --small-below=BYTES\n"
            "  --small-extra-us=N  --defer-us-per-mib=N  --write-extra-us=N  --free-below=BYTES\n"
            "  --lowfree-us-per-mib=N  --write-us-per-mib=N  --read-us=N  --write-us=N\n"
            "  --blocking=serial|queued|fixed  --block-us=N\n"
            "  --jitter-pct=0..100  --pause-ppm=0..1000000  --pause-us=N  --seed=N\n"
            "  --noise-writes=0|1  --noise-reads=0|1  --empty-free=0|1\n",
            prog);
}

/* "--jitter-pct=15" (command line) or "jitter_pct=15" (-o): a model key, or not ours (1). */
static int model_option(const char *arg, struct model *m)
{
    char key[64];
    const char *name = strncmp(arg, "--", 2) == 0 ? arg + 2 : arg;
    const char *eq = strchr(name, '=');
    if (!eq || (size_t)(eq - name) >= sizeof key)
        return 1;
    size_t i = 0;
    for (; name + i < eq; ++i)
        key[i] = name[i] == '-' ? '_' : name[i];
    key[i] = '\0';
    const int rc = apply_model_word(key, eq + 1, m);
    if (rc == MODEL_WORD_UNKNOWN_KEY)
        return 1;
    if (rc == MODEL_WORD_BAD_VALUE) {
        fprintf(stderr, "trimscope-emudrive: bad value in '%s'\n", arg);
        return -1;
    }
    return 0;
}

static int opt_proc(void *data, const char *arg, int key, struct fuse_args *outargs)
{
    struct options *o = data;
    (void)outargs;
    if (key == FUSE_OPT_KEY_NONOPT) {
        if (o->nonopt_count++ == 0) {
            o->backing_dir = arg;
            return 0;
        }
        return 1; /* the mount point, for fuse_main */
    }
    if (key == FUSE_OPT_KEY_OPT)
        return model_option(arg, &o->model);
    if (key == KEY_HELP) {
        usage("trimscope-emudrive");
        return 1; /* let fuse_main print its options too */
    }
    const char *val = strchr(arg, '=') + 1;
    uint64_t *target = key == KEY_SIZE ? &o->size : &o->granularity;
    if (parse_u64(val, target, true)) {
        fprintf(stderr, "trimscope-emudrive: bad value in '%s'\n", arg);
        return -1;
    }
    return 0;
}

int main(int argc, char *argv[])
{
    struct fuse_args args = FUSE_ARGS_INIT(argc, argv);
    g.opt.granularity = 4096;
    g.opt.model.mode = MODEL_FIXED;
    g.opt.model.blocking = BLOCK_SERIAL;
    g.opt.model.seed = 1;
    if (fuse_opt_parse(&args, &g.opt, emu_opts, opt_proc) != 0)
        return 2;
    if (!g.opt.backing_dir) {
        usage(argv[0]);
        return 2;
    }
    const uint64_t gran = g.opt.granularity;
    if (gran < 512 || (gran & (gran - 1)) || g.opt.size == 0 || g.opt.size % 512) {
        fprintf(stderr, "trimscope-emudrive: --size must be a non-zero multiple of 512 and "
                        "--granularity a power of two >= 512\n");
        return 2;
    }
    g.epoch_ns = now_ns();
    g.opt.model.reseed = true;
    install_model(&g.opt.model);

    char img[4096];
    if (snprintf(img, sizeof img, "%s/disk.img", g.opt.backing_dir) >= (int)sizeof img)
        return 2;
    g.backing_fd = open(img, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (g.backing_fd < 0 || ftruncate(g.backing_fd, (off_t)g.opt.size) != 0) {
        perror(img);
        return 1;
    }

    /* Worker threads inherit the slack; the default 50 us would be added to every sleep. */
    prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);

    /* libfuse 3.14 warns about its own default otherwise; a later -o max_threads still wins. */
    if (fuse_opt_insert_arg(&args, 1, "-omax_threads=16") != 0)
        return 1;
    const int rc = fuse_main(args.argc, args.argv, &emu_ops, NULL);
    fuse_opt_free_args(&args);
    close(g.backing_fd);
    return rc;
}
