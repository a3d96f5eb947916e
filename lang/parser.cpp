// parse: PEGTL grammar -> parse tree -> syntax tree. Per-rule error messages live here too.
#include "lang/parser.hpp"

#include <algorithm>
#include <optional>
#include <span>
#include <stdexcept>
#include <string_view>
#include <type_traits>

#include <fmt/format.h>

#include <tao/pegtl.hpp>
#include <tao/pegtl/contrib/analyze.hpp>
#include <tao/pegtl/contrib/parse_tree.hpp>

#include "lang/grammar.hpp"

namespace spades::lang {

namespace pegtl = tao::pegtl;
namespace R = rules;

namespace {

// ---- the error table: per rule that can fail in a user's hands, its message, where the caret goes, the
// bracket it closes (for the "to close ... opened here" note) and the words expected (did-you-mean) ----
enum class caret : uint8_t {
  previous_code,  // stopped at a line's start: the mistake is what the line before lacks
  on_token        // the word found is itself the mistake (an unknown setting or statement)
};
enum class closes : uint8_t { nothing, brace, paren };
struct rule_error {
  const char* message = nullptr;  // "{}": the candidates, joined by ", "; "{or}": the same, the last after " or "
  caret where = caret::previous_code;
  closes opened = closes::nothing;
  std::span<const std::string_view> candidates{};
};

constexpr std::string_view statements[] = {"let", "points", "if", "tally", "win", "lose"};
constexpr std::string_view bid_options[] = {"blind", "allow", "exchange", "convert", "for", "partner"};
constexpr std::string_view announce_options[] = {"by", "allow", "redeal"};
constexpr std::string_view players_settings[] = {"count", "seats", "teams", "team", "dummy", "drop"};
constexpr std::string_view cards_settings[] = {"suits", "ranks", "jokers", "remove", "packs", "trump", "top_trumps", "ties", "drop"};
constexpr std::string_view deal_settings[] = {"hand_size", "rotate", "leftover", "kitty", "discard", "pass", "deal_size", "drop"};
constexpr std::string_view bidding_settings[] = {"order", "bid", "skip", "announce", "drop"};
constexpr std::string_view play_settings[] = {"lead", "forbid", "broken_by", "follow", "force", "drop"};
constexpr std::string_view scoring_settings[] = {"counter", "tally", "rule", "drop"};
constexpr std::string_view end_settings[] = {"target", "tie", "win", "lose", "max_hands", "drop"};
constexpr std::string_view course_settings[] = {"step", "drop"};
constexpr std::string_view step_kinds[] = {"deal", "take", "discard", "pass", "bid", "calls", "exchange", "play", "partner", "draw"};
constexpr std::string_view declarations[] = {"game", "extends", "about", "option", "players", "cards", "deal", "bidding", "play", "scoring", "end", "course"};
constexpr std::string_view amend_options[] = {"blind", "allow", "exchange", "convert", "for", "partner", "by", "redeal"};
constexpr std::string_view drop_kinds[] = {"bid", "forbid", "force", "announce", "counter", "tally", "rule", "team", "tie", "step"};

template <typename Rule> inline constexpr rule_error error_info{};
#define MSG(text, ...) template <> inline constexpr rule_error error_info<__VA_ARGS__>{text}
#define ROW(rule, text, where, opened, candidates) template <> inline constexpr rule_error error_info<rule>{text, where, opened, candidates}
using expr_list = pegtl::list<R::expr, pegtl::seq<R::nl, pegtl::one<','>, R::nl>>;
MSG("expected a value", R::word);
MSG("expected one or more values", R::words);
MSG("expected a name (letters, digits and '_', starting with a letter)", R::name);
MSG("expected a whole number", R::number);
MSG("expected a number or a range like 1..13", R::range);
MSG("expected a quoted string", R::string_lit);
MSG("expected the text of a string", R::string_body);
MSG("unterminated string: expected a closing '\"' on the same line", R::string_close);
MSG("expected the end of the line", R::eos);
MSG("expected an expression", R::expr);
MSG("expected an expression", R::operand);
MSG("expected an expression", R::mul_expr);
MSG("expected an expression", R::add_expr);
MSG("expected an expression", R::not_expr);
MSG("expected an expression", R::and_expr);
ROW(R::close_paren, "expected ')'", caret::previous_code, closes::paren, {});
MSG("expected 'then' and an expression", R::then_part);
MSG("expected 'else' and an expression (an 'if' expression always has both branches)", R::else_part);
MSG("expected 'when' and a condition", R::when_clause);
MSG("expected '{' to open the block", R::stmt_block);
ROW(R::stmt_close, "expected a statement ({}, or an assignment to a counter) or '}'", caret::on_token, closes::brace, statements);
ROW(R::bid_options_close, "expected a bid option ({}) or '}'", caret::on_token, closes::brace, bid_options);
ROW(R::announce_options_close, "expected an announcement option ({}) or '}'", caret::on_token, closes::brace, announce_options);
MSG("expected a number, true or false", R::option_value);
MSG("expected a whole number", R::signed_number);
MSG("expected a whole number or an option's name", R::setting_number);
MSG("expected what to amend (bid NAME, announce NAME or rule NAME)", R::amend_target);
MSG("expected '{' and the options to change", R::amend_options);
ROW(R::amend_options_close, "expected an option to change ({}) or '}'", caret::on_token, closes::brace, amend_options);
MSG("expected the allowed values: a range such as 1..4, or values separated by blanks (2D 2C)", R::option_allowed_values);
ROW(R::block_close<R::players_block>, "expected a players setting ({}) or '}'", caret::on_token, closes::brace, players_settings);
ROW(R::block_close<R::cards_block>, "expected a cards setting ({}) or '}'", caret::on_token, closes::brace, cards_settings);
ROW(R::block_close<R::deal_block>, "expected a deal setting ({}) or '}'", caret::on_token, closes::brace, deal_settings);
ROW(R::block_close<R::bidding_block>, "expected a bidding setting ({}) or '}'", caret::on_token, closes::brace, bidding_settings);
ROW(R::block_close<R::play_block>, "expected a play setting ({}) or '}'", caret::on_token, closes::brace, play_settings);
ROW(R::block_close<R::scoring_block>, "expected a scoring setting ({}) or '}'", caret::on_token, closes::brace, scoring_settings);
ROW(R::block_close<R::end_block>, "expected an end setting ({}) or '}'", caret::on_token, closes::brace, end_settings);
ROW(R::block_close<R::course_block>, "expected a course setting ({}) or '}'", caret::on_token, closes::brace, course_settings);
MSG("expected the step's name (step NAME KIND ...)", R::step_name);
ROW(R::step_kind_name, "expected the kind of step ({or})", caret::previous_code, closes::nothing, step_kinds);
ROW(R::file_end, "expected a declaration ({})", caret::on_token, closes::nothing, declarations);
MSG("expected 'if' or '{' after 'else'", R::else_body);
MSG("expected '=', '+=' or '-=' after a counter's name (a statement is not a condition: use 'if')", R::assign_op);
MSG("expected '{'", pegtl::one<'{'>);
MSG("expected '('", pegtl::one<'('>);
MSG("expected '='", pegtl::one<'='>);
MSG("expected 'lead' or 'play' and the cards (forbid NAME lead|play CARDS when CONDITION)", R::forbid_what);
MSG("expected 'lead' CARDS 'play' WHO highest|lowest CARDS, or 'play' lowest|highest|any CARDS", R::force_form);
MSG("expected 'each player' or 'each team'", TAO_PEGTL_KEYWORD("each"));
MSG("expected 'player' or 'team' after 'each'", R::rule_scope);
ROW(R::drop_kind, "expected the kind of item to drop ({or}) and its name", caret::previous_code, closes::nothing, drop_kinds);
MSG("expected the name of the item to drop", R::drop_name);
template <> inline constexpr rule_error error_info<R::drop_what> = error_info<R::drop_kind>;
MSG("expected 'to' and the bid it becomes (convert NAME \"words\" to BID N)", TAO_PEGTL_KEYWORD("to"));
MSG("expected one or more cards before 'play'", R::card_words);
MSG("expected 'play' and who must play what (opponents highest trump)", R::kw_play);
MSG("expected a number or an option name", R::target_value);
MSG("expected an expression", expr_list);
MSG("expected a card group (suit letters, cards such as AS, rank A, trump, all, except)", R::card_group);
#undef MSG
#undef ROW
// a setting's argument: the message of the value it should be
template <typename Value> inline constexpr rule_error error_info<R::arg<Value>> = error_info<Value>;
// rules that always match (optional parts, blank runs) never fail, but the compile-time check that every
// rule under `must` has a message reaches them too
template <typename... Rules> inline constexpr rule_error error_info<pegtl::opt<Rules...>>{"internal error: an optional part failed"};
template <typename... Rules> inline constexpr rule_error error_info<pegtl::star<Rules...>>{"internal error: a repetition failed"};
template <> inline constexpr rule_error error_info<R::ws>{"internal error: blanks failed"};
template <> inline constexpr rule_error error_info<R::nl>{"internal error: blank lines failed"};

// Thrown by `control` where a `must` fails: the byte and the failing rule's row of the error table.
struct rule_failure {
  size_t byte;
  const rule_error* info;
};

// The rules that recurse: each counts one level while it is being matched, formulas and statements
// apart (so that a chain of `else if` is told as such, not by the condition that passed the bound).
template <typename Rule>
constexpr bool nests = std::is_same_v<Rule, R::expr> || std::is_same_v<Rule, R::neg_expr> ||
                       std::is_same_v<Rule, R::not_form> || std::is_same_v<Rule, R::if_stmt>;
// Thrown by `control` where the nesting passes max_nesting: the byte and whether statements nested.
struct nesting_failure {
  size_t byte;
  bool statements;
};
thread_local int nesting[2] = {0, 0};  // formula and statement levels open in the parse under way (reset by `parse`)

// The normal control, except that a failed `must<Rule>` throws the rule's row (PEGTL 3.2.7: `raise` is
// called only under `must`, so no rule raises on a plain failure), and a rule that recurses counts its
// level (the parse tree's control forwards start/success/failure of the rules it stores).
template <typename Rule>
struct control : pegtl::normal<Rule> {
  template <typename ParseInput, typename... States>
  [[noreturn]] static void raise(const ParseInput& in, States&&... /*unused*/) {
    static_assert(error_info<Rule>.message != nullptr, "a rule under `must` needs a row in the error table");
    throw rule_failure{in.position().byte, &error_info<Rule>};
  }
  template <typename ParseInput, typename... States>
  static void start(const ParseInput& in, States&&... /*unused*/) {
    constexpr bool statement = std::is_same_v<Rule, R::if_stmt>;
    if constexpr (nests<Rule>)
      if (++nesting[statement] > max_nesting) throw nesting_failure{in.position().byte, statement};
  }
  template <typename ParseInput, typename... States>
  static void success(const ParseInput& /*unused*/, States&&... /*unused*/) {
    if constexpr (nests<Rule>) --nesting[std::is_same_v<Rule, R::if_stmt>];
  }
  template <typename ParseInput, typename... States>
  static void failure(const ParseInput& /*unused*/, States&&... /*unused*/) {
    if constexpr (nests<Rule>) --nesting[std::is_same_v<Rule, R::if_stmt>];
  }
};

std::string too_deep_message(bool statements) {
  return fmt::format("{} too deeply nested (more than {} levels)", statements ? "these statements are" : "this formula is", max_nesting);
}

// ---- which rules become parse-tree nodes ----
template <typename Rule>
using selector = pegtl::parse_tree::selector<
    Rule,
    pegtl::parse_tree::store_content::on<
        R::word, R::name, R::number, R::signed_number, R::string_body, R::range, R::bool_lit, R::func_name, R::cond_expr, R::call, R::card_func_name, R::card_call, R::points_to, R::neg_expr,
        R::not_form, R::mul_op, R::add_op, R::cmp_op, R::and_op, R::or_op, R::when_clause, R::counter_init, R::counter_role, R::option_value, R::option_range, R::option_choice,
        R::let_stmt, R::points_stmt, R::tally_stmt, R::win_stmt, R::lose_stmt, R::if_stmt, R::else_branch, R::assign_stmt, R::assign_op,
        R::stmt_block, R::count_item, R::seats_item, R::teams_item, R::team_item, R::dummy_item, R::suits_item, R::ranks_item, R::jokers_item,
        R::remove_item, R::packs_item, R::trump_item, R::top_trumps_item, R::ties_item, R::hand_size_item, R::rotate_item,
        R::leftover_item, R::kitty_item, R::discard_item, R::pass_item, R::deal_size_item, R::convert_item, R::by_item, R::redeal_item, R::announce_item, R::force_item, R::kw_play, R::kw_lead, R::order_item, R::blind_item, R::allow_item, R::exchange_item, R::for_side_item, R::partner_agrees_item, R::bid_item, R::skip_item, R::lead_item,
        R::forbid_item, R::broken_by_item, R::follow_item, R::counter_item, R::tally_decl_item, R::rule_item, R::target_item,
        R::tie_item, R::win_when_item, R::lose_when_item, R::max_hands_item, R::drop_item, R::players_block, R::cards_block,
        R::step_item, R::step_place_kw, R::step_name, R::step_kind_name, R::course_block, R::deal_block, R::bidding_block, R::play_block, R::scoring_block, R::end_block, R::amend_item, R::amend_call_kind, R::amend_rule_kind, R::drop_target_kw, R::game_decl, R::extends_decl, R::about_decl, R::option_item>,
    pegtl::parse_tree::fold_one::on<R::mul_expr, R::add_expr, R::cmp_expr, R::and_expr, R::or_expr, R::expr>>;

// ---- the parse tree ----
// PEGTL's parse_tree allocates a node for every rule it tries, kept or not, and frees the failed ones: most
// of a variant's load went there. Here the selected rules' nodes are appended in post-order to one vector,
// a failed rule truncates it back to where it started, and children are linked once the parse is done.

// A rule's node type is the address of its tag.
template <typename Rule> inline constexpr char type_tag = 0;

struct node;
// A node's children, in source order.
struct kids {
  const node* const* first = nullptr;
  size_t n = 0;
  size_t size() const { return n; }
  const node* operator[](size_t i) const { return first[i]; }
  const node* at(size_t i) const {
    if (i >= n) throw std::out_of_range("parse tree: no such child");
    return first[i];
  }
  const node* const* begin() const { return first; }
  const node* const* end() const { return first + n; }
};

struct node {
  struct position { size_t line, column; };
  const void* type = nullptr;
  std::string_view text;  // what the rule matched
  size_t line = 0, column = 0;
  kids children;
  template <typename Rule> bool is_type() const { return type == &type_tag<Rule>; }
  std::string string() const { return std::string(text); }
  position begin() const { return {line, column}; }
};

// The nodes as the parse makes them: `first` is the index of the node's first descendant (its own index
// when it has none), so a node's subtree is [first, its index].
struct flat_node {
  const void* type;
  const char *begin, *end;
  size_t line, column;
  size_t first;
};

struct tree_builder {
  struct open {
    size_t first;  // nodes.size() when the rule started
    pegtl::internal::iterator at;
  };
  std::vector<flat_node> nodes;
  std::vector<open> opened;

  // a selected rule matched: its node over the nodes made since it started, or with fold_one and a single
  // child, that child in its place
  void close(const void* type, bool fold, const open& o, const char* end) {
    const size_t count = nodes.size() - o.first;
    if (fold && count > 0 && nodes.back().first == o.first) return;
    nodes.push_back({type, o.at.data, fold ? nullptr : end, o.at.line, o.at.column, o.first});
  }
};

// The linked tree: nodes[i] is flat node i; the root's children are the top-level nodes.
struct parse_tree {
  std::vector<node> nodes;
  std::vector<const node*> links;
  node root;
};

// The indices of the roots of the subtrees in [first, last), last to first.
template <typename F>
void each_subtree_backwards(const std::vector<flat_node>& flat, size_t first, size_t last, F f) {
  for (size_t j = last; j > first; j = flat[j - 1].first) f(j - 1);
}

void link(const std::vector<flat_node>& flat, parse_tree& t) {
  t.nodes.resize(flat.size());
  t.links.resize(flat.size());
  size_t next = 0;  // children take consecutive runs of `links`
  auto fill = [&](node& n, size_t first, size_t last) {
    size_t count = 0;
    each_subtree_backwards(flat, first, last, [&](size_t) { ++count; });
    n.children = {t.links.data() + next, count};
    size_t k = next + count;
    each_subtree_backwards(flat, first, last, [&](size_t j) { t.links[--k] = &t.nodes[j]; });
    next += count;
  };
  for (size_t i = 0; i < flat.size(); ++i) {
    const flat_node& f = flat[i];
    node& n = t.nodes[i];
    n.type = f.type;
    if (f.end) n.text = std::string_view(f.begin, (size_t)(f.end - f.begin));
    n.line = f.line;
    n.column = f.column;
    fill(n, f.first, i);
  }
  fill(t.root, 0, flat.size());
}

template <typename Rule>
using selection = selector<Rule>;
// The control with the tree: a rule that is selected, or that may contain a selected rule, notes where
// it started; it adds its node on success and drops what it made on failure.
template <typename Rule>
struct tree_control : control<Rule> {
  static constexpr bool selected = pegtl::parse_tree::internal::is_selected_node<Rule, selection>;
  static constexpr bool folds = std::is_base_of_v<pegtl::parse_tree::fold_one, selection<Rule>>;
  static constexpr bool tracks = selected || !pegtl::parse_tree::internal::is_leaf<8, typename Rule::subs_t, selection>;
  static constexpr bool enable = tracks || control<Rule>::enable;

  template <typename ParseInput>
  static void start(const ParseInput& in, tree_builder& t) {
    control<Rule>::start(in, t);
    if constexpr (tracks) t.opened.push_back({t.nodes.size(), in.iterator()});
  }
  template <typename ParseInput>
  static void success(const ParseInput& in, tree_builder& t) {
    if constexpr (tracks) {
      if constexpr (selected) t.close(&type_tag<Rule>, folds, t.opened.back(), in.current());
      t.opened.pop_back();
    }
    control<Rule>::success(in, t);
  }
  template <typename ParseInput>
  static void failure(const ParseInput& in, tree_builder& t) {
    if constexpr (tracks) {
      t.nodes.resize(t.opened.back().first);
      t.opened.pop_back();
    }
    control<Rule>::failure(in, t);
  }
};


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

// The line and column (1-based) of byte `offset`.
pos position_of(const std::string& text, size_t offset, int file) {
  size_t nl = offset == 0 ? std::string::npos : text.rfind('\n', offset - 1);
  size_t line_start = nl == std::string::npos ? 0 : nl + 1;
  int line = 1 + (int)std::count(text.begin(), text.begin() + (long)offset, '\n');
  return {file, line, (int)(offset - line_start) + 1};
}

// The innermost `open` bracket ('{' or '(') still unclosed at byte `offset`, skipping comments and strings.
std::optional<size_t> unclosed(const std::string& text, size_t offset, char open, char close) {
  std::vector<size_t> stack;
  bool in_comment = false, in_string = false;
  for (size_t i = 0; i < offset && i < text.size(); ++i) {
    char ch = text[i];
    if (ch == '\n') { in_comment = in_string = false; continue; }
    if (in_comment) continue;
    if (in_string) { if (ch == '"') in_string = false; continue; }
    if (ch == '#') in_comment = true;
    else if (ch == '"') in_string = true;
    else if (ch == open) stack.push_back(i);
    else if (ch == close && !stack.empty()) stack.pop_back();
  }
  if (stack.empty()) return std::nullopt;
  return stack.back();
}

// A note at the innermost '{' still open at byte `offset`, naming the keyword that opened its line.
std::optional<note> unclosed_brace(const std::string& text, size_t offset, int file) {
  std::optional<size_t> o = unclosed(text, offset, '{', '}');
  if (!o) return std::nullopt;
  size_t line_start = text.rfind('\n', *o);
  line_start = line_start == std::string::npos ? 0 : line_start + 1;
  size_t k = line_start;
  while (k < *o && (text[k] == ' ' || text[k] == '\t')) ++k;
  size_t e = k;
  while (e < *o && (std::isalnum((unsigned char)text[e]) || text[e] == '_')) ++e;
  std::string what = e > k ? text.substr(k, e - k) : std::string("block");
  return note{position_of(text, k, file), fmt::format("to close '{}' opened here", what)};
}

// A note at the innermost '(' still open at byte `offset`.
std::optional<note> unclosed_paren(const std::string& text, size_t offset, int file) {
  std::optional<size_t> o = unclosed(text, offset, '(', ')');
  if (!o) return std::nullopt;
  return note{position_of(text, *o, file), "to close the '(' opened here"};
}

// When the parser stops at the first token of a line (or at the end of the file), a missing operand,
// ')' or 'else' belongs to the line before: the byte just past the last code on the nearest earlier line
// that has any. npos when the stop is mid-line or nothing precedes it.
size_t end_of_previous_code(const std::string& text, size_t offset) {
  size_t nl = offset == 0 ? std::string::npos : text.rfind('\n', offset - 1);
  size_t line_start = nl == std::string::npos ? 0 : nl + 1;
  for (size_t i = line_start; i < offset; ++i)
    if (text[i] != ' ' && text[i] != '\t' && text[i] != '\r') return std::string::npos;
  while (line_start > 0) {
    size_t end = line_start - 1;  // the '\n' ending the previous line
    size_t prev = end == 0 ? std::string::npos : text.rfind('\n', end - 1);
    size_t begin = prev == std::string::npos ? 0 : prev + 1;
    size_t code_end = begin;  // past the last character outside a comment
    bool in_string = false;
    for (size_t i = begin; i < end; ++i) {
      char ch = text[i];
      if (!in_string && ch == '#') break;
      if (ch == '"') in_string = !in_string;
      if (ch != ' ' && ch != '\t' && ch != '\r') code_end = i + 1;
    }
    if (code_end > begin) return code_end;
    line_start = begin;
  }
  return std::string::npos;
}

std::string found_at(const std::string& text, size_t offset) {
  if (offset >= text.size()) return "found the end of the file";
  unsigned char c = (unsigned char)text[offset];
  if (c == '\n' || c == '\r') return "found the end of the line";
  if (std::isalnum(c) || c == '_') {
    size_t e = offset;
    while (e < text.size() && (std::isalnum((unsigned char)text[e]) || text[e] == '_')) ++e;
    if (e - offset > 40) return fmt::format("found '{}...'", text.substr(offset, 40));
    return fmt::format("found '{}'", text.substr(offset, e - offset));
  }
  // a whole UTF-8 character is shown as itself ('♠'); a stray or control byte by its value
  size_t n = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
  bool whole = n > 0 && offset + n <= text.size();
  for (size_t i = 1; whole && i < n; ++i) whole = ((unsigned char)text[offset + i] & 0xc0) == 0x80;
  if (whole) return fmt::format("found '{}'", text.substr(offset, n));
  if (c < 0x20 || c >= 0x7f) return fmt::format("found byte 0x{:02x}", c);
  return fmt::format("found '{}'", (char)c);
}

// The row's message, its candidates in place of "{}".
std::string message_of(const rule_error& e) {
  std::string msg = e.message;
  if (e.candidates.empty()) return msg;
  if (size_t at = msg.find("{}"); at != std::string::npos) msg.replace(at, 2, fmt::format("{}", fmt::join(e.candidates, ", ")));
  if (size_t at = msg.find("{or}"); at != std::string::npos)
    msg.replace(at, 4, fmt::format("{} or {}", fmt::join(e.candidates.first(e.candidates.size() - 1), ", "), e.candidates.back()));
  return msg;
}

// The diagnostic for a failed `must`: caret, did-you-mean and note as the failing rule's row says.
diag_error syntax_error(const std::string& text, int file, const rule_failure& f) {
  const rule_error& row = *f.info;
  const size_t at = f.byte;
  std::string found = found_at(text, at);
  size_t report = at;
  if (row.where == caret::previous_code || at >= text.size())
    if (size_t back = end_of_previous_code(text, at); back != std::string::npos) {
      report = back;
      if (at < text.size()) found = "found the end of the line";
    }
  std::string full = fmt::format("{}, {}", message_of(row), found);
  if (report == at && found.rfind("found '", 0) == 0) {
    std::vector<std::string> candidates(row.candidates.begin(), row.candidates.end());
    full += did_you_mean(found.substr(7, found.size() - 8), candidates);
  }
  std::vector<note> notes;
  std::optional<note> n = row.opened == closes::brace ? unclosed_brace(text, at, file)
                          : row.opened == closes::paren ? unclosed_paren(text, at, file)
                                                        : std::nullopt;
  if (n) notes.push_back(*n);
  return diag_error(position_of(text, report, file), full, notes);
}

// Before parsing, in one pass: a lone carriage return (old Mac line endings), a control character in a
// string (it would reach the terminal raw when the string is printed) and absurd bracket depth (PEGTL
// descends recursively). Brackets in a comment or a string are text, not nesting.
void prescan(const std::string& text, int file) {
  int depth = 0;
  bool comment = false, string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const unsigned char ch = (unsigned char)text[i];
    if (ch == '\r' && (i + 1 == text.size() || text[i + 1] != '\n'))
      throw diag_error(position_of(text, i, file),
                       "a carriage return without a line feed: save the file with Unix (LF) or Windows (CRLF) line endings");
    if (ch == '\n') { comment = string = false; continue; }
    if (comment) continue;
    if (string) {
      // C0 controls but tab (a tab is harmless blank), DEL, and the C1 controls (U+0080..U+009F, CSI among them)
      bool c1 = ch == 0xc2 && i + 1 < text.size() && (unsigned char)text[i + 1] >= 0x80 && (unsigned char)text[i + 1] <= 0x9f;
      if (c1)
        throw diag_error(position_of(text, i, file),
                         fmt::format("a string may not contain control characters (found U+{:04X})", (unsigned char)text[i + 1]));
      if ((ch < 0x20 && ch != '\t' && ch != '\r') || ch == 0x7f)
        throw diag_error(position_of(text, i, file), fmt::format("a string may not contain control characters (found byte 0x{:02x})", ch));
      string = ch != '"';
      continue;
    }
    if (ch == '#') comment = true;
    else if (ch == '"') string = true;
    else if (ch == '(' || ch == '{') {
      if (++depth > max_nesting)
        throw diag_error(position_of(text, i, file), fmt::format("nesting is too deep (more than {} levels of '(' and '{{')", max_nesting));
    } else if (ch == ')' || ch == '}') depth = depth > 0 ? depth - 1 : 0;
  }
}

}  // namespace

std::string too_large_message(uint64_t size) { return fmt::format("the file is too large ({} bytes; the limit is 4 MiB)", size); }

file_ast parse(const sources& src, int file) {
  const std::string& text = src.text(file);
  if (size_t nul = text.find('\0'); nul != std::string::npos)
    throw diag_error(position_of(text, nul, file), "this is a binary file, not a variant file (it contains a NUL byte)");
  if (text.size() > max_source_bytes) throw diag_error({file, 1, 1}, too_large_message(text.size()));
  prescan(text, file);
  pegtl::memory_input in(text.data(), text.size(), src.path(file));
  try {
    nesting[0] = nesting[1] = 0;
    tree_builder b;
    b.nodes.reserve(text.size() / 8 + 16);
    b.opened.reserve(64);
    if (!pegtl::parse<R::grammar, pegtl::nothing, tree_control>(in, b)) throw diag_error({file, 1, 1}, "this is not a variant file");
    parse_tree t;
    link(b.nodes, t);
    return converter{file}.convert(t.root);
  } catch (const rule_failure& f) {
    throw syntax_error(text, file, f);
  } catch (const nesting_failure& f) {
    throw diag_error(position_of(text, f.byte, file), too_deep_message(f.statements));
  }
}

std::size_t analyze_grammar() { return pegtl::analyze<R::grammar>(-1); }

}  // namespace spades::lang
