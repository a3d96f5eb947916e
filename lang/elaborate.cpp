// elaborate: the blocks in order, the helpers they share, and the options (the top-level declarations).
#include "lang/elaborate.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "runtime/plan.hpp"

namespace spades::lang {

const std::vector<item>& elaboration::items(block_kind block) const {
  static const std::vector<item> none;
  const resolved_block* b = r.find(block);
  return b ? b->items : none;
}

const item* elaboration::find(block_kind block, form f) const {
  for (const item& it : items(block))
    if (it.kind == f) return &it;
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

std::optional<size_t> phrase(const std::vector<word>& ws, std::initializer_list<std::initializer_list<std::string_view>> phrases) {
  size_t i = 0;
  for (const auto& p : phrases) {
    if (p.size() == ws.size() && std::equal(p.begin(), p.end(), ws.begin(), [](std::string_view a, const word& w) { return a == w.text; }))
      return i;
    ++i;
  }
  return std::nullopt;
}

namespace {

bool is_signed_number(const std::string& t) {
  size_t i = !t.empty() && t[0] == '-' ? 1 : 0;
  return i < t.size() && t.find_first_not_of("0123456789", i) == std::string::npos;
}

int64_t option_number(const word& w) { return to_int(w, -max_number, max_number, "an option's value"); }

// `in LO..HI`, or `in V V ...` (numbers, else the words of a choice)
void allowed_values(const item& it, option_spec& o) {
  const std::vector<word>& in = it.as<option_decl>().allowed;
  if (in.size() == 1 && in[0].text.find("..") != std::string::npos) {
    size_t dots = in[0].text.find("..");
    pos hi_at = in[0].at;
    hi_at.col += (int)dots + 2;
    o.lo = option_number({in[0].text.substr(0, dots), in[0].at});
    o.hi = option_number({in[0].text.substr(dots + 2), hi_at});
    if (o.lo > o.hi) fail(in[0].at, fmt::format("the range {} allows no value: its first number is greater than its last", in[0].text));
    return;
  }
  bool numbers = std::all_of(in.begin(), in.end(), [](const word& w) { return is_signed_number(w.text); });
  if (!numbers) o.type = option_type::choice;
  for (size_t i = 0; i < in.size(); ++i) {
    for (size_t j = 0; j < i; ++j)
      if (in[j].text == in[i].text) fail(in[i].at, fmt::format("'{}' is listed twice", in[i].text), {{in[j].at, "first listed here"}});
    if (numbers) o.listed.push_back(option_number(in[i]));
    else o.words.push_back(in[i].text);
  }
}

// The option's type and allowed values, and its declared value, which must be one of them.
int64_t option_of(const item& it, option_spec& o) {
  const option_decl& d = it.as<option_decl>();
  const word& val = d.value;
  if (val.text == "true" || val.text == "false") {
    o.type = option_type::boolean;
    if (!d.allowed.empty())
      fail(d.allowed[0].at, "a true/false option allows true and false and nothing else: it takes no `in`");
    return val.text == "true";
  }
  if (!d.allowed.empty()) allowed_values(it, o);
  if (o.type == option_type::number) option_number(val);  // the language's range first
  std::optional<int64_t> x = o.read(val.text);
  if (!x) fail(val.at, fmt::format("the option's value {} is not one of its allowed values ({})", val.text, o.allowed()));
  return *x;
}

// A choice's words are read in formulas after its option (`kitty_share == one_each`): none may be a name
// the author declared for formulas to read, or a reader could not tell which is meant.
void refuse_word_clashes(const elaboration& e, const item& it) {
  constexpr std::pair<symbol_kind, const char*> kinds[] = {
      {symbol_kind::option, "an option"}, {symbol_kind::bid, "a bid"}, {symbol_kind::call, "an announcement"}, {symbol_kind::counter, "a counter"}};
  for (const word& w : it.as<option_decl>().allowed) {
    for (auto [kind, title] : kinds)
      if (const symbol* s = e.syms.find(w.text, kind))
        fail(w.at, fmt::format("'{}' is already {}: a choice word needs another name (`{} == {}` must mean one thing)", w.text, title, it.name->text, w.text),
             {{s->at, fmt::format("'{}' is declared here", w.text)}});
    if (e.syms.conditions)
      for (const named_condition& c : *e.syms.conditions)
        if (c.name.text == w.text)
          fail(w.at, fmt::format("'{}' is already a named condition: a choice word needs another name (`{} == {}` must mean one thing)", w.text,
                                 it.name->text, w.text),
               {{c.name.at, fmt::format("'{}' is declared here", w.text)}});
  }
}

}  // namespace

// option NAME = VALUE [in ALLOWED]: no option may take a word of the language (vocabulary.hpp).
void elaborate_options(elaboration& e) {
  size_t checked = 0;  // the allowed values of the options settings name: each is one more elaboration
  for (const symbol* s : e.syms.of(symbol_kind::option)) {
    const item& it = *s->decl;
    if (is_reserved(s->name)) fail(s->at, fmt::format("'{}' is a word of the language; an option needs another name", s->name));
    if (s->index == max_options) fail(it.at, fmt::format("too many options (the limit is {})", max_options));
    e.v.option_names.push_back(s->name);
    option_spec o;
    e.v.option_defaults.push_back(option_of(it, o));
    if (o.type == option_type::choice) refuse_word_clashes(e, it);
    if (auto used = e.r.setting_options.find(s->name); used != e.r.setting_options.end()) {
      o.in_settings = true;
      if (o.values().empty())
        fail(s->at, fmt::format("the option '{}' is named by '{}', so each value it allows is checked: give it at most {} allowed values with `in`",
                                s->name, used->second, max_option_values));
      checked += o.values().size();
      if (checked > (size_t)max_option_values)
        fail(s->at, fmt::format("the options that settings name allow {} values in all (up to this one); each is checked, so at most {} may be",
                                checked, max_option_values));
    }
    e.v.option_specs.push_back(std::move(o));
    e.v.option_about.push_back(it.str ? it.str->text : "");
  }
}

std::unique_ptr<variant> elaborate(const resolved& r, const symbol_table& syms) {
  auto v = std::make_unique<variant>();
  v->name = r.name;
  v->id = r.id;
  v->about = r.about;
  v->group = r.group;
  v->base = r.base;
  v->fragments = r.fragments;
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
  prepare(*v);  // the execution plan, worked out by the runtime from the meaning
  return v;
}

}  // namespace spades::lang
