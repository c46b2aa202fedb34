# The page installed: `cmake --install` of the page's build puts grundy.html under
# share/grundy/page, and the Python module installed into the same prefix (from the native build)
# names it: grundy.page(). Arguments: PAGE_BUILD, NATIVE_BUILD, PYTHON, WORK_DIR.
file(REMOVE_RECURSE "${WORK_DIR}")
set(prefix "${WORK_DIR}/prefix")

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}\n${out}\n${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
  set(err "${err}" PARENT_SCOPE)
endfunction()

run("${CMAKE_COMMAND}" --install "${PAGE_BUILD}" --prefix "${prefix}")
set(page "${prefix}/share/grundy/page/grundy.html")
if(NOT EXISTS "${page}")
  message(FATAL_ERROR "not installed: share/grundy/page/grundy.html")
endif()
file(SHA256 "${page}" installed)
file(SHA256 "${PAGE_BUILD}/web/grundy.html" built)
if(NOT installed STREQUAL built)
  message(FATAL_ERROR "the installed page differs from the built one")
endif()

if(NOT EXISTS "${NATIVE_BUILD}/CMakeCache.txt")
  message(FATAL_ERROR "no native build in ${NATIVE_BUILD} (cmake --preset release first)")
endif()
run("${CMAKE_COMMAND}" --install "${NATIVE_BUILD}" --prefix "${prefix}")
file(GLOB module "${prefix}/lib/python3/dist-packages/grundy*.so")
if(NOT module)
  message(FATAL_ERROR "the native build installed no Python module")
endif()
run(env -u LD_LIBRARY_PATH "PYTHONPATH=${prefix}/lib/python3/dist-packages"
    "${PYTHON}" -c "import grundy, os\nprint(os.path.realpath(grundy.page()))")
file(REAL_PATH "${page}" expected)
if(NOT out STREQUAL "${expected}\n")
  message(FATAL_ERROR "grundy.page() is '${out}', not '${expected}'")
endif()

# Without the page the module says where it looked and how to install it.
file(REMOVE "${page}")
execute_process(COMMAND env -u LD_LIBRARY_PATH "PYTHONPATH=${prefix}/lib/python3/dist-packages"
                        "${PYTHON}" -c "import grundy\ngrundy.page()"
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(rc EQUAL 0 OR NOT err MATCHES "FileNotFoundError: the page is not installed")
  message(FATAL_ERROR "grundy.page() without the page: ${rc}\n${err}")
endif()
