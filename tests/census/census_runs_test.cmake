# Whole census runs through the command. Arguments: GRUNDY (the command), WORK_DIR, MODE, and
# for MODE=browser PYTHON and SCRIPT, for MODE=mpi MPIRUN.
#   browser: a real census (octal:2) reported as HTML, then checked in headless Chromium by
#            report_browser_test.py (the hand-built pages are census_report_browser's).
#   mpi:     a slice of octal:3 (64 codes, 2^14 values each) on 3 ranks on this machine and on
#            one process: the results (every column but timings, runs and dates) are the same.
#            Then the misère census of octal:2 (its quotients to heap 16, some stopped by the
#            work budget) on 2 and on 3 ranks and on one process: every misere_quotients column
#            but the seconds is the same; a rerun on 3 ranks keeps every row.
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(result EQUAL 77)
    message("census report browser test skipped (exit 77)")
    set(skipped TRUE PARENT_SCOPE)
    return()
  endif()
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "failed (${result}): ${ARGN}\n${out}\n${err}")
  endif()
  set(output "${out}" PARENT_SCOPE)
endfunction()

# Every result column that does not depend on timing, run or date.
set(results_query "SELECT game, class, values_computed, preperiod, period, saltus, theorem, \
largest_value, largest_first, rare_mask, rare_count, last_rare, regularity, observed_preperiod, \
observed_period, observed_saltus FROM results ORDER BY game")

if(MODE STREQUAL "browser")
  run("${GRUNDY}" census octal:2 --db "${WORK_DIR}/c.db" --budget 16384,0 --extend 16384,0)
  run("${GRUNDY}" census report --db "${WORK_DIR}/c.db" --format html --out "${WORK_DIR}/c.html")
  run("${PYTHON}" "${SCRIPT}" "${WORK_DIR}/c.html" --max-bytes 3000000)
elseif(MODE STREQUAL "mpi")
  set(census census octal:3 --slice 0,64 --budget 16384,0 --extend 16384,0 --three-heap 512,0
      --threads 1)
  set(ENV{OMPI_ALLOW_RUN_AS_ROOT} 1)
  set(ENV{OMPI_ALLOW_RUN_AS_ROOT_CONFIRM} 1)
  set(ENV{OMPI_MCA_btl_vader_single_copy_mechanism} none)
  set(ENV{OMPI_MCA_rmaps_base_oversubscribe} 1)
  run("${MPIRUN}" -np 3 --oversubscribe "${GRUNDY}" ${census} --db "${WORK_DIR}/ranks.db")
  string(FIND "${output}" "3 rank(s) x 1 thread(s)" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the run did not use 3 ranks:\n${output}")
  endif()
  run("${GRUNDY}" ${census} --db "${WORK_DIR}/one.db")
  run(sqlite3 "${WORK_DIR}/ranks.db" "${results_query}")
  set(ranks "${output}")
  run(sqlite3 "${WORK_DIR}/one.db" "${results_query}")
  if(NOT ranks STREQUAL output OR ranks STREQUAL "")
    message(FATAL_ERROR "3 ranks and one process differ:\n${ranks}\n---\n${output}")
  endif()
  run(sqlite3 "${WORK_DIR}/ranks.db" "SELECT count(*) FROM results")
  message(STATUS "3 ranks and one process: the same ${output} results")

  set(misere census octal:2 --misere --max-heap 16 --max-work 1000000 --threads 1)
  set(misere_query "SELECT game, max_heap, max_work, reached, complete, quotient_order, p_count, \
stable_from, tame, engine FROM misere_quotients ORDER BY game")
  run("${GRUNDY}" ${misere} --db "${WORK_DIR}/misere-one.db" --json)
  string(JSON games GET "${output}" games)
  string(JSON not_stabilised GET "${output}" not_stabilised)
  if(not_stabilised EQUAL 0 OR not_stabilised EQUAL games)
    message(FATAL_ERROR "the misère census should stop some games and not all:\n${output}")
  endif()
  run(sqlite3 "${WORK_DIR}/misere-one.db" "${misere_query}")
  set(one "${output}")
  foreach(np 2 3)
    set(db "${WORK_DIR}/misere-${np}.db")
    run("${MPIRUN}" -np ${np} --oversubscribe "${GRUNDY}" ${misere} --db "${db}")
    string(FIND "${output}" "${np} rank(s) x 1 thread(s)" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "the misère run did not use ${np} ranks:\n${output}")
    endif()
    run(sqlite3 "${db}" "${misere_query}")
    if(NOT output STREQUAL one OR one STREQUAL "")
      message(FATAL_ERROR "misère: ${np} ranks and one process differ:\n${output}\n---\n${one}")
    endif()
  endforeach()
  run("${MPIRUN}" -np 3 --oversubscribe "${GRUNDY}" ${misere} --db "${WORK_DIR}/misere-3.db"
      --json)
  string(JSON computed GET "${output}" computed)
  string(JSON kept GET "${output}" kept)
  string(JSON ranks GET "${output}" ranks)
  if(NOT computed EQUAL 0 OR NOT kept EQUAL games OR NOT ranks EQUAL 3)
    message(FATAL_ERROR "a misère rerun on 3 ranks should keep all ${games} rows:\n${output}")
  endif()
  run(sqlite3 "${WORK_DIR}/misere-3.db" "${misere_query}")
  if(NOT output STREQUAL one)
    message(FATAL_ERROR "misère: the rerun on 3 ranks changed rows:\n${output}\n---\n${one}")
  endif()
  message(STATUS "misère: 2 ranks, 3 ranks and one process: the same ${games} rows")
else()
  message(FATAL_ERROR "MODE must be browser or mpi")
endif()
