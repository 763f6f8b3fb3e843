# Sourced by the QEMU guest's script when tst_helpercrypt runs in a guest (this machine's kernel
# has no device-mapper; tests/realkernel/guest-init.sh boots Debian's kernel, which has): loads
# what dm-crypt needs, gives PlainLoop its /dev/shm, and runs the test binary again, as root in
# the host's root shared read-only. The guest's own modprobe (the kernel's request_module) only
# knows the initramfs, so every module a LUKS2 device asks for is loaded here first; a module
# built into the kernel or missing is not an error (the test says what is missing).
# Set by the host: OUT (the read-write share), TEST (the binary), MODULES_ROOT, REQUIRE.
set -u
export MODPROBE_OPTIONS="-d $MODULES_ROOT"
for module in loop dm_mod dm_crypt xts aesni_intel aes_generic af_alg algif_skcipher algif_hash \
    essiv sha256_generic; do
    modprobe "$module" 2>>"$OUT/modprobe.err"
done
mkdir -p /dev/shm && mount -t tmpfs tmpfs /dev/shm
export TRIMSCOPE_CRYPT_TEST_IN_GUEST=1 HOME=/run
if [ -n "$REQUIRE" ]; then export TRIMSCOPE_REQUIRE_PRIVILEGED_TESTS=1; fi
"$TEST" >"$OUT/test.out" 2>&1
echo $? >"$OUT/test.rc"
