// What `sim` and `match` share: the bots named by --bots, the Wilson interval, Ctrl-C, and the runner that
// plays many seeded games on several threads and adds their results up in game order.
#pragma once
#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <condition_variable>
#include <csignal>
#include <exception>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <utility>

#include <fmt/format.h>

#include "bots/players.hpp"
#include "runtime/game.hpp"

namespace spades::cli {

// `--bots SPEC`: comma-separated NAME or KEY=NAME, KEY a side's or a seat's name; a seat named after its
// side's entry takes its own. Seats not named keep the rule-following bot.
seat_kinds read_bots(const variant& v, const std::string& spec);
// The bots of a side, in seat order, each name once ("rule", "mc/rule").
std::string side_bots(const variant& v, const seat_kinds& kinds, int team);
// The Wilson score interval at 95% for `wins` of `n` (a tie may count half a win).
std::pair<double, double> wilson(double wins, long long n);
// The 0.975 quantile of the standard normal: the half-width of a 95% interval in standard errors.
constexpr double z95 = 1.959963984540054;

// Set by SIGINT while a run_interruptibly is under way: the games under way are abandoned, and the summary
// covers the games finished. A second Ctrl-C exits at once with 130.
extern std::atomic<bool> interrupted;
extern "C" void on_interrupt(int);
// Runs `f` with the SIGINT handler above installed, the previous one restored after (also on a throw).
template <class F>
auto run_interruptibly(F&& f) {
  interrupted = false;
  struct restore {
    void (*previous)(int);
    ~restore() { std::signal(SIGINT, previous); }
  } r{std::signal(SIGINT, on_interrupt)};
  return f();
}

// The games in blocks: each worker takes the next block, plays its games in order into a part of its own and
// hands the part in; the parts are merged in order, so --jobs N gives what --jobs 1 gives. A rule error stops
// every game after the first that failed, so the error reported is the one --jobs 1 reports. `Part` has
// merge(const Part&); `play(g, part)` plays game g (first <= g < first + count) into `part`, false when the
// game was abandoned (Ctrl-C).
template <class Part>
class game_runner {
 public:
  static constexpr long long block = 16;
  game_runner(long long first, long long count, std::function<Part()> make, std::function<bool(long long, Part&)> play)
      : first_(first), count_(count), blocks_((count + block - 1) / block), make_(std::move(make)), play_(std::move(play)) {}

  // Runs the games on `jobs` threads, showing progress on stderr when it is a terminal.
  Part run(int jobs, bool progress) {
    std::vector<std::thread> threads;
    for (int j = 0; j < jobs; ++j) threads.emplace_back([this] { work(); });
    {
      std::unique_lock<std::mutex> l(m_);
      while ((long long)done_.size() < blocks_ && !interrupted.load()) {
        cv_.wait_for(l, std::chrono::milliseconds(250));
        if (progress) fmt::print(stderr, "\r{} of {} games", finished_.load(), count_);
      }
    }
    for (auto& t : threads) t.join();
    if (progress) fmt::print(stderr, "\r\033[K");
    if (error_) std::rethrow_exception(error_);
    Part all = make_();
    for (const auto& [b, part] : done_) all.merge(part);
    return all;
  }

 private:
  void work() {
    for (;;) {
      const long long b = next_.fetch_add(1);
      if (b >= blocks_) return;
      run_block(b);
    }
  }
  void run_block(long long b) {
    Part part = make_();
    for (long long g = first_ + b * block; g < first_ + std::min(count_, (b + 1) * block); ++g) {
      if (interrupted.load() || g > failed_at_.load()) break;
      try {
        if (!play_(g, part)) break;
      } catch (const rule_error&) {
        std::lock_guard<std::mutex> l(m_);
        if (g < failed_at_.load()) failed_at_ = g, error_ = std::current_exception();
        break;
      }
      ++finished_;
    }
    std::lock_guard<std::mutex> l(m_);
    done_.emplace(b, std::move(part));
    cv_.notify_all();
  }

  const long long first_, count_, blocks_;
  std::function<Part()> make_;
  std::function<bool(long long, Part&)> play_;
  std::atomic<long long> next_{0}, finished_{0}, failed_at_{LLONG_MAX};
  std::mutex m_;
  std::condition_variable cv_;
  std::map<long long, Part> done_;
  std::exception_ptr error_;
};

}  // namespace spades::cli
