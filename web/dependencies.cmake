# What the page's build (GRUNDY_BUILD_PAGE, emscripten) uses in place of the native build's
# dependencies: nlohmann-json's headers (Debian's nlohmann-json3-dev, header-only) and the
# compiler's flags for the whole build.

# The toolchain looks for headers in emscripten's sysroot only, and /usr/include must not come
# into the WebAssembly build (the host's C library would shadow emscripten's): the nlohmann folder
# alone is linked into a folder of the build tree, which is added as a system include.
find_path(GRUNDY_NLOHMANN_INCLUDE nlohmann/json.hpp PATHS /usr/include /usr/local/include
          NO_DEFAULT_PATH NO_CMAKE_FIND_ROOT_PATH)
if(NOT GRUNDY_NLOHMANN_INCLUDE)
  message(FATAL_ERROR "the page needs nlohmann-json's headers (apt-get install nlohmann-json3-dev)")
endif()
set(nlohmann_only "${PROJECT_BINARY_DIR}/nlohmann-include")
file(MAKE_DIRECTORY "${nlohmann_only}")
file(CREATE_LINK "${GRUNDY_NLOHMANN_INCLUDE}/nlohmann" "${nlohmann_only}/nlohmann" SYMBOLIC)
add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
set_target_properties(nlohmann_json::nlohmann_json PROPERTIES
                      INTERFACE_SYSTEM_INCLUDE_DIRECTORIES "${nlohmann_only}"
                      INTERFACE_INCLUDE_DIRECTORIES "${nlohmann_only}")

# The library reports errors by exceptions (emscripten turns them off by default): WebAssembly's
# own exceptions (-fwasm-exceptions; Chrome 95, Firefox 100, Safari 15.2 and later), not
# emscripten's older ones in JavaScript (-fexceptions), which send every call that may throw
# through JavaScript: g(0..10^5) of 0.6 took 1.4 s with those. One thread: WebAssembly threads
# need a cross-origin isolated page, which a file opened from disk is not; the page runs the
# engine in a Web Worker instead.
add_compile_options(-fwasm-exceptions)
add_link_options(-fwasm-exceptions)
# The nim-field's tables are built by the compiler: clang needs more constexpr steps than GCC (as
# in the fuzz build).
add_compile_options(-fconstexpr-steps=1000000000)

# Python puts the page together (web/assemble_page.py) and runs its tests: Debian's python3, for
# which python3-selenium is installed.
if(NOT DEFINED Python3_ROOT_DIR AND EXISTS /usr/bin/python3)
  set(Python3_ROOT_DIR /usr)
endif()
find_package(Python3 REQUIRED COMPONENTS Interpreter)
