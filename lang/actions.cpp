// actions: the parse tree -> the syntax tree. Each selected rule of lang/grammar.hpp is read here.
#include "lang/actions.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdlib>

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

  expr to_expr(const node& n) const {
    int height = 0;
    return to_expr(n, height);
  }

  // The expression of `n`; `height` becomes its tree's height. A chain `1+1+…+1` is flat in the parse
  // tree but left-nested here, so its height is bounded here (the parse bounded the rest).
  expr to_expr(const node& n, int& height) const {
    expr e;
    e.at = at(n);
    height = 1;
    if (n.is_type<R::number>()) { e.kind = expr::number; e.value = to_int(n); return e; }
    if (n.is_type<R::bool_lit>()) { e.kind = expr::boolean; e.value = n.string() == "true"; return e; }
    if (n.is_type<R::name>()) { e.kind = expr::name; e.text = n.string(); return e; }
    int h = 0;
    if (n.is_type<R::neg_expr>() || n.is_type<R::not_form>()) {
      e.kind = expr::unary;
      e.text = n.is_type<R::neg_expr>() ? "-" : "not";
      e.args.push_back(to_expr(*n.children.at(0), h));
      height = h + 1;
      return e;
    }
    if (n.is_type<R::card_call>()) {
      // the function's name, the group's words, then the trick's number if given
      e.kind = expr::call;
      e.text = n.children.at(0)->string();
      for (size_t i = 1; i < n.children.size(); ++i) {
        if (n.children[i]->is_type<R::word>()) { e.group.push_back({n.children[i]->string(), at(*n.children[i])}); continue; }
        e.args.push_back(to_expr(*n.children[i], h));
        height = std::max(height, h + 1);
      }
      return e;
    }
    if (n.is_type<R::cond_expr>() || n.is_type<R::call>()) {
      e.kind = n.is_type<R::call>() ? expr::call : expr::cond;
      size_t first = 0;
      if (e.kind == expr::call) { e.text = n.children.at(0)->string(); first = 1; }
      for (size_t i = first; i < n.children.size(); ++i) {
        e.args.push_back(to_expr(*n.children[i], h));
        height = std::max(height, h + 1);
      }
      if (height > max_nesting) throw diag_error(e.at, too_deep_message(false));
      return e;
    }
    // binary chains: operand (op operand)*, left-associative
    if (n.children.size() >= 3) {
      expr left = to_expr(*n.children[0], height);
      for (size_t i = 1; i + 1 < n.children.size(); i += 2) {
        expr b;
        b.kind = expr::binary;
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

  std::vector<stmt> to_body(const node& block) const {
    std::vector<stmt> out;
    for (auto& c : block.children) out.push_back(to_stmt(*c));
    return out;
  }

  stmt to_stmt(const node& n) const {
    stmt s;
    s.at = at(n);
    if (n.is_type<R::let_stmt>() || n.is_type<R::assign_stmt>()) {
      s.kind = n.is_type<R::let_stmt>() ? stmt::let : stmt::assign;
      s.name = n.children.at(0)->string();
      s.name_at = at(*n.children[0]);
      size_t vi = 1;
      if (s.kind == stmt::assign) { s.op = n.children.at(1)->string(); vi = 2; }
      else s.op.assign(1, '=');
      s.value = to_expr(*n.children.at(vi));
    } else if (n.is_type<R::points_stmt>()) {
      s.kind = stmt::points;
      size_t vi = 0;
      if (n.children.at(0)->is_type<R::points_to>()) {  // the team the points go to
        const node& w = *n.children[0]->children.at(0);
        s.name = w.string();
        s.name_at = at(w);
        vi = 1;
      }
      s.value = to_expr(*n.children.at(vi));
    } else if (n.is_type<R::tally_stmt>()) {
      s.kind = stmt::tally;
      s.name = n.children.at(0)->string();
      s.name_at = at(*n.children[0]);
    } else if (n.is_type<R::win_stmt>()) {
      s.kind = stmt::win;
    } else if (n.is_type<R::lose_stmt>()) {
      s.kind = stmt::lose;
    } else if (n.is_type<R::if_stmt>()) {
      s.kind = stmt::if_;
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

  item to_item(const node& n, const std::string& block_kw) const {
    item it;
    it.kw = leading_word(n);
    it.at = at(n);
    it.block = block_kw;
    for (auto& cp : n.children) {
      const node& c = *cp;
      if (c.is_type<R::step_name>() && it.place)
        it.place_step = word{c.string(), at(c)};
      else if (c.is_type<R::word>() || c.is_type<R::name>() || c.is_type<R::number>() || c.is_type<R::signed_number>() ||
          c.is_type<R::range>() || c.is_type<R::option_value>() || c.is_type<R::kw_play>() || c.is_type<R::kw_lead>() ||
          c.is_type<R::step_name>() || c.is_type<R::step_kind_name>() || c.is_type<R::amend_call_kind>() || c.is_type<R::amend_rule_kind>() ||
          c.is_type<R::drop_target_kw>())
        it.args.push_back({c.string(), at(c)});
      else if (c.is_type<R::option_range>() || c.is_type<R::option_choice>())
        it.allowed.push_back({c.string(), at(c)});
      else if (c.is_type<R::step_place_kw>())
        it.place = word{c.string(), at(c)};
      else if (c.is_type<R::string_body>())
        it.str = word{c.string(), {file, (int)c.begin().line, (int)c.begin().column - 1}};
      else if (c.is_type<R::when_clause>())
        it.cond = to_expr(*c.children.at(0));
      else if (c.is_type<R::counter_init>())
        it.args.push_back({c.children.at(0)->string(), at(*c.children[0])});
      else if (c.is_type<R::counter_role>())
        it.role = word{c.children.at(0)->string(), at(*c.children[0])};
      else if (c.is_type<R::stmt_block>())
        it.body = to_body(c);
      else
        it.sub.push_back(to_item(c, it.kw));
    }
    return it;
  }

  file_ast convert(const node& root) const {
    file_ast f;
    f.file = file;
    for (auto& cp : root.children) {
      const node& c = *cp;
      if (c.is_type<R::game_decl>() || c.is_type<R::extends_decl>() || c.is_type<R::about_decl>()) {
        word w{c.children.at(0)->string(), at(c)};
        auto& slot = c.is_type<R::game_decl>() ? f.game : c.is_type<R::extends_decl>() ? f.extends : f.about;
        if (slot) throw diag_error(at(c), fmt::format("'{}' is declared twice", leading_word(c)), {{slot->at, "first declared here"}});
        slot = w;
      } else if (c.is_type<R::option_item>()) {
        f.top.push_back(to_item(c, ""));
      } else {
        block b;
        b.kw = leading_word(c);
        b.at = at(c);
        for (auto& ic : c.children) b.items.push_back(to_item(*ic, b.kw));
        f.blocks.push_back(std::move(b));
      }
    }
    return f;
  }
};

}  // namespace

file_ast to_ast(const node& root, int file) { return converter{file}.convert(root); }

}  // namespace spades::lang::syntax
