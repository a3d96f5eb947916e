// Cards as small integer ids and sets of cards as 128-bit bitsets (up to two packs plus jokers).
#pragma once
#include <bit>
#include <cstdint>
#include <string>
#include <string_view>

#include "runtime/limits.hpp"

namespace spades {

// A set of card ids; bit i is card i of the compiled deck.
struct card_set {
  unsigned __int128 bits = 0;

  static card_set of(int c) { card_set s; s.bits = (unsigned __int128)1 << c; return s; }
  // A card is tested, added and removed in its word alone (a 128-bit shift is a shift pair, a test and selects).
  bool has(int c) const { return (((c & 64) ? (uint64_t)(bits >> 64) : (uint64_t)bits) >> (c & 63)) & 1; }
  bool empty() const { return bits == 0; }
  void add(int c) { word(c) |= uint64_t{1} << (c & 63); }
  void remove(int c) { word(c) &= ~(uint64_t{1} << (c & 63)); }
  int count() const {
    return __builtin_popcountll((uint64_t)bits) + __builtin_popcountll((uint64_t)(bits >> 64));
  }
  // Lowest card id in the set; the set must not be empty.
  int first() const {
    uint64_t lo = (uint64_t)bits;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(bits >> 64));
  }
  // The n-th (0-based) card id in ascending order; n < count().
  int nth(int n) const {
    uint64_t lo = (uint64_t)bits;
    int lc = __builtin_popcountll(lo);
    uint64_t w = lo; int base = 0;
    if (n >= lc) { w = (uint64_t)(bits >> 64); n -= lc; base = 64; }
    for (; n > 0; --n) w &= w - 1;
    return base + __builtin_ctzll(w);
  }
  card_set operator&(card_set o) const { card_set r; r.bits = bits & o.bits; return r; }
  card_set operator|(card_set o) const { card_set r; r.bits = bits | o.bits; return r; }
  card_set operator~() const { card_set r; r.bits = ~bits; return r; }
  card_set& operator|=(card_set o) { bits |= o.bits; return *this; }
  card_set& operator&=(card_set o) { bits &= o.bits; return *this; }
  bool operator==(const card_set&) const = default;

  using alias_word = uint64_t __attribute__((__may_alias__));
  alias_word& word(int c) {
    static_assert(std::endian::native == std::endian::little, "a card_set's low word is the first in memory");
    return reinterpret_cast<alias_word*>(&bits)[(c >> 6) & 1];  // c taken modulo 128, as a 128-bit shift takes it
  }

  // In ascending order, a word at a time (no 128-bit arithmetic per card).
  template <class F> void for_each(F f) const {
    for (uint64_t b = (uint64_t)bits; b; b &= b - 1) f(__builtin_ctzll(b));
    for (uint64_t b = (uint64_t)(bits >> 64); b; b &= b - 1) f(64 + __builtin_ctzll(b));
  }
};

// The card-set operations of the playouts' hot path, in two widths chosen once per variant
// (variant::narrow): with a deck of at most 64 cards every set lies in the low word, so Narrow reads
// and writes that word alone (no 128-bit shifts, one popcount); otherwise the card_set's own.
template <bool Narrow> struct set_ops {
  static uint64_t low(card_set s) { return (uint64_t)s.bits; }
  static bool has(card_set s, int c) { return Narrow ? (low(s) >> c) & 1 : ((c < 64 ? low(s) : (uint64_t)(s.bits >> 64)) >> (c & 63)) & 1; }
  static bool empty(card_set s) { return Narrow ? low(s) == 0 : s.empty(); }
  // a wide set's card in its word alone; c is a card id (0..127) here
  static void add(card_set& s, int c) { if (Narrow) s.bits |= uint64_t{1} << c; else word(s, c) |= uint64_t{1} << (c & 63); }
  static void remove(card_set& s, int c) {
    if (Narrow) s.bits &= ~(unsigned __int128)(uint64_t{1} << c);
    else word(s, c) &= ~(uint64_t{1} << (c & 63));
  }
  static card_set::alias_word& word(card_set& s, int c) { return reinterpret_cast<card_set::alias_word*>(&s.bits)[c >> 6]; }
  static int count(card_set s) { return Narrow ? __builtin_popcountll(low(s)) : s.count(); }
  static int nth(card_set s, int n) {
    if (!Narrow) return s.nth(n);
    uint64_t w = low(s);
    for (; n > 0; --n) w &= w - 1;
    return __builtin_ctzll(w);
  }
  template <class F> static void for_each(card_set s, F f) {
    if (!Narrow) return s.for_each(f);
    for (uint64_t b = low(s); b; b &= b - 1) f(__builtin_ctzll(b));
  }
};

// A card's face: suit index into the deck's suits (or -1 for a joker) and its rank token.
struct card_face {
  std::string name;  // canonical text: "AS", "TD", "BJ"
  int suit = -1;     // natural suit; -1 for jokers
  int rank = 0;      // 0 = highest rank of the deck's rank order
  int pack = 0;      // which copy of the pack (several packs)
};

// Normalises "10S" to "TS" and upper-cases; returns empty for text that cannot be a card token.
std::string normalise_card(std::string_view text);

}  // namespace spades
