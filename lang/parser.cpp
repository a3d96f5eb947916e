// parse: the driver. Text -> (prescan) -> PEGTL parse with the grammar (lang/grammar.hpp) into a parse tree
// (lang/parse_tree.hpp) -> the syntax tree (lang/actions.cpp). A failed rule under `must` is rendered by
// lang/parse_errors.cpp from its row of the error table. The one place that runs PEGTL.
#include "lang/parser.hpp"

#include <algorithm>
#include <type_traits>

#include <fmt/format.h>

#include <tao/pegtl.hpp>
#include <tao/pegtl/contrib/analyze.hpp>
#include <tao/pegtl/contrib/parse_tree.hpp>

#include "lang/actions.hpp"
#include "lang/grammar.hpp"
#include "lang/parse_errors.hpp"
#include "lang/parse_tree.hpp"

namespace spades::lang {

using namespace syntax;

namespace {

// ---- which rules become parse-tree nodes: the items' rules (item_rules, lang/actions.hpp) and these ----
template <class Items>
struct stored;
template <class... Items>
struct stored<rule_list<Items...>> {
  using type = pegtl::parse_tree::store_content::on<
        R::word, R::name, R::number, R::signed_number, R::string_body, R::range, R::bool_lit, R::func_name, R::cond_expr, R::call,
        R::card_func_name, R::card_call, R::points_to, R::neg_expr, R::not_form, R::mul_op, R::add_op, R::cmp_op, R::and_op, R::or_op,
        R::when_clause, R::counter_init, R::counter_role, R::option_value, R::option_range, R::option_choice, R::let_stmt, R::points_stmt,
        R::tally_stmt, R::win_stmt, R::lose_stmt, R::if_stmt, R::else_branch, R::assign_stmt, R::assign_op, R::stmt_block, R::kw_play,
        R::kw_lead, R::players_block, R::cards_block, R::step_place_kw, R::step_name, R::step_kind_name, R::course_block, R::deal_block,
        R::bidding_block, R::play_block, R::scoring_block, R::end_block, R::amend_call_kind, R::amend_rule_kind, R::drop_target_kw,
        R::game_decl, R::extends_decl, R::about_decl, R::group_decl, R::include_decl, R::fragment_decl, R::condition_decl,
      Items...>;
};
template <typename Rule>
using selector = pegtl::parse_tree::selector<
    Rule,
    typename stored<item_rules>::type,
    pegtl::parse_tree::fold_one::on<R::mul_expr, R::add_expr, R::cmp_expr, R::and_expr, R::or_expr, R::expr>>;


// PEGTL's parse_tree allocates a node for every rule it tries, kept or not, and frees the failed ones: most
// of a variant's load went there. Here the selected rules' nodes are appended in post-order to one vector,
// a failed rule truncates it back to where it started, and children are linked once the parse is done.

// The nodes as the parse makes them: `first` is the index of the node's first descendant (its own index
// when it has none), so a node's subtree is [first, its index].
struct flat_node {
  const void* type;
  const char *begin, *end;
  size_t line, column;
  size_t first;
};

// The state of one parse, passed through PEGTL's parse to the control: the nodes made so far, the rules
// open, and the formula and statement levels open (bounded by max_nesting).
struct parse_state {
  struct open {
    size_t first;  // nodes.size() when the rule started
    pegtl::internal::iterator at;
  };
  std::vector<flat_node> nodes;
  std::vector<open> opened;
  int nesting[2] = {0, 0};  // [0]: formulas, [1]: statements

  // a selected rule matched: its node over the nodes made since it started, or with fold_one and a single
  // child, that child in its place
  void close(const void* type, bool fold, const open& o, const char* end) {
    const size_t count = nodes.size() - o.first;
    if (fold && count > 0 && nodes.back().first == o.first) return;
    nodes.push_back({type, o.at.data, fold ? nullptr : end, o.at.line, o.at.column, o.first});
  }
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

// Thrown by `control` where a `must` fails: the byte and the failing rule's row of the error table.
struct rule_failure {
  size_t byte;
  const syntax_row* row;
};

// The rules that recurse: each counts one level while it is being matched, formulas and statements
// apart (so that a chain of `else if` is told as such, not by the condition that passed the bound).
template <typename Rule>
constexpr bool nests = std::is_same_v<Rule, R::expr> || std::is_same_v<Rule, R::neg_expr> ||
                       std::is_same_v<Rule, R::not_form> || std::is_same_v<Rule, R::if_stmt>;
template <typename Rule>
constexpr int nesting_of = std::is_same_v<Rule, R::if_stmt> ? 1 : 0;
// Thrown by `control` where the nesting passes max_nesting: the byte and whether statements nested.
struct nesting_failure {
  size_t byte;
  bool statements;
};

template <typename Rule>
using selection = selector<Rule>;
// The normal control, except that: a failed `must<Rule>` throws the rule's row (PEGTL 3.2.7: `raise` is
// called only under `must`, so no rule raises on a plain failure); a rule that recurses counts its level
// in the parse's state; and the tree: a rule that is selected, or that may contain a selected rule,
// notes where it started, adds its node on success and drops what it made on failure.
template <typename Rule>
struct control : pegtl::normal<Rule> {
  static constexpr bool selected = pegtl::parse_tree::internal::is_selected_node<Rule, selection>;
  static constexpr bool folds = std::is_base_of_v<pegtl::parse_tree::fold_one, selection<Rule>>;
  static constexpr bool tracks = selected || !pegtl::parse_tree::internal::is_leaf<8, typename Rule::subs_t, selection>;
  static constexpr bool enable = tracks || nests<Rule> || pegtl::normal<Rule>::enable;

  template <typename ParseInput>
  [[noreturn]] static void raise(const ParseInput& in, parse_state& /*unused*/) {
    static_assert(error_info<Rule>.message != nullptr, "a rule under `must` needs a row in the error table");
    throw rule_failure{in.position().byte, &error_info<Rule>};
  }
  template <typename ParseInput>
  static void start(const ParseInput& in, parse_state& s) {
    if constexpr (nests<Rule>)
      if (++s.nesting[nesting_of<Rule>] > max_nesting) throw nesting_failure{in.position().byte, nesting_of<Rule> == 1};
    if constexpr (tracks) s.opened.push_back({s.nodes.size(), in.iterator()});
  }
  template <typename ParseInput>
  static void success(const ParseInput& in, parse_state& s) {
    if constexpr (tracks) {
      if constexpr (selected) s.close(&type_tag<Rule>, folds, s.opened.back(), in.current());
      s.opened.pop_back();
    }
    if constexpr (nests<Rule>) --s.nesting[nesting_of<Rule>];
  }
  template <typename ParseInput>
  static void failure(const ParseInput& /*unused*/, parse_state& s) {
    if constexpr (tracks) {
      s.nodes.resize(s.opened.back().first);
      s.opened.pop_back();
    }
    if constexpr (nests<Rule>) --s.nesting[nesting_of<Rule>];
  }
};

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

// The selected rules' nodes of source `file` (its text must outlive them). Throws diag_error.
std::vector<flat_node> parse_nodes(const sources& src, int file) {
  const std::string& text = src.text(file);
  if (size_t nul = text.find('\0'); nul != std::string::npos)
    throw diag_error(position_of(text, nul, file), "this is a binary file, not a variant file (it contains a NUL byte)");
  if (text.size() > max_source_bytes) throw diag_error({file, 1, 1}, too_large_message(text.size()));
  prescan(text, file);
  pegtl::memory_input in(text.data(), text.size(), src.path(file));
  try {
    parse_state state;
    state.nodes.reserve(text.size() / 8 + 16);
    state.opened.reserve(64);
    if (!pegtl::parse<R::grammar, pegtl::nothing, control>(in, state)) throw diag_error({file, 1, 1}, "this is not a variant file");
    return std::move(state.nodes);
  } catch (const rule_failure& f) {
    throw syntax_error(text, file, f.byte, *f.row);
  } catch (const nesting_failure& f) {
    throw diag_error(position_of(text, f.byte, file), too_deep_message(f.statements));
  }
}

}  // namespace

std::string too_large_message(uint64_t size) {
  return fmt::format("the file is too large ({} bytes; the limit is {} MiB)", size, max_source_bytes >> 20);
}

file_ast parse(const sources& src, int file) {
  parse_tree t;
  link(parse_nodes(src, file), t);
  return to_ast(t.root, file);
}

std::vector<size_t> binary_minus_offsets(const sources& src, int file) {
  const char* text = src.text(file).data();
  std::vector<size_t> offsets;
  for (const flat_node& n : parse_nodes(src, file))
    if (n.type == &type_tag<R::add_op> && *n.begin == '-') offsets.push_back((size_t)(n.begin - text));
  std::sort(offsets.begin(), offsets.end());
  return offsets;
}

std::size_t analyze_grammar() { return pegtl::analyze<R::grammar>(-1); }

}  // namespace spades::lang
