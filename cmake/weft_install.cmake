# `cmake --install` (docs/install.md): the weft CLI, every weft_* library with its headers under
# one include root, the presets, weftConfig.cmake and weft.pc. Libraries are collected by name
# from the source folders, so a new module's library is installed without a line here.
include(CMakePackageConfigHelpers)

# Every library target named weft_* defined in `dir` or below, outside the folders of tests,
# benchmarks and fuzzers (whose helper libraries are not weft's).
function(weft_collect_libraries dir out)
  file(RELATIVE_PATH where "${PROJECT_SOURCE_DIR}" "${dir}")
  if(where MATCHES "^(tests|bench|fuzz)(/|$)")
    set(${out} "" PARENT_SCOPE)
    return()
  endif()
  get_directory_property(targets DIRECTORY "${dir}" BUILDSYSTEM_TARGETS)
  set(found "")
  foreach(t IN LISTS targets)
    get_target_property(type ${t} TYPE)
    if(t MATCHES "^weft_" AND type MATCHES "LIBRARY$")
      list(APPEND found ${t})
    endif()
  endforeach()
  get_directory_property(subdirs DIRECTORY "${dir}" SUBDIRECTORIES)
  foreach(sub IN LISTS subdirs)
    weft_collect_libraries("${sub}" below)
    list(APPEND found ${below})
  endforeach()
  set(${out} ${found} PARENT_SCOPE)
endfunction()
weft_collect_libraries("${PROJECT_SOURCE_DIR}" weft_libraries)

# weft::weft: everything a PE program needs (PE API, machine::run, presets, collectives, the
# algorithm libraries). The finer targets are exported as weft::framework, weft::runtime, ...
add_library(weft_all INTERFACE)
set_target_properties(weft_all PROPERTIES EXPORT_NAME weft)
target_link_libraries(weft_all INTERFACE ${weft_libraries})
add_library(weft::weft ALIAS weft_all)

set(weft_shared_libraries "")
foreach(lib IN LISTS weft_libraries)
  string(REGEX REPLACE "^weft_" "" short ${lib})
  set_target_properties(${lib} PROPERTIES EXPORT_NAME ${short})
  get_target_property(type ${lib} TYPE)
  if(type STREQUAL "SHARED_LIBRARY")
    # 0.x: any minor version may change the ABI.
    set_target_properties(${lib} PROPERTIES VERSION ${PROJECT_VERSION}
                          SOVERSION ${PROJECT_VERSION_MAJOR}.${PROJECT_VERSION_MINOR})
    list(APPEND weft_shared_libraries ${lib})
  endif()
  # Each module's include/ holds a weft/ tree; they all merge into <prefix>/include/weft. The
  # engine's and runtime's internals (include/weft/detail: message pool, PE state, fiber stacks,
  # which see moodycamel and Boost.Context) stay in the build; a module's own detail folder
  # (weft/coll/detail) is part of its public headers and is installed.
  get_target_property(include_dirs ${lib} INTERFACE_INCLUDE_DIRECTORIES)
  set(build_dirs "")
  foreach(dir IN LISTS include_dirs)
    if(IS_ABSOLUTE "${dir}" AND IS_DIRECTORY "${dir}/weft")
      install(DIRECTORY "${dir}/weft" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}"
              REGEX "/include/weft/detail$" EXCLUDE)
    endif()
    list(APPEND build_dirs "$<BUILD_INTERFACE:${dir}>")
  endforeach()
  if(include_dirs)
    set_target_properties(${lib} PROPERTIES INTERFACE_INCLUDE_DIRECTORIES
                          "${build_dirs};$<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>")
  endif()
endforeach()

install(TARGETS weft)
install(TARGETS ${weft_libraries} weft_all EXPORT weftTargets)
install(EXPORT weftTargets NAMESPACE weft:: DESTINATION "${CMAKE_INSTALL_LIBDIR}/cmake/weft")
configure_package_config_file(cmake/weftConfig.cmake.in "${PROJECT_BINARY_DIR}/weftConfig.cmake"
                              INSTALL_DESTINATION "${CMAKE_INSTALL_LIBDIR}/cmake/weft")
write_basic_package_version_file("${PROJECT_BINARY_DIR}/weftConfigVersion.cmake" COMPATIBILITY SameMinorVersion)
install(FILES "${PROJECT_BINARY_DIR}/weftConfig.cmake" "${PROJECT_BINARY_DIR}/weftConfigVersion.cmake"
        DESTINATION "${CMAKE_INSTALL_LIBDIR}/cmake/weft")

# weft.pc, relocatable: the prefix is computed from where pkg-config found the file.
file(RELATIVE_PATH pc_to_prefix "${CMAKE_INSTALL_FULL_LIBDIR}/pkgconfig" "${CMAKE_INSTALL_PREFIX}")
string(REGEX REPLACE "/$" "" pc_to_prefix "${pc_to_prefix}")
list(TRANSFORM weft_shared_libraries PREPEND "-l" OUTPUT_VARIABLE weft_pc_libs)
list(JOIN weft_pc_libs " " weft_pc_libs)
configure_file(cmake/weft.pc.in "${PROJECT_BINARY_DIR}/weft.pc" @ONLY)
install(FILES "${PROJECT_BINARY_DIR}/weft.pc" DESTINATION "${CMAKE_INSTALL_LIBDIR}/pkgconfig")
