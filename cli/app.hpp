#pragma once

namespace grundy::cli {

/// Runs the grundy command; returns the process exit code (0 ok, 2 bad input, 1 internal error).
int run(int argc, char** argv);

}  // namespace grundy::cli
