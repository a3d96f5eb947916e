// option_settings: `hand_size deal_size`, `bid number min_bid..13`, `counter bags = start`, `max_hands
// hands_to_play`, `remove low_card`, `exchange cards with partner` and a course step's `pass cards to left`
// or `draw keep 1 of cards` take the option's value: each word that names an option is replaced
// by the value as written, so the block's elaboration checks it like any number or card. A variant is thus
// elaborated once per set of option values (lang/load.cpp checks each allowed value of such an option).
#include "lang/option_settings.hpp"

#include <cctype>

#include <fmt/format.h>

#include "lang/errors.hpp"

namespace spades::lang {

namespace {

struct substitution {
  resolved& r;
  std::vector<std::string> names;   // every option's name ...
  std::vector<std::string> values;  // ... and its value as a setting reads it (true/false as 1/0)

  const std::string* value_of(const std::string& name) const {
    for (size_t i = 0; i < names.size(); ++i)
      if (names[i] == name) return &values[i];
    return nullptr;
  }

  void note_use(const std::string& option, const std::string& setting) { r.setting_options.emplace(option, setting); }

  // A word standing for a number: a number, or an option's name.
  std::string number(const std::string& text, pos at, const std::string& setting) {
    if (text.empty() || !(std::isalpha((unsigned char)text[0]) || text[0] == '_')) return text;
    const std::string* v = value_of(text);
    if (!v)
      throw diag_error(at, fmt::format("unknown option '{}' ({} takes a number or an option's name){}", text, setting, did_you_mean(text, names)));
    note_use(text, setting);
    return *v;
  }

  void number_arg(item& it, size_t i) {
    if (i < it.args.size()) it.args[i].text = number(it.args[i].text, it.args[i].at, it.kw);
  }

  // `lo..hi`, each side a number or an option's name
  void range_arg(item& it, size_t i) {
    word& w = it.args.at(i);
    size_t dots = w.text.find("..");
    std::string lo = number(w.text.substr(0, dots), w.at, "a bid range");
    if (dots == std::string::npos) {
      w.text = lo;
      return;
    }
    pos hi_at = w.at;
    hi_at.col += (int)dots + 2;
    w.text = lo + ".." + number(w.text.substr(dots + 2), hi_at, "a bid range");
  }

  // a bid's `exchange N with partner`: N a number or an option's name
  void exchange_args(item& bid) {
    for (item& o : bid.sub)
      if (o.kw == "exchange") number_arg(o, 0);
  }

  // a step's count of cards, `pass N to left`, `draw keep 1 of N`: a word there that names an option stands
  // for its value (any other word is left for the course's elaboration to judge, as before)
  void step_count_args(item& step) {
    if (step.args.size() < 3) return;
    size_t at = step.args.size();
    if (step.args[1].text == "pass") at = 2;
    else if (step.args[1].text == "draw")
      for (size_t i = 2; i + 1 < step.args.size(); ++i)
        if (step.args[i].text == "of") at = i + 1;
    if (at >= step.args.size()) return;
    if (const std::string* v = value_of(step.args[at].text)) {
      note_use(step.args[at].text, "step");
      step.args[at].text = *v;
    }
  }

  // a list of cards: a word that is an option's name stands for its value
  void card_args(item& it) {
    for (word& w : it.args)
      if (const std::string* v = value_of(w.text)) {
        note_use(w.text, it.kw);
        w.text = *v;
      }
  }
};

std::vector<item>* items_of(resolved& r, const char* block) {
  for (auto& b : r.blocks)
    if (b.kw == block) return &b.items;
  return nullptr;
}

}  // namespace

void apply_option_values(resolved& r, const option_choices& chosen) {
  for (const auto& [name, text] : chosen)
    for (item& o : r.options)
      if (o.args.at(0).text == name) o.args.at(1).text = text;
  substitution s{r, {}, {}};
  for (const item& o : r.options) {
    const std::string& v = o.args.at(1).text;
    s.names.push_back(o.args.at(0).text);
    s.values.push_back(v == "true" ? "1" : v == "false" ? "0" : v);
  }
  struct slot {
    const char* block;
    const char* kw;
  };
  for (const slot& at : {slot{"deal", "hand_size"}, slot{"end", "max_hands"}, slot{"scoring", "counter"}, slot{"bidding", "bid"},
                         slot{"cards", "remove"}, slot{"course", "step"}})
    if (std::vector<item>* items = items_of(r, at.block))
      for (item& it : *items) {
        if (it.kw != at.kw) continue;
        if (it.kw == "counter") s.number_arg(it, 1);
        else if (it.kw == "bid") {
          s.range_arg(it, 1);
          s.exchange_args(it);
        }
        else if (it.kw == "step") s.step_count_args(it);
        else if (it.kw == "remove") s.card_args(it);
        else s.number_arg(it, 0);
      }
}

}  // namespace spades::lang
