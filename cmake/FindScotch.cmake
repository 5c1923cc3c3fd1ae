# Scotch (Debian: libscotch-dev) ships no CMake or pkg-config files. weft uses the distribution's
# default flavour: /usr/include/scotch/scotch.h with /usr/lib/<arch>/libscotch.so, where
# SCOTCH_Num is a C int (32 bits). The int64 flavour under scotch-int64/ has the same soname
# (libscotch-7.0.so), so a binary linked to it would load the 32-bit library at run time
# unless given an rpath: not worth it, weft scales its edge weights to fit instead
# (algorithms/mapping/src/scotch_mapping.cpp). libscotch.so needs libscotcherr (error printing).
find_path(SCOTCH_INCLUDE_DIR scotch.h PATH_SUFFIXES scotch)
find_library(SCOTCH_LIBRARY scotch)
find_library(SCOTCH_ERR_LIBRARY scotcherr)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(Scotch REQUIRED_VARS SCOTCH_LIBRARY SCOTCH_ERR_LIBRARY SCOTCH_INCLUDE_DIR)
if(Scotch_FOUND AND NOT TARGET Scotch::scotch)
  add_library(Scotch::scotch UNKNOWN IMPORTED)
  set_target_properties(Scotch::scotch PROPERTIES
                        IMPORTED_LOCATION "${SCOTCH_LIBRARY}"
                        INTERFACE_INCLUDE_DIRECTORIES "${SCOTCH_INCLUDE_DIR}"
                        INTERFACE_LINK_LIBRARIES "${SCOTCH_ERR_LIBRARY}")
endif()
