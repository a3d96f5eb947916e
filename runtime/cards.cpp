// Card text normalisation shared by the compiler, the test-hand loader and the CLI.
#include "runtime/cards.hpp"

#include <cctype>

namespace spades {

std::string normalise_card(std::string_view text) {
  std::string s;
  for (char c : text) {
    if (!std::isalnum((unsigned char)c)) return {};
    s += (char)std::toupper((unsigned char)c);
  }
  if (s.size() == 3 && s[0] == '1' && s[1] == '0') s.replace(0, 2, 1, 'T');
  if (s.size() < 2 || s.size() > 3) return {};
  return s;
}

}  // namespace spades
