# For test scripts run as `cmake -D... -P script.cmake -- <command> <args...>`: sets `cmd` to the
# command line after the `--` (cmake itself would take options such as -N before it).
set(cmd "")
set(seen_separator FALSE)
math(EXPR last "${CMAKE_ARGC} - 1")
foreach(i RANGE 1 ${last})
  if(seen_separator)
    list(APPEND cmd "${CMAKE_ARGV${i}}")
  elseif("${CMAKE_ARGV${i}}" STREQUAL "--")
    set(seen_separator TRUE)
  endif()
endforeach()
