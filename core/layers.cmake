# The folders of core/ and, for each, the folders its files may include: the one place the
# layering is written down. Lower layers first; a folder may include only folders above it in
# this list. core/CMakeLists.txt adds the folders in this order, and tests/layering checks every
# #include of core/ against it (ctest -R layering). A new folder, or a new dependency, is a
# line here, stated and reviewed, not an include that happens to compile.
#
#   FOLDER     MAY INCLUDE
set(TRIMSCOPE_CORE_LAYERS
    "common"
    "device    common"
    "sweep     common device"
    "probe     common device sweep"
    "fsbench   common device"
    "recovery  common device sweep fsbench"
    "simulate  common device sweep probe fsbench recovery"
    "stall     common device sweep simulate recovery"
    "health    common device"
    "audit     common device"
    "watch     common device fsbench audit"
    "advice    common device sweep probe fsbench audit stall watch"
    "report    common device sweep probe fsbench recovery stall health audit advice watch"
    "jobs      common device sweep probe simulate fsbench recovery stall health audit advice report watch"
    "metrics   common device sweep health audit advice watch"
    "apply     common device audit advice report watch"
    "history   common device sweep simulate health audit watch metrics"
)
