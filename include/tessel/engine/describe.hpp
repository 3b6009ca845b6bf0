// tessel/engine/describe.hpp (host only): an engine error in words, with its numbers, as a std::string
// (engine/message.hpp's describe_to writes the same text into a buffer).
#pragma once

#include <string>

#include "message.hpp"

namespace TESSEL_NAMESPACE::engine {

inline std::string describe(Error const& e) {
  char buf[512];
  int const len = describe_to(buf, int(sizeof buf), e);
  if (len < int(sizeof buf)) return std::string(buf, std::size_t(len < 0 ? 0 : len));
  std::string s(std::size_t(len) + 1, '\0');
  describe_to(s.data(), len + 1, e);
  s.resize(std::size_t(len));
  return s;
}

}  // namespace tessel::engine
