# moodycamel ConcurrentQueue (libconcurrentqueue-dev) is header-only and has no CMake files.
find_path(CONCURRENTQUEUE_INCLUDE_DIR concurrentqueue/concurrentqueue.h)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(ConcurrentQueue REQUIRED_VARS CONCURRENTQUEUE_INCLUDE_DIR)
if(ConcurrentQueue_FOUND AND NOT TARGET moodycamel::concurrentqueue)
  add_library(moodycamel::concurrentqueue INTERFACE IMPORTED)
  set_target_properties(moodycamel::concurrentqueue PROPERTIES
                        INTERFACE_INCLUDE_DIRECTORIES "${CONCURRENTQUEUE_INCLUDE_DIR}")
endif()
