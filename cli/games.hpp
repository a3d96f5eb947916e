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

// The bots at the seats: each seat's kind, and the outside bots' commands.
struct seat_bots {
  seat_kinds kinds;
  exec_seats exec;
};
// One bot by name, or `exec:CMD` for an outside bot (its command then in `command`); `what` names the place
// in errors ("--bots", "bot A").
bot_kind read_bot(const std::string& what, const std::string& name, std::string& command);
// `--bots SPEC`: comma-separated NAME or KEY=NAME, KEY a side's or a seat's name; a seat named after its
// side's entry takes its own. Seats not named keep the rule-following bot. NAME may be exec:CMD (a CMD
// without commas).
seat_bots read_bots(const variant& v, const std::string& spec);
// A bot as the summaries name it: its name, or exec:CMD.
std::string bot_label(const seat_bots& b, int seat);
// The bots of a side, in seat order, each name once ("rule", "mc/rule").
std::string side_bots(const variant& v, const seat_bots& bots, int team);
// The Wilson score interval at 95% for `wins` of `n` (a tie may count half a win).
std::pair<double, double> wilson(double wins, long long n);
// The 0.975 quantile of the standard normal: the half-width of a 95% interval in standard errors.
constexpr double z95 = 1.959963984540054;

// Set by SIGINT while a run_interruptibly is under way: the games under way are abandoned, and the summary
// covers the games finished. A second Ctrl-C exits at once with 130.
extern std::atomic<bool> interrupted;
extern "C" void on_run_interrupt(int);
// Runs `f` with the SIGINT handler above installed, the previous one restored after (also on a throw).
template <class F>
auto run_interruptibly(F&& f) {
  interrupted = false;
  struct restore {
    void (*previous)(int);
    ~restore() { std::signal(SIGINT, previous); }
  } r{std::signal(SIGINT, on_run_interrupt)};
  return f();
}

// The games in blocks: each worker takes the next block, plays its games in order into a part of its own and
// hands the part in; the parts are merged in order as soon as they can be, so --jobs N gives what --jobs 1
// gives, and the parts waiting for an earlier one are never more than a few per thread (a worker waits
// before it runs too far ahead), so the memory a run takes does not grow with its games. A rule error stops
// every game after the first that failed, so the error reported is the one --jobs 1 reports. `Part` has
// merge(const Part&); `play(g, part)` plays game g (first <= g < first + count) into `part`, false when the
// game was abandoned (Ctrl-C).
template <class Part>
class game_runner {
 public:
  game_runner(long long first, long long count, std::function<Part()> make, std::function<bool(long long, Part&)> play, long long block = 16)
      : first_(first), count_(count), block_(block), blocks_((count + block - 1) / block), make_(std::move(make)), play_(std::move(play)) {}

  // Runs the games on `jobs` threads, showing progress on stderr when it is a terminal. `take`, when given, is
  // handed each part in game order on this thread before it is merged; when it says false the run stops
  // there, that part and the later ones left out. After a rule error every part before the failed game's, and
  // that one, are taken; after Ctrl-C the parts in order up to the first gap are, and the others are merged
  // without it (the summary covers every game finished).
  Part run(int jobs, bool progress, const std::function<bool(Part&)>& take = nullptr) {
    window_ = 2 * (long long)jobs + 2;
    std::vector<std::thread> threads;
    struct joiner {
      game_runner& r;
      std::vector<std::thread>& t;
      ~joiner() {
        r.stop_ = true;
        r.cv_.notify_all();
        for (auto& x : t)
          if (x.joinable()) x.join();
      }
    } join{*this, threads};
    for (int j = 0; j < jobs; ++j) threads.emplace_back([this] { work(); });
    Part all = make_();
    std::unique_lock<std::mutex> l(m_);
    while (merged_ < blocks_ && !halted()) {
      if (!take_next(l, all, take)) cv_.wait_for(l, std::chrono::milliseconds(250));
      if (progress) fmt::print(stderr, "\r{} of {} games", finished_.load(), count_);
    }
    l.unlock();
    // the workers finish on their own: after a rule error, the games before the failed one are still played
    for (auto& t : threads) t.join();
    if (progress) fmt::print(stderr, "\r\033[K");
    l.lock();
    if (!stop_taken_) {
      const long long failed = failed_at_.load() == LLONG_MAX ? blocks_ : (failed_at_.load() - first_) / block_ + 1;
      while (merged_ < failed && take_next(l, all, take)) {}
      if (!stop_taken_ && interrupted.load())
        for (auto& [b, part] : done_) all.merge(part);
    }
    if (error_) std::rethrow_exception(error_);
    return all;
  }

 private:
  bool halted() const { return stop_.load() || interrupted.load() || failed_at_.load() != LLONG_MAX; }
  // Takes and merges the next part in order, when it is done; false when it is not (or `take` stopped the run).
  bool take_next(std::unique_lock<std::mutex>& l, Part& all, const std::function<bool(Part&)>& take) {
    auto it = done_.find(merged_);
    if (stop_taken_ || it == done_.end()) return false;
    Part part = std::move(it->second);
    done_.erase(it);
    l.unlock();
    const bool go_on = !take || take(part);
    if (go_on) all.merge(part);
    l.lock();
    if (!go_on) {
      stop_taken_ = true, stop_ = true;
      cv_.notify_all();
      return false;
    }
    ++merged_;
    cv_.notify_all();
    return true;
  }
  void work() {
    for (;;) {
      const long long b = next_.fetch_add(1);
      if (b >= blocks_ || halted()) return;
      {
        std::unique_lock<std::mutex> l(m_);
        while (b >= merged_ + window_ && !halted()) cv_.wait_for(l, std::chrono::milliseconds(250));
      }
      run_block(b);
    }
  }
  void run_block(long long b) {
    Part part = make_();
    for (long long g = first_ + b * block_; g < first_ + std::min(count_, (b + 1) * block_); ++g) {
      if (interrupted.load() || stop_.load() || g > failed_at_.load()) break;
      try {
        if (!play_(g, part)) break;
      } catch (const std::exception& e) {
        if (!dynamic_cast<const rule_error*>(&e) && !dynamic_cast<const bot_error*>(&e)) throw;
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

  const long long first_, count_, block_, blocks_;
  long long window_ = 4, merged_ = 0;  // merged_: the parts taken in order so far (under m_)
  bool stop_taken_ = false;            // `take` stopped the run
  std::function<Part()> make_;
  std::function<bool(long long, Part&)> play_;
  std::atomic<long long> next_{0}, finished_{0}, failed_at_{LLONG_MAX};
  std::atomic<bool> stop_{false};
  std::mutex m_;
  std::condition_variable cv_;
  std::map<long long, Part> done_;
  std::exception_ptr error_;
};

}  // namespace spades::cli
