#pragma once
/// \file What every judge program shares: a strict reader of whitespace-separated integers and the
/// run loop that turns bad input into one line on stderr and exit code 2.

#include <cstdint>
#include <functional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>

namespace judge {

/// Input that does not follow the problem's format. The message is one line and names the line.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The whole of standard input as whitespace-separated tokens. Every token must be what the format
/// expects; running out of input where a value is due is an error, never a silent stop.
class Input {
 public:
  explicit Input(std::string text) : text_(std::move(text)) {}

  /// True when only whitespace is left: where a format may end at end of input, it ends here.
  bool at_end();
  /// The next token as a decimal integer in lo..hi; `what` names it in errors ("n", "heap size").
  std::uint64_t integer(std::string_view what, std::uint64_t lo, std::uint64_t hi);
  /// Fails unless only whitespace is left; `after` names what came last ("the last test case").
  void expect_end(std::string_view after);
  /// Fails naming the line of the token read last.
  [[noreturn]] void fail(const std::string& detail) const;

 private:
  void skip_whitespace();

  std::string text_;
  std::size_t pos_ = 0;
  std::size_t line_ = 1;        // the line of text_[pos_]
  std::size_t token_line_ = 1;  // the line of the token read last
};

/// Reads all of standard input, calls `solve`, and prints what it wrote only when it succeeds, so
/// bad input leaves no partial answer. Returns the exit code: 0, or 2 with one line on stderr
/// (`PROGRAM: error: ...`) for bad input or a request the library refuses.
int run(std::string_view program, const std::function<void(Input&, std::ostream&)>& solve);

}  // namespace judge
