// elaborate: the blocks in order, the helpers they share, and the options (the top-level declarations).
#include "lang/elaborate.hpp"

#include <fmt/format.h>

namespace spades::lang {

const std::vector<item>& elaboration::items(const char* block) const {
  static const std::vector<item> none;
  const resolved_block* b = r.find(block);
  return b ? b->items : none;
}

const item* elaboration::find(const char* block, const char* kw) const {
  for (const item& it : items(block))
    if (it.kw == kw) return &it;
  return nullptr;
}

void fail(pos at, std::string msg, std::vector<note> notes) { throw diag_error(at, std::move(msg), std::move(notes)); }

const std::string& choose(const word& w, const std::vector<std::string>& allowed, const char* what) {
  for (const auto& a : allowed)
    if (a == w.text) return a;
  fail(w.at, fmt::format("unknown {} '{}'{} (expected one of: {})", what, w.text, did_you_mean(w.text, allowed), fmt::join(allowed, ", ")));
}

int to_int(const word& w, int lo, int hi, const char* what) {
  long long x = 0;
  try {
    size_t used = 0;
    x = std::stoll(w.text, &used);
    if (used != w.text.size()) throw std::invalid_argument("");
  } catch (const std::out_of_range&) {
    fail(w.at, fmt::format("{} must be from {} to {}, not {}", what, lo, hi, w.text));
  } catch (...) {
    fail(w.at, fmt::format("expected a number for {}, found '{}'", what, w.text));
  }
  if (x < lo || x > hi) fail(w.at, fmt::format("{} must be from {} to {}, not {}", what, lo, hi, x));
  return (int)x;
}

std::string lower(const std::string& s) {
  std::string out;
  for (char c : s) out += (char)std::tolower((unsigned char)c);
  return out;
}

std::string joined(const std::vector<word>& args, size_t from) {
  std::string out;
  for (size_t i = from; i < args.size(); ++i) out += (i > from ? " " : "") + args[i].text;
  return out;
}

// option NAME = VALUE: no option may take a word of the language (vocabulary.hpp).
void elaborate_options(elaboration& e) {
  for (const symbol* s : e.syms.of(symbol_kind::option)) {
    const item& it = *s->decl;
    if (is_reserved(s->name)) fail(s->at, fmt::format("'{}' is a word of the language; an option needs another name", s->name));
    if (s->index == max_options) fail(it.at, fmt::format("too many options (the limit is {})", max_options));
    e.v.option_names.push_back(s->name);
    const std::string& val = it.args.at(1).text;
    e.v.option_defaults.push_back(val == "true" ? 1 : val == "false" ? 0 : to_int(it.args[1], -1000000000, 1000000000, "an option's value"));
  }
}

std::unique_ptr<variant> elaborate(const resolved& r, const symbol_table& syms) {
  auto v = std::make_unique<variant>();
  v->name = r.name;
  v->decline_words = decline_words();
  elaboration e{r, syms, *v, formula_compiler(syms, *v)};
  elaborate_options(e);
  refuse_clashes(syms);
  elaborate_players(e);
  elaborate_cards(e);
  elaborate_deal(e);
  elaborate_bidding(e);
  elaborate_play(e);
  elaborate_course(e);
  elaborate_scoring(e);
  elaborate_end(e);
  return v;
}

}  // namespace spades::lang
