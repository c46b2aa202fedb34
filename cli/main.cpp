// The grundy command: everything happens in the library; cli/ parses arguments and prints.
#include "app.hpp"

int main(int argc, char** argv) {
  return grundy::cli::run(argc, argv);
}
