# Installs the current build into a fresh prefix under the build tree and uses it as an outside
# user would, with nothing from the source tree but token_ring.cpp:
#   1. find_package(weft) + weft::weft builds apps/examples/token_ring.cpp; it prints its line;
#   2. the same program built with `pkg-config --cflags --libs weft` only;
#   3. every installed header compiles on its own include root, and none names CAF or Boost;
#   4. <prefix>/bin/weft finds the presets installed beside it, not the source tree's, and
#      without them says where it looked.
#   cmake -DBUILD_DIR=... -DSOURCE_DIR=... -DWORK_DIR=... -DGENERATOR=... -DCXX=... [-DCXX_LAUNCHER=...]
#         [-DSANITIZE=address,undefined] -P check_install.cmake
# A sanitizer build installs instrumented libraries: the outside program is built with the same
# -fsanitize (the sanitizer runtime must come first in the program's libraries).
set(prefix "${WORK_DIR}/prefix")
set(expected "status ok, makespan 281.872 us\n")
set(sanitize "")
if(SANITIZE)
  set(sanitize "-fsanitize=${SANITIZE}")
endif()

# Runs a command (nothing from the caller's WEFT_PRESET_PATH), fails the test on a non-zero exit.
function(run out_var)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=WEFT_PRESET_PATH ${ARGN}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 100)
  if(NOT rc STREQUAL "0")
    string(REPLACE ";" " " shown "${ARGN}")
    message(FATAL_ERROR "`${shown}` exited with ${rc}:\n${out}${err}")
  endif()
  set(${out_var} "${out}" PARENT_SCOPE)
endfunction()

function(expect_equal what actual wanted)
  if(NOT actual STREQUAL wanted)
    message(FATAL_ERROR "${what}: got\n${actual}expected\n${wanted}")
  endif()
endfunction()

file(REMOVE_RECURSE "${prefix}" "${WORK_DIR}/outside")
run(ignored ${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${prefix}")

# 1. CMake: find_package(weft) from the prefix only (no user or system package registry).
set(launcher "")
if(CXX_LAUNCHER)
  set(launcher "-DCMAKE_CXX_COMPILER_LAUNCHER=${CXX_LAUNCHER}")
endif()
run(ignored ${CMAKE_COMMAND} -S "${CMAKE_CURRENT_LIST_DIR}/outside_project" -B "${WORK_DIR}/outside"
    -G "${GENERATOR}" "-DCMAKE_CXX_COMPILER=${CXX}" ${launcher} -DCMAKE_BUILD_TYPE=Release
    "-DCMAKE_CXX_FLAGS=${sanitize}"
    "-DCMAKE_PREFIX_PATH=${prefix}" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF
    -DCMAKE_FIND_USE_SYSTEM_PACKAGE_REGISTRY=OFF "-DTOKEN_RING_SOURCE=${SOURCE_DIR}/apps/examples/token_ring.cpp")
file(STRINGS "${WORK_DIR}/outside/CMakeCache.txt" weft_dir REGEX "^weft_DIR:")
if(NOT weft_dir MATCHES "=${prefix}/")
  message(FATAL_ERROR "find_package(weft) found ${weft_dir}, not the prefix ${prefix}")
endif()
run(ignored ${CMAKE_COMMAND} --build "${WORK_DIR}/outside")
run(out "${WORK_DIR}/outside/token_ring")
expect_equal("token_ring built with find_package(weft)" "${out}" "${expected}")

# 2. pkg-config, if the host has it: the flags alone build and link the program.
find_program(PKG_CONFIG pkg-config)
if(PKG_CONFIG)
  file(GLOB_RECURSE pc_file "${prefix}/weft.pc")
  get_filename_component(pc_dir "${pc_file}" DIRECTORY)
  set(pkg_config ${CMAKE_COMMAND} -E env PKG_CONFIG_PATH=${pc_dir} ${PKG_CONFIG})
  run(flags ${pkg_config} --cflags --libs weft)
  separate_arguments(flags UNIX_COMMAND "${flags}")
  run(libdir ${pkg_config} --variable=libdir weft)
  string(STRIP "${libdir}" libdir)
  run(ignored ${CXX_LAUNCHER} ${CXX} -std=c++20 ${sanitize} "${SOURCE_DIR}/apps/examples/token_ring.cpp" ${flags}
      "-Wl,-rpath,${libdir}" -o "${WORK_DIR}/outside/token_ring_pkg_config")
  run(out "${WORK_DIR}/outside/token_ring_pkg_config")
  expect_equal("token_ring built with pkg-config" "${out}" "${expected}")
endif()

# 3. Headers: all of them in one translation unit, on the prefix's include root alone.
file(GLOB_RECURSE headers RELATIVE "${prefix}/include" "${prefix}/include/*")
set(all_headers "")
foreach(h IN LISTS headers)
  file(STRINGS "${prefix}/include/${h}" private_includes REGEX "#include [<\"](caf|boost|hwloc|concurrentqueue)/")
  if(private_includes)
    message(FATAL_ERROR "installed header ${h} includes a private dependency: ${private_includes}")
  endif()
  string(APPEND all_headers "#include <${h}>\n")
endforeach()
file(WRITE "${WORK_DIR}/outside/all_headers.cpp" "${all_headers}")
run(ignored ${CXX_LAUNCHER} ${CXX} -std=c++20 -fsyntax-only "-I${prefix}/include"
    "${WORK_DIR}/outside/all_headers.cpp")

# 4. The installed CLI and its presets.
run(out "${prefix}/bin/weft" machines)
if(NOT out MATCHES "ha-pacs-tca  " OR NOT out MATCHES "ha-pacs-ib  ")
  message(FATAL_ERROR "installed `weft machines` does not list the presets:\n${out}")
endif()
run(out "${prefix}/bin/weft" machines ha-pacs-tca)
if(NOT out MATCHES "file +${prefix}/share/weft/presets/ha-pacs-tca.toml\n")
  message(FATAL_ERROR "installed `weft machines ha-pacs-tca` did not read the installed preset:\n${out}")
endif()
run(out "${prefix}/bin/weft" coll -m ha-pacs-tca --sizes 8B --procs 16)
if(NOT out MATCHES "ha-pacs-tca")
  message(FATAL_ERROR "installed `weft coll -m ha-pacs-tca` printed no result:\n${out}")
endif()

# Without its presets folder the installed CLI says where it looked (and not in the source tree).
file(REMOVE_RECURSE "${prefix}/share/weft/presets")
execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=WEFT_PRESET_PATH "${prefix}/bin/weft" machines
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 100)
set(wanted "weft: error: no machine presets found (searched: ${prefix}/share/weft/presets); set WEFT_PRESET_PATH to a folder of preset .toml files\n")
if(NOT rc STREQUAL "2" OR NOT err STREQUAL wanted)
  message(FATAL_ERROR "installed `weft machines` without presets: exit ${rc}, expected 2\n${out}${err}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=WEFT_PRESET_PATH "${prefix}/bin/weft" machines ha-pacs-tca
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 100)
set(wanted "weft: error: unknown machine preset 'ha-pacs-tca' (no presets found in ${prefix}/share/weft/presets)\n")
if(NOT rc STREQUAL "2" OR NOT err STREQUAL wanted)
  message(FATAL_ERROR "installed `weft machines ha-pacs-tca` without presets: exit ${rc}, expected 2\n${out}${err}")
endif()
