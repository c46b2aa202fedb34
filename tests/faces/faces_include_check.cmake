# The faces (the command, the Python module, the page's entry point) are thin: they parse
# arguments, call the engine and print. So their sources include, of the library, only the engine's headers
# (grundy/engine/...), the census built on it (grundy/census/...), the vocabulary of core (grundy/core/...: values, errors, nimbers, files)
# and the generated version header; never rules/, solve/, analysis/ or spec/ directly.
#
#   cmake -DFACES="dir;dir" [-DEXCEPT="file;file"] -P faces_include_check.cmake
#
# EXCEPT names files still waiting to move their logic into the engine (docs/architecture.md says
# which and why); the check fails on any other file that reaches past the engine.
cmake_minimum_required(VERSION 3.20)
set(offences "")
foreach(dir IN LISTS FACES)
  file(GLOB_RECURSE sources "${dir}/*.cpp" "${dir}/*.hpp")
  foreach(source IN LISTS sources)
    get_filename_component(name "${source}" NAME)
    if(name IN_LIST EXCEPT)
      continue()
    endif()
    file(STRINGS "${source}" includes REGEX "^[ \t]*#[ \t]*include[ \t]*[\"<]grundy/")
    foreach(line IN LISTS includes)
      if(NOT line MATCHES "grundy/(engine/|census/|core/|version\\.hpp)")
        string(APPEND offences "\n  ${source}: ${line}")
      endif()
    endforeach()
  endforeach()
endforeach()
if(offences)
  message(FATAL_ERROR "a face includes the library past the engine:${offences}")
endif()
message(STATUS "the faces include only the engine and core headers")
