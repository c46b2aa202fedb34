# Installs the build tree into a fresh prefix, builds tests/install/consumer against the installed
# package with find_package(grundy), runs it, and runs the installed command without
# LD_LIBRARY_PATH (so both RPATHs are checked). Then builds and runs the tutorial program
# (examples/tutorial) the same way, compares its output with its expected_output.txt, and checks
# that docs/tutorial.md quotes the program and the output exactly. Arguments: BUILD_DIR,
# CONSUMER_DIR, TUTORIAL_DIR, TUTORIAL_DOC, WORK_DIR, GENERATOR, and PYTHON (empty when the
# Python module is not built) with PYTHON_DIR.
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

run("${CMAKE_COMMAND}" -S "${TUTORIAL_DIR}" -B "${WORK_DIR}/tutorial" -G "${GENERATOR}"
    -DCMAKE_BUILD_TYPE=Release "-DCMAKE_PREFIX_PATH=${prefix}")
run("${CMAKE_COMMAND}" --build "${WORK_DIR}/tutorial")
run("${WORK_DIR}/tutorial/divisor_game")
file(READ "${TUTORIAL_DIR}/expected_output.txt" expected)
if(NOT out STREQUAL expected)
  message(FATAL_ERROR "the tutorial program printed\n${out}\ninstead of\n${expected}")
endif()
file(READ "${TUTORIAL_DOC}" doc)
file(READ "${TUTORIAL_DIR}/divisor_game.cpp" source)
foreach(quoted source expected)
  string(FIND "${doc}" "${${quoted}}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${TUTORIAL_DOC} does not quote the tutorial's ${quoted} exactly")
  endif()
endforeach()

if(PYTHON)
  run(env -u LD_LIBRARY_PATH "PYTHONPATH=${prefix}/${PYTHON_DIR}" GRUNDY_CACHE_DIR=${WORK_DIR}/cache
      "${PYTHON}" -c "import grundy\nprint(grundy.value('kayles', 11))")
  if(NOT out STREQUAL "6\n")
    message(FATAL_ERROR "installed Python module printed '${out}'")
  endif()
  if(NOT EXISTS "${prefix}/${PYTHON_DIR}/grundy.pyi")
    message(FATAL_ERROR "no type hints (grundy.pyi) beside the installed Python module")
  endif()
endif()
file(REMOVE_RECURSE "${WORK_DIR}")
