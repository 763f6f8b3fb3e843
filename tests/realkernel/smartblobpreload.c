/* Preloaded into udisksd in tst_historyudisks' guest (LD_PRELOAD): libatasmart's sk_disk_open()
 * of a device for which $TRIMSCOPE_SMART_BLOBS/<device name> exists opens that file as a
 * libatasmart blob (what `skdump --save` writes) instead of the device, so udisksd's SMART data of
 * an emulated drive is a recorded real drive's. Every other device, and sk_disk_open(NULL), reach
 * libatasmart unchanged.
 *
 * Why not udisks' own simulation (Drive.Ata.SmartUpdate with "atasmart_blob", which SmartSimulate
 * was): udisks 2.9.4 loads the blob and then opens the device anyway, reading the drive's own data
 * (udisks_linux_drive_ata_refresh_smart_sync); the values recorded were QEMU's, not the blob's. */
#define _GNU_SOURCE
#include <stddef.h> /* atasmart.h uses size_t without it */

#include <atasmart.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int sk_disk_open(const char *name, SkDisk **d)
{
    int (*real)(const char *, SkDisk **) = NULL;
    const char *dir = getenv("TRIMSCOPE_SMART_BLOBS");
    /* POSIX's way to take a function from dlsym() without ISO C's object-to-function cast. */
    *(void **)(&real) = dlsym(RTLD_NEXT, "sk_disk_open");
    if (real == NULL)
        return -1;
    if (name != NULL && dir != NULL) {
        const char *base = strrchr(name, '/');
        char path[4096];
        FILE *file;
        snprintf(path, sizeof path, "%s/%s", dir, base != NULL ? base + 1 : name);
        file = fopen(path, "rb");
        if (file != NULL) {
            /* A blob holds at most four tagged 512-byte records. */
            static char blob[4 * (8 + 512)];
            const size_t size = fread(blob, 1, sizeof blob, file);
            fclose(file);
            if (real(NULL, d) != 0)
                return -1;
            if (sk_disk_set_blob(*d, blob, size) != 0) {
                sk_disk_free(*d);
                *d = NULL;
                return -1;
            }
            return 0;
        }
    }
    return real(name, d);
}
