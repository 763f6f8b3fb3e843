# CPack: a Debian package of everything `cmake --install` installs.
#   cmake -S . -B build -G Ninja && cmake --build build && (cd build && cpack -G DEB)
# The package installs under /usr whatever CMAKE_INSTALL_PREFIX was configured (the helper's
# activation file takes its Exec= path from the prefix at install time, so it stays right).
set(CPACK_PACKAGE_NAME trimscope)
set(CPACK_PACKAGE_VENDOR "The TrimScope authors")
set(CPACK_PACKAGE_CONTACT "The TrimScope authors <trimscope@users.noreply.github.com>")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_HOMEPAGE_URL "${PROJECT_HOMEPAGE_URL}")
set(CPACK_RESOURCE_FILE_LICENSE "${PROJECT_SOURCE_DIR}/LICENSE")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_GENERATOR DEB)
# RelWithDebInfo binaries carry ~40 MB of debug info; the package ships them stripped.
set(CPACK_STRIP_FILES ON)
set(CPACK_SOURCE_GENERATOR TXZ)
set(CPACK_SOURCE_IGNORE_FILES "/\\\\.git/" "/build.*/" "\\\\.user$")

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION admin)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# The first line of the Description: field is CPACK_PACKAGE_DESCRIPTION_SUMMARY; this is the body.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "TrimScope times how long an SSD takes to TRIM (discard) blocks
of every size, reads drive health and wear (ATA SMART, NVMe), audits whether TRIM reaches the drive
through the storage stack, and recommends online discard or a periodic fstrim.

This package holds the desktop application (trimscope), the command-line tool (trimscope-cli), the
drive history's collector (trimscope-history-record, run daily by trimscope-history.timer once
enabled) and the privileged D-Bus helper, authorized per call by polkit.")
# Library dependencies come from dpkg-shlibdeps; the helper needs the system bus and polkitd at
# run time; udisks2 is the Flatpak path and the GUI's fallback, hence only recommended, as are
# Qt's own translations (the buttons of standard dialogs).
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "dbus, polkitd")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "udisks2, qt6-translations-l10n")
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS OFF)
# No maintainer scripts: dbus-daemon and polkitd watch their directories (inotify) and pick up the
# bus policy, activation file and actions on their own; nothing is left to clean up on removal.

include(CPack)
