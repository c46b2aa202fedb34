// Replays inputs through a harness without libFuzzer (any compiler): every file of the
// directories given (hidden files skipped), in name order, or single files. A missing directory
// is skipped (a harness may have no crash files yet); no input at all is an error.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

std::vector<std::filesystem::path> inputs_of(const std::filesystem::path& where) {
  std::vector<std::filesystem::path> files;
  if (std::filesystem::is_directory(where)) {
    for (const auto& entry : std::filesystem::directory_iterator(where)) {
      if (entry.is_regular_file() && entry.path().filename().string().front() != '.') {
        files.push_back(entry.path());
      }
    }
    std::sort(files.begin(), files.end());
  } else if (std::filesystem::is_regular_file(where)) {
    files.push_back(where);
  }
  return files;
}

}  // namespace

int main(int argc, char** argv) {
  // Every path made absolute first: a harness may change the working directory.
  std::vector<std::filesystem::path> files;
  for (int i = 1; i < argc; ++i) {
    for (const std::filesystem::path& file : inputs_of(argv[i])) {
      files.push_back(std::filesystem::absolute(file));
    }
  }
  for (const std::filesystem::path& file : files) {
    std::ifstream in(file, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad()) {
      std::fprintf(stderr, "replay: cannot read %s\n", file.c_str());
      return 1;
    }
    // Named before it runs: a crash then says which input it was.
    std::printf("%s (%zu bytes)\n", file.c_str(), bytes.size());
    std::fflush(stdout);
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
  }
  std::printf("replayed %zu inputs\n", files.size());
  if (files.empty()) {
    std::fprintf(stderr, "replay: no input found\n");
    return 1;
  }
  return 0;
}
