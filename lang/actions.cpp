// actions: the parse tree -> the syntax tree. Each selected rule of lang/grammar.hpp is read here.
#include "lang/actions.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "lang/grammar.hpp"
#include "lang/parse_errors.hpp"

namespace spades::lang::syntax {

namespace {

struct converter {
  int file;

  pos at(const node& n) const { auto p = n.begin(); return {file, (int)p.line, (int)p.column}; }

  static std::string leading_word(const node& n) {
    std::string s = n.string();
    size_t i = 0;
    while (i < s.size() && (std::isalnum((unsigned char)s[i]) || s[i] == '_')) ++i;
    return s.substr(0, i);
  }

  int64_t to_int(const node& n) const {
    std::string s = n.string();
    errno = 0;
    char* end = nullptr;
    long long v = std::strtoll(s.c_str(), &end, 10);
    if (errno == ERANGE || v > (1LL << 53) || v < -(1LL << 53))
      throw diag_error(at(n), fmt::format("number {} is too large (the limit is 2^53)", s));
    return v;
  }

  formula to_expr(const node& n) const {
    int height = 0;
    return to_expr(n, height);
  }

  // The expression of `n`; `height` becomes its tree's height. A chain `1+1+…+1` is flat in the parse
  // tree but left-nested here, so its height is bounded here (the parse bounded the rest).
  formula to_expr(const node& n, int& height) const {
    formula e;
    e.at = at(n);
    height = 1;
    if (n.is_type<R::number>()) { e.kind = formula::number; e.value = to_int(n); return e; }
    if (n.is_type<R::bool_lit>()) { e.kind = formula::boolean; e.value = n.string() == "true"; return e; }
    if (n.is_type<R::name>()) { e.kind = formula::name; e.text = n.string(); return e; }
    int h = 0;
    if (n.is_type<R::neg_expr>() || n.is_type<R::not_form>()) {
      e.kind = formula::unary;
      e.text = n.is_type<R::neg_expr>() ? "-" : "not";
      e.args.push_back(to_expr(*n.children.at(0), h));
      height = h + 1;
      return e;
    }
    if (n.is_type<R::card_call>()) {
      // the function's name, the group's words, then the trick's number if given
      e.kind = formula::call;
      e.text = n.children.at(0)->string();
      for (size_t i = 1; i < n.children.size(); ++i) {
        if (n.children[i]->is_type<R::word>()) { e.group.push_back({n.children[i]->string(), at(*n.children[i])}); continue; }
        e.args.push_back(to_expr(*n.children[i], h));
        height = std::max(height, h + 1);
      }
      return e;
    }
    if (n.is_type<R::cond_expr>() || n.is_type<R::call>()) {
      e.kind = n.is_type<R::call>() ? formula::call : formula::cond;
      size_t first = 0;
      if (e.kind == formula::call) { e.text = n.children.at(0)->string(); first = 1; }
      for (size_t i = first; i < n.children.size(); ++i) {
        e.args.push_back(to_expr(*n.children[i], h));
        height = std::max(height, h + 1);
      }
      if (height > max_nesting) throw diag_error(e.at, too_deep_message(false));
      return e;
    }
    // binary chains: operand (op operand)*, left-associative
    if (n.children.size() >= 3) {
      formula left = to_expr(*n.children[0], height);
      for (size_t i = 1; i + 1 < n.children.size(); i += 2) {
        formula b;
        b.kind = formula::binary;
        b.at = at(*n.children[i]);
        b.text = n.children[i]->string();
        b.args.push_back(std::move(left));
        b.args.push_back(to_expr(*n.children[i + 1], h));
        height = std::max(height, h) + 1;
        if (height > max_nesting) throw diag_error(b.at, too_deep_message(false));
        left = std::move(b);
      }
      return left;
    }
    if (n.children.size() == 1) return to_expr(*n.children[0], height);
    throw diag_error(at(n), "internal error: unexpected expression shape");
  }

  std::vector<statement> to_body(const node& block) const {
    std::vector<statement> out;
    for (auto& c : block.children) out.push_back(to_stmt(*c));
    return out;
  }

  statement to_stmt(const node& n) const {
    statement s;
    s.at = at(n);
    if (n.is_type<R::let_stmt>() || n.is_type<R::assign_stmt>()) {
      s.kind = n.is_type<R::let_stmt>() ? statement::let : statement::assign;
      s.name = n.children.at(0)->string();
      s.name_at = at(*n.children[0]);
      size_t vi = 1;
      if (s.kind == statement::assign) { s.op = n.children.at(1)->string(); vi = 2; }
      else s.op.assign(1, '=');
      s.value = to_expr(*n.children.at(vi));
    } else if (n.is_type<R::points_stmt>()) {
      s.kind = statement::points;
      size_t vi = 0;
      if (n.children.at(0)->is_type<R::points_to>()) {  // the team the points go to
        const node& w = *n.children[0]->children.at(0);
        s.name = w.string();
        s.name_at = at(w);
        vi = 1;
      }
      s.value = to_expr(*n.children.at(vi));
    } else if (n.is_type<R::tally_stmt>()) {
      s.kind = statement::tally;
      s.name = n.children.at(0)->string();
      s.name_at = at(*n.children[0]);
    } else if (n.is_type<R::win_stmt>()) {
      s.kind = statement::win;
    } else if (n.is_type<R::lose_stmt>()) {
      s.kind = statement::lose;
    } else if (n.is_type<R::if_stmt>()) {
      s.kind = statement::if_;
      s.value = to_expr(*n.children.at(0));
      s.then_body = to_body(*n.children.at(1));
      if (n.children.size() > 2) {
        const node& eb = *n.children[2];  // else_branch: if_stmt or stmt_block
        const node& inner = *eb.children.at(0);
        if (inner.is_type<R::if_stmt>()) s.else_body.push_back(to_stmt(inner));
        else s.else_body = to_body(inner);
      }
    }
    return s;
  }

  // The form (block) of an item's (block's) node: its rule's place in item_rules (block_rules).
  template <class E, class... Rules>
  static E place_in(const node& n, rule_list<Rules...> /*unused*/) {
    size_t i = 0, found = sizeof...(Rules);
    ((found = n.is_type<Rules>() ? i : found, ++i), ...);
    if (found == sizeof...(Rules)) throw std::logic_error("parse tree: not an item or a block");
    return E(found);
  }
  static form form_of(const node& n) { return place_in<form>(n, item_rules{}); }

  // An item's parts as the parse tree lists them, before they are sorted into its form's fields.
  struct raw_item {
    std::vector<word> args;       // its words, numbers and names, in order
    size_t play = 0;              // the index in `args` of the keyword `play`, if any (forbid, force)
    bool rule = false;            // `amend rule`
    std::vector<word> allowed;
    std::optional<word> place, place_step, role;
    std::vector<item> sub;
    std::vector<statement> body;
  };

  void collect(const node& c, item& it, raw_item& r) const {
    if (c.is_type<R::step_name>() && r.place)
      r.place_step = word{c.string(), at(c)};
    else if (c.is_type<R::kw_play>() || c.is_type<R::kw_lead>() || c.is_type<R::amend_call_kind>() || c.is_type<R::amend_rule_kind>()) {
      if (c.is_type<R::kw_play>() && !r.play) r.play = r.args.size();
      r.rule |= c.is_type<R::amend_rule_kind>();
      r.args.push_back({c.string(), at(c)});
    } else if (c.is_type<R::word>() || c.is_type<R::name>() || c.is_type<R::number>() || c.is_type<R::signed_number>() ||
               c.is_type<R::range>() || c.is_type<R::option_value>() || c.is_type<R::step_name>() || c.is_type<R::step_kind_name>() ||
               c.is_type<R::drop_target_kw>())
      r.args.push_back({c.string(), at(c)});
    else if (c.is_type<R::option_range>() || c.is_type<R::option_choice>())
      r.allowed.push_back({c.string(), at(c)});
    else if (c.is_type<R::step_place_kw>())
      r.place = word{c.string(), at(c)};
    else if (c.is_type<R::string_body>())
      it.str = word{c.string(), {file, (int)c.begin().line, (int)c.begin().column - 1}};
    else if (c.is_type<R::when_clause>())
      it.cond = to_expr(*c.children.at(0));
    else if (c.is_type<R::counter_init>())
      r.args.push_back({c.children.at(0)->string(), at(*c.children[0])});
    else if (c.is_type<R::counter_role>())
      r.role = word{c.children.at(0)->string(), at(*c.children[0])};
    else if (c.is_type<R::stmt_block>())
      r.body = to_body(c);
    else
      r.sub.push_back(to_item(c));
  }

  static std::vector<word> from(const std::vector<word>& args, size_t first, size_t last = std::string::npos) {
    last = std::min(last, args.size());
    return first < last ? std::vector<word>(args.begin() + (long)first, args.begin() + (long)last) : std::vector<word>{};
  }

  // The parts of the forms that have a name first: the name, then the form's own parts.
  static void named_parts(item& it, raw_item& r) {
    it.name = r.args.at(0);
    switch (it.kind) {
      case form::option: it.parts = option_decl{r.args.at(1), std::move(r.allowed)}; break;
      case form::team: it.parts = team_decl{from(r.args, 1)}; break;
      case form::bid: it.parts = call_decl{r.args.at(1), std::move(r.sub)}; break;
      case form::announce: it.parts = call_decl{std::nullopt, std::move(r.sub)}; break;
      case form::convert: it.parts = convert_decl{r.args.at(1), r.args.at(2)}; break;
      case form::forbid: it.parts = forbid_decl{r.play == 1, from(r.args, 2)}; break;
      case form::force: it.parts = force_decl{r.play != 1, from(r.args, 1, r.play), from(r.args, r.play + 1)}; break;
      case form::refuse: it.parts = forbid_decl{true, from(r.args, 1)}; break;
      case form::prefer: it.parts = force_decl{false, {}, from(r.args, 1)}; break;
      case form::counter: it.parts = counter_decl{r.args.size() > 1 ? std::optional<word>(r.args[1]) : std::nullopt, r.role}; break;
      case form::rule: it.parts = rule_decl{r.args.at(1), std::move(r.body)}; break;
      case form::step: {
        const bool before = r.place && r.place->text == "before";
        it.parts = step_decl{r.args.at(1), from(r.args, 2), r.place, before, r.place_step};
        break;
      }
      default: break;  // tally, tie: the name alone
    }
  }

  // The form's parts, from what the parse tree listed.
  static void sort_parts(item& it, raw_item& r) {
    switch (it.kind) {
      case form::seats: case form::suits: case form::ranks: case form::jokers: case form::remove: case form::top_trumps:
      case form::kitty: case form::dummy: case form::lead: case form::broken_by: case form::order:
        it.parts = listing{std::move(r.args)};
        break;
      case form::count: case form::teams: case form::packs: case form::trump: case form::ties: case form::hand_size:
      case form::deal_size: case form::rotate: case form::leftover: case form::follow: case form::target: case form::max_hands:
      case form::by: case form::for_side: case form::partner_agrees:
        it.parts = setting{r.args.at(0)};
        break;
      case form::discard: case form::pass: case form::exchange: it.parts = count_decl{r.args.at(0), from(r.args, 1)}; break;
      case form::amend:
        it.name = r.args.at(1);
        it.parts = amend_decl{r.args.at(0), r.rule, std::move(r.sub), std::move(r.body)};
        break;
      case form::drop: {
        std::optional<form> of;
        for (const enum_word<form>& f : form_words)
          if (f.word == r.args.at(0).text) of = f.value;
        it.parts = drop_decl{r.args[0], of, r.args.size() > 1 ? std::optional<word>(r.args[1]) : std::nullopt};
        break;
      }
      case form::option: case form::team: case form::bid: case form::announce: case form::convert: case form::forbid:
      case form::force: case form::refuse: case form::prefer: case form::counter: case form::rule: case form::step: case form::tally:
      case form::tie:
        named_parts(it, r);
        break;
      default: break;  // skip, win, lose, allow: a condition; blind, redeal: the keyword alone
    }
  }

  item to_item(const node& n) const {
    item it;
    it.kind = form_of(n);
    it.at = at(n);
    raw_item r;
    for (auto& cp : n.children) collect(*cp, it, r);
    sort_parts(it, r);
    return it;
  }

  file_ast convert(const node& root) const {
    file_ast f;
    f.file = file;
    for (auto& cp : root.children) {
      const node& c = *cp;
      if (c.is_type<R::game_decl>() || c.is_type<R::extends_decl>() || c.is_type<R::about_decl>() || c.is_type<R::group_decl>()) {
        word w{c.children.at(0)->string(), at(c)};
        auto& slot = c.is_type<R::game_decl>()      ? f.game
                     : c.is_type<R::extends_decl>() ? f.extends
                     : c.is_type<R::about_decl>()   ? f.about
                                                    : f.group;
        if (slot) throw diag_error(at(c), fmt::format("'{}' is declared twice", leading_word(c)), {{slot->at, "first declared here"}});
        slot = w;
      } else if (c.is_type<R::include_decl>()) {
        f.includes.push_back(word{c.children.at(0)->string(), at(c)});
      } else if (c.is_type<R::condition_decl>()) {
        const node& n = *c.children.at(0);
        f.conditions.push_back(named_condition{word{n.string(), at(n)}, to_expr(*c.children.at(1)), at(c)});
      } else if (c.is_type<R::fragment_decl>()) {
        if (f.fragment) throw diag_error(at(c), "'fragment' is declared twice", {{f.fragment->at, "first declared here"}});
        f.fragment = word{"fragment", at(c)};
      } else if (c.is_type<R::option_item>()) {
        f.top.push_back(to_item(c));
      } else {
        block b;
        b.kind = place_in<block_kind>(c, block_rules{});
        b.at = at(c);
        for (auto& ic : c.children) b.items.push_back(to_item(*ic));
        f.blocks.push_back(std::move(b));
      }
    }
    return f;
  }
};

}  // namespace

file_ast to_ast(const node& root, int file) { return converter{file}.convert(root); }

}  // namespace spades::lang::syntax
