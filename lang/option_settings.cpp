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

  void number_arg(word& w, const item& it) { w.text = number(w.text, w.at, keyword(it.kind)); }

  // `lo..hi`, each side a number or an option's name
  void range_arg(word& w) {
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
    for (item& o : bid.as<call_decl>().options)
      if (o.kind == form::exchange) number_arg(o.as<count_decl>().count, o);
  }

  // a step's count of cards, `pass N to left`, `draw keep 1 of N`: a word there that names an option stands
  // for its value (any other word is left for the course's elaboration to judge, as before)
  void step_count_args(item& step) {
    std::vector<word>& args = step.as<step_decl>().args;
    const std::string& kind = step.as<step_decl>().kind.text;
    if (args.empty()) return;
    size_t at = args.size();
    if (kind == word_of(step_kind_words, step_kind::pass)) at = 0;
    else if (kind == word_of(step_kind_words, step_kind::take) && args.size() == 4) at = 3;  // side bidding more HOW
    else if (kind == word_of(step_kind_words, step_kind::draw))
      for (size_t i = 0; i + 1 < args.size(); ++i)
        if (args[i].text == "of") at = i + 1;
    if (at >= args.size()) return;
    if (const std::string* v = value_of(args[at].text)) {
      note_use(args[at].text, "step");
      args[at].text = *v;
    }
  }

  // a list of cards: a word that is an option's name stands for its value
  void card_args(item& it) {
    for (word& w : it.as<listing>().words)
      if (const std::string* v = value_of(w.text)) {
        note_use(w.text, keyword(it.kind));
        w.text = *v;
      }
  }

  void item_args(item& it) {
    switch (it.kind) {
      case form::hand_size: case form::max_hands: number_arg(it.as<setting>().value, it); break;
      case form::counter:
        if (it.as<counter_decl>().start) number_arg(*it.as<counter_decl>().start, it);
        break;
      case form::bid:
        range_arg(*it.as<call_decl>().range);
        exchange_args(it);
        break;
      case form::step: step_count_args(it); break;
      case form::remove: card_args(it); break;
      default: break;
    }
  }
};

std::vector<item>* items_of(resolved& r, block_kind block) {
  for (auto& b : r.blocks)
    if (b.kind == block) return &b.items;
  return nullptr;
}

}  // namespace

void apply_option_values(resolved& r, const option_choices& chosen) {
  for (const auto& [name, text] : chosen)
    for (item& o : r.options)
      if (o.name->text == name) o.as<option_decl>().value.text = text;
  substitution s{r, {}, {}};
  for (const item& o : r.options) {
    const std::string& v = o.as<option_decl>().value.text;
    s.names.push_back(o.name->text);
    s.values.push_back(v == "true" ? "1" : v == "false" ? "0" : v);
  }
  for (block_kind block : {block_kind::deal, block_kind::end, block_kind::scoring, block_kind::bidding, block_kind::cards, block_kind::course})
    if (std::vector<item>* items = items_of(r, block))
      for (item& it : *items) s.item_args(it);
}

}  // namespace spades::lang
