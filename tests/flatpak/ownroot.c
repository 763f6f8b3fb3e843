// ownroot COMMAND ARGS...: runs COMMAND (as root) with this chroot as the root of a mount
// namespace of its own.
//
// The kernel gives no user namespace to a chrooted process (create_user_ns: current_chrooted()),
// so an unprivileged bubblewrap cannot make a sandbox inside a chroot such as CI's Debian roots,
// and Debian 13's bubblewrap refuses to run setuid. A process whose root is the top of its mount
// namespace's root is not "chrooted": in a private mount namespace this climbs out of the chroot
// (root may), moves the chroot's mount onto the namespace's root and chroots into it. The files
// seen are the same; nothing outside the new namespace changes. The chroot directory has to be a
// mount point (CI bind-mounts it onto itself). Exit 127 when a step fails.
#define _GNU_SOURCE
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

static int fail(const char *what)
{
    perror(what);
    return 127;
}

int main(int argc, char *argv[])
{
    if (argc < 2) {
        fprintf(stderr, "usage: ownroot COMMAND [ARGS...]\n");
        return 2;
    }
    if (unshare(CLONE_NEWNS) != 0)
        return fail("ownroot: unshare(CLONE_NEWNS)");
    const int chrootDir = open("/", O_PATH | O_DIRECTORY);
    if (chrootDir < 0)
        return fail("ownroot: open /");
    // Out of the chroot: root somewhere below it, then climb from the old root's directory.
    const char *jail = "/tmp/.ownroot-jail";
    mkdir(jail, 0700);
    if (chroot(jail) != 0 || fchdir(chrootDir) != 0)
        return fail("ownroot: leave the chroot");
    for (int i = 0; i < 256; ++i) {
        if (chdir("..") != 0)
            return fail("ownroot: chdir ..");
    }
    if (chroot(".") != 0)
        return fail("ownroot: chroot to the namespace's root");
    if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0)
        return fail("ownroot: make / private");
    // Where the chroot is, seen from the namespace's root; move its mount onto /.
    char path[PATH_MAX];
    char link[64];
    snprintf(link, sizeof link, "/proc/self/fd/%d", chrootDir);
    const ssize_t length = readlink(link, path, sizeof path - 1);
    if (length <= 0)
        return fail("ownroot: readlink the chroot");
    path[length] = '\0';
    char jailPath[PATH_MAX + 32];
    snprintf(jailPath, sizeof jailPath, "%s%s", path, jail);
    rmdir(jailPath); // best effort
    if (chdir(path) != 0 || mount(".", "/", NULL, MS_MOVE, NULL) != 0)
        return fail("ownroot: move the chroot onto /");
    if (chroot(".") != 0 || chdir("/") != 0)
        return fail("ownroot: chroot into it");
    close(chrootDir);
    execvp(argv[1], argv + 1);
    return fail("ownroot: exec");
}
