# Installs the build tree into a fresh prefix, builds tests/install/consumer against the installed
# package with find_package(grundy), runs it, and runs the installed command without
# LD_LIBRARY_PATH (so both RPATHs are checked). Arguments: BUILD_DIR, CONSUMER_DIR, WORK_DIR,
# GENERATOR, and PYTHON (empty when the Python module is not built) with PYTHON_DIR.
file(REMOVE_RECURSE "${WORK_DIR}")
set(prefix "${WORK_DIR}/prefix")

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}\n${out}\n${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

run("${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${prefix}")
foreach(f bin/grundy include/grundy/grundy.hpp)
  if(NOT EXISTS "${prefix}/${f}")
    message(FATAL_ERROR "not installed: ${f}")
  endif()
endforeach()

run("${CMAKE_COMMAND}" -S "${CONSUMER_DIR}" -B "${WORK_DIR}/consumer" -G "${GENERATOR}"
    -DCMAKE_BUILD_TYPE=Release "-DCMAKE_PREFIX_PATH=${prefix}")
run("${CMAKE_COMMAND}" --build "${WORK_DIR}/consumer")
# Kayles (0.77), OEIS A002186: 0 1 2 3 1 4 3 2 1 4 2 6 4.
run("${WORK_DIR}/consumer/consumer")
if(NOT out STREQUAL "0.77 0 1 2 3 1 4 3 2 1 4 2 6 4\n")
  message(FATAL_ERROR "consumer printed '${out}'")
endif()

run(env -u LD_LIBRARY_PATH "${prefix}/bin/grundy" value kayles 11 --no-cache)
if(NOT out STREQUAL "6\n")
  message(FATAL_ERROR "installed grundy printed '${out}'")
endif()

if(PYTHON)
  run(env -u LD_LIBRARY_PATH "PYTHONPATH=${prefix}/${PYTHON_DIR}" GRUNDY_CACHE_DIR=${WORK_DIR}/cache
      "${PYTHON}" -c "import grundy\nprint(grundy.value('kayles', 11))")
  if(NOT out STREQUAL "6\n")
    message(FATAL_ERROR "installed Python module printed '${out}'")
  endif()
endif()
file(REMOVE_RECURSE "${WORK_DIR}")
