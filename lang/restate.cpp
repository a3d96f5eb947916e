// restate: what a restated bid, announcement, restriction or rule drops of the item it replaces.
#include "lang/restate.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace spades::lang {

namespace {

// An option of a bid or an announcement as it reads (`exchange 2 with partner optional`), without its `when`.
std::string option_text(const item& o) {
  std::string out = keyword(o.kind);
  if (o.name) out += " " + o.name->text;
  if (const auto* c = std::get_if<count_decl>(&o.parts)) {
    out += " " + c->count.text;
    for (const word& w : c->rest) out += " " + w.text;
  } else if (const auto* s = std::get_if<setting>(&o.parts)) {
    out += " " + s->value.text;
  }
  return out;
}

const std::vector<word>* option_words(const item& o) {
  if (const auto* c = std::get_if<count_decl>(&o.parts)) return &c->rest;
  return nullptr;
}

// What `now`, an option of the restated call, drops of `was`, the inherited option of its kind.
void dropped_parts(const item& was, const item& now, std::vector<std::string>& lost) {
  const std::vector<word>* before = option_words(was);
  const std::vector<word>* after = option_words(now);
  if (before && after)
    for (const word& w : *before)
      if (std::none_of(after->begin(), after->end(), [&](const word& x) { return x.text == w.text; }))
        lost.push_back(fmt::format("`{}` from its `{}`", w.text, keyword(was.kind)));
  if (was.cond && !now.cond && was.kind != form::allow) lost.push_back(fmt::format("the `when` of its `{}`", keyword(was.kind)));
}

void call_options(const item& before, const item& now, std::vector<std::string>& lost) {
  const std::vector<item>& was = before.as<call_decl>().options;
  const std::vector<item>& is = now.as<call_decl>().options;
  for (const item& o : was) {
    auto same = std::find_if(is.begin(), is.end(), [&](const item& x) {
      return x.kind == o.kind && (o.kind != form::convert || x.name->text == o.name->text);
    });
    if (same == is.end()) lost.push_back(fmt::format("`{}`", o.kind == form::allow ? "allow when …" : option_text(o)));
    else dropped_parts(o, *same, lost);
  }
}

}  // namespace

void compare_restated(const item& before, const item& now, std::vector<diagnostic>& warnings) {
  if (before.kind != now.kind || before.at.file == now.at.file) return;  // within one file: a duplicate, refused elsewhere
  std::vector<std::string> lost;
  if (std::holds_alternative<call_decl>(before.parts) && std::holds_alternative<call_decl>(now.parts)) call_options(before, now, lost);
  if (before.cond && !now.cond && before.kind != form::rule) lost.push_back("its `when` condition");
  if (before.str && !now.str && before.kind != form::bid && before.kind != form::announce) lost.push_back("its reason");
  if (lost.empty()) return;
  const std::string what = before.key();
  const bool amendable = before.kind == form::bid || before.kind == form::announce || before.kind == form::rule;
  warnings.push_back({now.at,
                      fmt::format("this restates the inherited '{}' whole, and drops {}: say {} again{}", what, fmt::join(lost, ", "),
                                  lost.size() == 1 ? "it" : "them", amendable ? fmt::format(", or change only a part with `amend {}`", what) : ""),
                      {{before.at, fmt::format("the inherited '{}' is here", what)}}});
}

}  // namespace spades::lang
