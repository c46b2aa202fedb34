# The census report in a real browser: writes the pages (census_report_page), then has headless
# Chromium check them (report_browser_test.py). Arguments: PAGE_TOOL, PYTHON, SCRIPT, WORK_DIR.
# The script's "skipped" line (Chromium or its driver missing) makes ctest report a skip
# (SKIP_REGULAR_EXPRESSION in tests/CMakeLists.txt).
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result)
  if(result EQUAL 77)
    message("census report browser test skipped (exit 77)")
    return()
  endif()
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "failed (${result}): ${ARGN}")
  endif()
endfunction()

# The hand-built census (every class, equivalences, near misses, codes to escape), checked
# against what its page must show; then the 1024 codes of octal:3 with their real values, whose
# page must stay under 3 MB.
run("${PAGE_TOOL}" sample "${WORK_DIR}/sample.html" "${WORK_DIR}/sample.expected.json")
run("${PYTHON}" "${SCRIPT}" "${WORK_DIR}/sample.html" --expect "${WORK_DIR}/sample.expected.json")
run("${PAGE_TOOL}" octal3 "${WORK_DIR}/octal3.html")
run("${PYTHON}" "${SCRIPT}" "${WORK_DIR}/octal3.html" --max-bytes 3000000)
