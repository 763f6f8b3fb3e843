/*
 * trimscope-emudrive: a FUSE file system whose one file, /disk.img, becomes a block device with a
 * TRIM latency we program. Attach it with `losetup -f --show --direct-io=off MNT/disk.img`: the
 * loop driver turns each discard into fallocate(PUNCH_HOLE | KEEP_SIZE) on that file, which lands
 * in emu_fallocate() below, where the latency model decides how long the "drive" is busy.
 *
 * Usage: trimscope-emudrive [options] BACKING_DIR MOUNTPOINT [fuse options]
 *   --size=BYTES            size of the disk (sparse BACKING_DIR/disk.img), K/M/G/T suffixes ok
 *   --granularity=BYTES     statfs f_bsize; the loop driver uses it as discard_granularity
 *   --cmd-us=N              fixed cost of one discard command
 *   --per-mib-us=N          cost per MiB discarded
 *   --small-below=BYTES     discards smaller than this ...
 *   --small-extra-us=N      ... cost this much more
 * Every option is also accepted as a mount option (-o size=...,cmd_us=...).
 *
 * Files: /disk.img (the disk), /stats (read-only, "key value" lines), /control (write-only, one
 * command per write: reset-stats | fail-discards-after N | fail-discards off |
 * model [mode=fixed|deferred] [cmd_us=N] [per_mib_us=N] [small_below=N] [small_extra_us=N]
 * [defer_us_per_mib=N] [write_extra_us=N]; keys left out keep their value).
 * Mode "deferred" models a drive that trims in the background: a discard still costs the fixed
 * model's time (set it small), but also adds defer_us_per_mib per MiB to a backlog of background
 * work that drains at wall-clock rate; every write that arrives while the backlog is not empty
 * costs write_extra_us more. "mode=fixed" drops the backlog.
 * fail-discards-after N lets N more discards succeed, then fails every later one with EIO,
 * without sleeping, until "fail-discards off".
 * Stats: discard_calls/discard_bytes count completed discards, failed_discards the refused
 * ones; discard_sleep_us_total is the modelled busy time (the real hole punch runs inside it);
 * slowed_writes counts writes that paid write_extra_us, backlog_us the background work still owed.
 */
#define FUSE_USE_VERSION 35
#define _GNU_SOURCE

#include <errno.h>
#include <fcntl.h>
#include <fuse.h>
#include <inttypes.h>
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

static const char DISK_PATH[] = "/disk.img";
static const char STATS_PATH[] = "/stats";
static const char CONTROL_PATH[] = "/control";

/*
 * The latency model. A mode selects how a discard (and later a write) is charged. Modes keep
 * their state here and are only touched under device_lock, so a mode may depend on history
 * (planned: "deferred", which answers TRIM at once but owes the work and slows writes until it is
 * paid off; "low-free", whose writes slow down as trimmed space runs out).
 */
enum model_mode { MODEL_FIXED, MODEL_DEFERRED };

struct model
{
    enum model_mode mode;
    uint64_t cmd_us;
    uint64_t per_mib_us;
    uint64_t small_below;
    uint64_t small_extra_us;
    uint64_t defer_us_per_mib; /* deferred: background work owed per MiB discarded */
    uint64_t write_extra_us;   /* deferred: extra cost of a write while work is owed */
    uint64_t backlog_until_ns; /* deferred: when the owed work is done (state, not a setting) */
};

static uint64_t per_mib_cost_ns(uint64_t per_mib_us, uint64_t len)
{
    /* Split len so per_mib_ns * len cannot overflow 64 bits for multi-GiB discards. */
    const uint64_t per_mib_ns = per_mib_us * NS_PER_US;
    return per_mib_ns * (len / MIB) + per_mib_ns * (len % MIB) / MIB;
}

/* How long the device is busy with one discard of len bytes, starting at now_ns. */
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

/* How long a write of len bytes is delayed: only while a deferring drive still owes work. */
static uint64_t model_write_ns(const struct model *m, uint64_t len, uint64_t now_ns)
{
    (void)len;
    if (m->mode == MODEL_DEFERRED && now_ns < m->backlog_until_ns)
        return m->write_extra_us * NS_PER_US;
    return 0;
}

struct options
{
    const char *backing_dir;
    int nonopt_count;
    uint64_t size;
    uint64_t granularity;
    struct model model;
};

static struct
{
    struct options opt;
    int backing_fd;
    /* One device queue: discards (and modelled writes) are served one at a time. */
    pthread_mutex_t device_lock;
    struct model model;  /* under device_lock */
    bool fail_armed;     /* under device_lock */
    uint64_t fail_after; /* under device_lock; discards still allowed to succeed */
    /* Counters are atomics so /stats never waits for a sleeping discard. */
    atomic_uint_fast64_t discard_calls, discard_bytes, discard_sleep_us_total;
    atomic_uint_fast64_t write_calls, write_bytes, read_calls, failed_discards, slowed_writes;
    atomic_uint_fast64_t backlog_until_ns; /* copy of model.backlog_until_ns for /stats */
} g = {.backing_fd = -1, .device_lock = PTHREAD_MUTEX_INITIALIZER};

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

/* Delays the device queue without holding it longer than needed: caller holds device_lock. */
static void busy_until(uint64_t start_ns, uint64_t cost_ns)
{
    if (cost_ns)
        sleep_until_ns(start_ns + cost_ns);
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
        const char *val = eq + 1;
        int rc = 0;
        if (strcmp(w, "mode") == 0) {
            if (strcmp(val, "fixed") == 0) {
                next.mode = MODEL_FIXED;
                next.backlog_until_ns = 0;
            } else if (strcmp(val, "deferred") == 0)
                next.mode = MODEL_DEFERRED;
            else
                rc = -1;
        } else if (strcmp(w, "cmd_us") == 0)
            rc = parse_u64(val, &next.cmd_us, false);
        else if (strcmp(w, "per_mib_us") == 0)
            rc = parse_u64(val, &next.per_mib_us, false);
        else if (strcmp(w, "small_below") == 0)
            rc = parse_u64(val, &next.small_below, true);
        else if (strcmp(w, "small_extra_us") == 0)
            rc = parse_u64(val, &next.small_extra_us, false);
        else if (strcmp(w, "defer_us_per_mib") == 0)
            rc = parse_u64(val, &next.defer_us_per_mib, false);
        else if (strcmp(w, "write_extra_us") == 0)
            rc = parse_u64(val, &next.write_extra_us, false);
        else
            rc = -1;
        if (rc)
            return -1;
    }
    *m = next;
    return 0;
}

/* ---- file system ------------------------------------------------------------------------ */

enum node { NODE_NONE, NODE_ROOT, NODE_DISK, NODE_STATS, NODE_CONTROL };

static enum node node_of(const char *path)
{
    if (strcmp(path, "/") == 0)
        return NODE_ROOT;
    if (strcmp(path, DISK_PATH) == 0)
        return NODE_DISK;
    if (strcmp(path, STATS_PATH) == 0)
        return NODE_STATS;
    if (strcmp(path, CONTROL_PATH) == 0)
        return NODE_CONTROL;
    return NODE_NONE;
}

static void *emu_init(struct fuse_conn_info *conn, struct fuse_config *cfg)
{
    (void)conn;
    /* Nothing here changes behind the kernel's back except /stats, which is direct_io. */
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
    fill(buf, CONTROL_PATH + 1, NULL, 0, 0);
    return 0;
}

struct stats_snapshot
{
    size_t len;
    char text[512];
};

static int emu_open(const char *path, struct fuse_file_info *fi)
{
    const int acc = fi->flags & O_ACCMODE;
    switch (node_of(path)) {
    case NODE_DISK:
        return 0;
    case NODE_STATS: {
        if (acc != O_RDONLY)
            return -EACCES;
        /* Snapshot at open so one reader sees one consistent set of counters. */
        struct stats_snapshot *s = malloc(sizeof *s);
        if (!s)
            return -ENOMEM;
        const uint64_t until = atomic_load(&g.backlog_until_ns), now = now_ns();
        const uint64_t backlog_us = until > now ? (until - now) / NS_PER_US : 0;
        const int n =
            snprintf(s->text, sizeof s->text,
                     "discard_calls %" PRIuFAST64 "\ndiscard_bytes %" PRIuFAST64
                     "\ndiscard_sleep_us_total %" PRIuFAST64 "\nwrite_calls %" PRIuFAST64
                     "\nwrite_bytes %" PRIuFAST64 "\nread_calls %" PRIuFAST64
                     "\nfailed_discards %" PRIuFAST64 "\nslowed_writes %" PRIuFAST64
                     "\nbacklog_us %" PRIu64 "\n",
                     atomic_load(&g.discard_calls), atomic_load(&g.discard_bytes),
                     atomic_load(&g.discard_sleep_us_total), atomic_load(&g.write_calls),
                     atomic_load(&g.write_bytes), atomic_load(&g.read_calls),
                     atomic_load(&g.failed_discards), atomic_load(&g.slowed_writes), backlog_us);
        s->len = n < 0 ? 0 : (size_t)n;
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
    if (node_of(path) == NODE_STATS)
        free((void *)(uintptr_t)fi->fh);
    return 0;
}

static int emu_read(const char *path, char *buf, size_t size, off_t off, struct fuse_file_info *fi)
{
    switch (node_of(path)) {
    case NODE_DISK: {
        atomic_fetch_add(&g.read_calls, 1);
        const ssize_t n = pread(g.backing_fd, buf, size, off);
        return n < 0 ? -errno : (int)n;
    }
    case NODE_STATS: {
        const struct stats_snapshot *s = (const struct stats_snapshot *)(uintptr_t)fi->fh;
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

static int handle_control(const char *cmd_in, size_t size)
{
    char cmd[256];
    if (size >= sizeof cmd)
        return -EINVAL;
    memcpy(cmd, cmd_in, size);
    cmd[size] = '\0';
    while (size && (cmd[size - 1] == '\n' || cmd[size - 1] == ' '))
        cmd[--size] = '\0';

    if (strcmp(cmd, "reset-stats") == 0) {
        atomic_store(&g.discard_calls, 0);
        atomic_store(&g.discard_bytes, 0);
        atomic_store(&g.discard_sleep_us_total, 0);
        atomic_store(&g.write_calls, 0);
        atomic_store(&g.write_bytes, 0);
        atomic_store(&g.read_calls, 0);
        atomic_store(&g.failed_discards, 0);
        atomic_store(&g.slowed_writes, 0);
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
        const int rc = parse_model_words(cmd + sizeof model_cmd - 1, &g.model);
        atomic_store(&g.backlog_until_ns, g.model.backlog_until_ns);
        pthread_mutex_unlock(&g.device_lock);
        return rc ? -EINVAL : 0;
    }
    return -EINVAL;
}

static int emu_write(const char *path, const char *buf, size_t size, off_t off,
                     struct fuse_file_info *fi)
{
    (void)fi;
    switch (node_of(path)) {
    case NODE_DISK: {
        atomic_fetch_add(&g.write_calls, 1);
        atomic_fetch_add(&g.write_bytes, size);
        pthread_mutex_lock(&g.device_lock);
        const uint64_t start = now_ns();
        const uint64_t cost = model_write_ns(&g.model, size, start);
        if (cost)
            atomic_fetch_add(&g.slowed_writes, 1);
        const ssize_t n = pwrite(g.backing_fd, buf, size, off);
        const int err = errno;
        busy_until(start, cost);
        pthread_mutex_unlock(&g.device_lock);
        return n < 0 ? -err : (int)n;
    }
    case NODE_CONTROL: {
        const int rc = handle_control(buf, size);
        return rc ? rc : (int)size;
    }
    default:
        return -EACCES;
    }
}

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
    const uint64_t start = now_ns();
    const uint64_t cost = model_discard_ns(&g.model, (uint64_t)len, start);
    atomic_store(&g.backlog_until_ns, g.model.backlog_until_ns);
    const int rc = fallocate(g.backing_fd, mode, off, len) ? -errno : 0;
    busy_until(start, cost);
    pthread_mutex_unlock(&g.device_lock);

    if (rc) {
        atomic_fetch_add(&g.failed_discards, 1);
        return rc;
    }
    atomic_fetch_add(&g.discard_calls, 1);
    atomic_fetch_add(&g.discard_bytes, (uint64_t)len);
    atomic_fetch_add(&g.discard_sleep_us_total, cost / NS_PER_US);
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
    KEY_CMD_US,
    KEY_PER_MIB_US,
    KEY_SMALL_BELOW,
    KEY_SMALL_EXTRA_US,
    KEY_HELP,
};

static const struct fuse_opt emu_opts[] = {
    FUSE_OPT_KEY("--size=", KEY_SIZE),
    FUSE_OPT_KEY("size=", KEY_SIZE),
    FUSE_OPT_KEY("--granularity=", KEY_GRANULARITY),
    FUSE_OPT_KEY("granularity=", KEY_GRANULARITY),
    FUSE_OPT_KEY("--cmd-us=", KEY_CMD_US),
    FUSE_OPT_KEY("cmd_us=", KEY_CMD_US),
    FUSE_OPT_KEY("--per-mib-us=", KEY_PER_MIB_US),
    FUSE_OPT_KEY("per_mib_us=", KEY_PER_MIB_US),
    FUSE_OPT_KEY("--small-below=", KEY_SMALL_BELOW),
    FUSE_OPT_KEY("small_below=", KEY_SMALL_BELOW),
    FUSE_OPT_KEY("--small-extra-us=", KEY_SMALL_EXTRA_US),
    FUSE_OPT_KEY("small_extra_us=", KEY_SMALL_EXTRA_US),
    FUSE_OPT_KEY("--help", KEY_HELP),
    FUSE_OPT_KEY("-h", KEY_HELP),
    FUSE_OPT_END,
};

static void usage(const char *prog)
{
    fprintf(stderr,
            "usage: %s [options] BACKING_DIR MOUNTPOINT [fuse options]\n"
            "  --size=BYTES  --granularity=BYTES (default 4096)\n"
            "  --cmd-us=N  --per-mib-us=N  --small-below=BYTES  --small-extra-us=N\n",
            prog);
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
        return 1;
    if (key == KEY_HELP) {
        usage("trimscope-emudrive");
        return 1; /* let fuse_main print its options too */
    }
    const char *val = strchr(arg, '=') + 1;
    uint64_t *target = NULL;
    bool suffix = false;
    switch (key) {
    case KEY_SIZE:
        target = &o->size;
        suffix = true;
        break;
    case KEY_GRANULARITY:
        target = &o->granularity;
        suffix = true;
        break;
    case KEY_CMD_US:
        target = &o->model.cmd_us;
        break;
    case KEY_PER_MIB_US:
        target = &o->model.per_mib_us;
        break;
    case KEY_SMALL_BELOW:
        target = &o->model.small_below;
        suffix = true;
        break;
    case KEY_SMALL_EXTRA_US:
        target = &o->model.small_extra_us;
        break;
    default:
        return 1;
    }
    if (parse_u64(val, target, suffix)) {
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
    g.model = g.opt.model;

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
