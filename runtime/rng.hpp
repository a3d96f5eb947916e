// A seeded generator with the same output on every machine (xoshiro256**, seeded by splitmix64).
#pragma once
#include <cstdint>

namespace spades {

class rng {
 public:
  explicit rng(uint64_t seed = 0) {
    for (auto& w : s_) {
      seed += 0x9e3779b97f4a7c15ULL;
      uint64_t z = seed;
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
      w = z ^ (z >> 31);
    }
  }
  uint64_t next() {
    const uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0]; s_[3] ^= s_[1]; s_[1] ^= s_[2]; s_[0] ^= s_[3];
    s_[2] ^= t; s_[3] = rotl(s_[3], 45);
    return result;
  }
  // Uniform in [0, n), n > 0 (Lemire's multiply-shift with rejection: no modulo bias).
  uint32_t below(uint32_t n) {
    uint64_t m = (uint64_t)(uint32_t)next() * n;
    if ((uint32_t)m < n) {
      uint32_t t = (uint32_t)(-n) % n;
      while ((uint32_t)m < t) m = (uint64_t)(uint32_t)next() * n;
    }
    return (uint32_t)(m >> 32);
  }

 private:
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t s_[4];
};

// A seed derived from another and an index (a game's from its run's and the game's number, a bot's from its
// game's): splitmix64 over both, so that neighbouring indices give unrelated streams and no stream is shared.
inline uint64_t derive_seed(uint64_t seed, uint64_t index) {
  uint64_t z = seed ^ ((index + 1) * 0x9e3779b97f4a7c15ULL);
  for (int i = 0; i < 2; ++i) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
  }
  return z;
}

}  // namespace spades
