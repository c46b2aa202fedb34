# The faces (the command, the Python module, the page's entry point) are thin: they parse
# arguments, call the engine and print; and the census is a client of the engine as they are (it
# asks the engine for each game's period run, misère quotient and checks). So their sources
# include, of the library, only
#   - the engine's headers (grundy/engine/...), the census built on it (grundy/census/...), the
#     vocabulary of core (grundy/core/...: values, errors, nimbers, files) and the generated
#     version header;
#   - the few headers of the lower layers that hold the types the engine's requests take and its
#     answers and reports are made of (VOCABULARY below, each with the types it is there for);
# never another header of rules/, solve/, analysis/ or spec/. And the engine's and the census's
# own public headers include, of the lower layers, only that vocabulary too, so that a face
# cannot reach past the engine through them: what a face uses, it includes itself.
#
#   cmake -DFACES="dir;dir" [-DPUBLIC="dir;dir"] [-DEXCEPT="file;file"] -P faces_include_check.cmake
#
# PUBLIC: the folders of the engine's and the census's public headers. EXCEPT names files still
# waiting to move their logic into the engine (docs/architecture.md says which and why); the
# check fails on any other file that reaches past the engine.
cmake_minimum_required(VERSION 3.20)
set(VOCABULARY
  rules/game.hpp                   # Game, Position's text, ValueRun: what every request takes
  rules/sum.hpp                    # Sum: the positions solve, explain and play take
  rules/formula.hpp                # Formula, ClosedForm: grundy formula's answer
  solve/misere_search.hpp          # Play, SearchProgress: the play asked for, a search's report
  solve/component_search.hpp       # ComponentSearchProgress, SearchStopped: the search's report
  solve/graph_solver.hpp           # LoopyValues: the values of a loopy game in answers
  solve/genus.hpp                  # Genus: seq --misere's answer
  analysis/misere_quotient.hpp     # MisereQuotient, QuotientProgress: quotient's answer, report
  analysis/quotient_periodicity.hpp  # QuotientPeriodicity: in the quotient's answer
  analysis/periodic_source.hpp     # PeriodAnswer: in period's answer
  analysis/periodicity.hpp         # Periodicity: in period's answer and the census's relations
  analysis/sequence_run.hpp        # SequenceRunResult: seq --out's answer
  analysis/sum_quotient.hpp        # MiserePath, QuotientUsed: which misère path answered
  analysis/period_run.hpp          # PeriodRunBudget, PeriodRun, ValueProfile: a census's game
  analysis/period_certificate.hpp  # PeriodCertificate: the proof period writes, a census stores
  analysis/period_verifier.hpp     # CertificateCheck: period --verify's and census --verify's answer
  analysis/periodicity_theorem.hpp # PeriodicityTheorem: a certificate's theorem, what it needs
  rules/take_break.hpp             # TakeBreakCode: the members of an octal or hexadecimal census
)
list(JOIN VOCABULARY "|" vocabulary)
string(REPLACE "." "\\." vocabulary "${vocabulary}")

# Appends to `offences` each #include "grundy/..." line of the files under `dirs` that names
# neither the allowed folders `allowed` (a regular expression) nor the vocabulary.
function(check_includes dirs allowed)
  foreach(dir IN LISTS dirs)
    file(GLOB_RECURSE sources "${dir}/*.cpp" "${dir}/*.hpp")
    foreach(source IN LISTS sources)
      get_filename_component(name "${source}" NAME)
      if(name IN_LIST EXCEPT)
        continue()
      endif()
      file(STRINGS "${source}" includes REGEX "^[ \t]*#[ \t]*include[ \t]*[\"<]grundy/")
      foreach(line IN LISTS includes)
        if(NOT line MATCHES "grundy/(${allowed}|${vocabulary})[\">]")
          string(APPEND offences "\n  ${source}: ${line}")
        endif()
      endforeach()
    endforeach()
  endforeach()
  set(offences "${offences}" PARENT_SCOPE)
endfunction()

set(offences "")
check_includes("${FACES}" "engine/[a-z_]+\\.hpp|census/[a-z_]+\\.hpp|core/[a-z_]+\\.hpp|version\\.hpp")
if(offences)
  message(FATAL_ERROR "a face (or the census) includes the library past the engine:${offences}")
endif()
check_includes("${PUBLIC}" "engine/[a-z_]+\\.hpp|census/[a-z_]+\\.hpp|core/[a-z_]+\\.hpp|version\\.hpp")
if(offences)
  message(FATAL_ERROR "a public header of the engine or the census includes past the faces' vocabulary:${offences}")
endif()
message(STATUS "the faces include only the engine, core and the engine's vocabulary")
