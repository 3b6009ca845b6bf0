// src/text/capture.hpp (internal): what a function prints to standard output
// (the atoms' print, print_latex and print_svg write with printf), as a string.
#pragma once

#include <cstdio>
#include <string>
#include <unistd.h>

namespace tessel::text::detail {

// Runs f with file descriptor 1 sent to a temporary file, then returns what it wrote.
template <class F>
std::string capture_stdout(F&& f) {
  std::fflush(stdout);
  std::FILE* tmp = std::tmpfile();
  if (!tmp) return {};
  int const saved = dup(1);
  dup2(fileno(tmp), 1);
  f();
  std::fflush(stdout);
  dup2(saved, 1);
  close(saved);
  std::string out;
  std::rewind(tmp);
  char buf[1 << 14];
  for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, tmp)) > 0;) out.append(buf, n);
  std::fclose(tmp);
  return out;
}

}  // namespace tessel::text::detail
