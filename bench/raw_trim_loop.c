/* The yardstick for bench/sweep-overhead: the least code that can time BLKDISCARD.
 * Reads "offset length" lines from stdin, discards each range on DEVICE in that order and
 * prints "length seconds" per discard. */
#include <fcntl.h>
#include <linux/fs.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: raw-trim-loop DEVICE < ranges\n");
        return 2;
    }
    int fd = open(argv[1], O_RDWR | O_EXCL | O_CLOEXEC);
    if (fd < 0) {
        perror(argv[1]);
        return 1;
    }
    unsigned long long offset = 0, length = 0;
    while (scanf("%llu %llu", &offset, &length) == 2) {
        uint64_t range[2] = {offset, length};
        struct timespec start, end;
        clock_gettime(CLOCK_MONOTONIC, &start);
        int rc = ioctl(fd, BLKDISCARD, range);
        clock_gettime(CLOCK_MONOTONIC, &end);
        if (rc != 0) {
            perror("BLKDISCARD");
            return 1;
        }
        printf("%llu %.9f\n", length,
               (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9);
    }
    close(fd);
    return 0;
}
