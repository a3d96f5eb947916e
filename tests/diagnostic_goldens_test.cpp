// Every error message the language passes can emit has a golden: the messages are read from lang/ itself
// (the literals given to diag_error(...) and fail(...), the parser's error table, the vocabulary's
// "misplaced" texts) and each must show in some tests/lang/*.err, or be allowed below with a reason.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/test_util.hpp"

using spades::testing::slurp;
namespace fs = std::filesystem;

namespace {

// How a message's "{...}" parts are filled: fmt::format fills any "{...}"; the parser's error table fills
// only "{}" and "{or}"; a plain literal is printed as written.
enum class filling { fmt, table, none };

struct message {
  std::string where;  // "lang/FILE:LINE"
  std::string text;   // as written, unescaped
  filling fill;
};

// The source with comments blanked out (strings and line breaks kept), so that a call in a comment is not
// taken for a call and line numbers stay true.
std::string without_comments(const std::string& s) {
  std::string out = s;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '"' || s[i] == '\'') {
      const char q = s[i];
      for (++i; i < s.size() && s[i] != q; ++i)
        if (s[i] == '\\') ++i;
    } else if (s.compare(i, 2, "//") == 0) {
      for (; i < s.size() && s[i] != '\n'; ++i) out[i] = ' ';
    } else if (s.compare(i, 2, "/*") == 0) {
      const size_t end = std::min(s.find("*/", i + 2), s.size() - 2) + 2;
      for (; i < end; ++i)
        if (s[i] != '\n') out[i] = ' ';
      --i;
    }
  }
  return out;
}

// The index just past the literal (or char) opening at `i`.
size_t past_quoted(const std::string& s, size_t i) {
  const char q = s[i];
  for (++i; i < s.size() && s[i] != q; ++i)
    if (s[i] == '\\') ++i;
  return i + 1;
}

// The top-level arguments of the call whose '(' is at `open`, as source text.
std::vector<std::string> arguments(const std::string& s, size_t open) {
  std::vector<std::string> args;
  int depth = 0;
  size_t start = open + 1;
  for (size_t i = open; i < s.size();) {
    const char c = s[i];
    if (c == '"' || c == '\'') {
      i = past_quoted(s, i);
      continue;
    }
    if (c == '(' || c == '{' || c == '[') ++depth;
    if (c == ')' || c == '}' || c == ']') {
      if (--depth == 0) {
        args.push_back(s.substr(start, i - start));
        return args;
      }
    }
    if (c == ',' && depth == 1) {
      args.push_back(s.substr(start, i - start));
      start = i + 1;
    }
    ++i;
  }
  return args;
}

// The first run of string literals in `arg` (adjacent literals joined, as the compiler joins them),
// unescaped; "" when `arg` has none.
std::string first_literal(const std::string& arg) {
  std::string out;
  size_t i = arg.find('"');
  while (i != std::string::npos && i < arg.size() && arg[i] == '"') {
    const size_t end = past_quoted(arg, i);
    for (size_t k = i + 1; k + 1 < end; ++k) {
      if (arg[k] == '\\' && k + 2 < end) {
        ++k;
        out += arg[k] == 'n' ? '\n' : arg[k] == 't' ? '\t' : arg[k];
      } else {
        out += arg[k];
      }
    }
    i = arg.find_first_not_of(" \t\r\n", end);
  }
  return out;
}

std::string squeezed(std::string s) {
  s = std::regex_replace(s, std::regex("\\s+"), " ");
  const size_t a = s.find_first_not_of(' '), b = s.find_last_not_of(' ');
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

// Calls whose message is not a literal at the call: it is made elsewhere and relayed here. Each is
// named by file and the (squeezed) message argument, so a new relay must be looked at and added.
const std::set<std::pair<std::string, std::string>> relays = {
    {"elaborate.cpp", "std::string msg"},                                // fail's own declaration
    {"elaborate.hpp", "std::string msg"},                                // and definition
    {"elaborate.cpp", "std::move(msg)"},                                 // fail throws what its callers wrote
    {"parse_errors.cpp", "full"},                                        // a row of the error table, scanned below
    {"parser.cpp", "too_large_message(text.size())"},                    // the 4 MiB limit: see the allow-list
    {"resolve.cpp", "too_large_message(read.size)"},                     // the same
    {"formula.cpp", "fmt::format(fmt::runtime(row.misplaced), f)"},      // the vocabulary's rows, scanned below
    {"actions.cpp", "too_deep_message(false)"},                          // nesting beyond 100: pinned by limits_test
    {"parser.cpp", "too_deep_message(f.statements)"},                    // with generated inputs (formulas, statements)
};

struct scan_result {
  std::vector<message> messages;
  std::vector<std::string> unread;  // calls whose message could not be read and are no known relay
};

int line_of(const std::string& s, size_t at) { return 1 + (int)std::count(s.begin(), s.begin() + (long)at, '\n'); }

// Every call named `callee` in `src` (as a whole word), with its message in argument `index`.
void scan_calls(const std::string& file, const std::string& src, const std::string& callee, size_t index, filling plain,
                scan_result& out) {
  for (size_t at = src.find(callee + "("); at != std::string::npos; at = src.find(callee + "(", at + 1)) {
    if (at > 0 && (std::isalnum((unsigned char)src[at - 1]) || src[at - 1] == '_' || src[at - 1] == '.')) continue;
    const std::vector<std::string> args = arguments(src, at + callee.size());
    const std::string where = "lang/" + file + ":" + std::to_string(line_of(src, at));
    if (args.size() <= index) {
      out.unread.push_back(where + ": " + callee + "(...) has no message argument");
      continue;
    }
    const std::string arg = squeezed(args[index]);
    const std::string text = first_literal(arg);
    if (text.empty()) {
      if (!relays.count({file, arg})) out.unread.push_back(where + ": cannot read the message of " + callee + "(..., " + arg + ")");
      continue;
    }
    out.messages.push_back({where, text, arg.rfind("fmt::format(", 0) == 0 ? filling::fmt : plain});
  }
}

// The error table's rows written as template specialisations outside MSG/ROW (`error_info<...>{"..."}`).
void scan_table_literals(const std::string& file, const std::string& src, scan_result& out) {
  static const std::regex row("syntax_row error_info<[^;]*?>\\s*\\{\\s*\"");
  for (auto it = std::sregex_iterator(src.begin(), src.end(), row); it != std::sregex_iterator(); ++it) {
    const size_t brace = src.rfind('{', (size_t)(it->position() + it->length()) - 1);
    const std::string text = first_literal(arguments(src, brace).at(0));
    out.messages.push_back({"lang/" + file + ":" + std::to_string(line_of(src, (size_t)it->position())), text, filling::table});
  }
}

scan_result scan_lang() {
  scan_result out;
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(fs::path(SPADES_SOURCE_DIR) / "lang"))
    if (e.path().extension() == ".cpp" || e.path().extension() == ".hpp") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const fs::path& p : files) {
    const std::string file = p.filename().string();
    const std::string src = without_comments(slurp(p));
    scan_calls(file, src, "diag_error", 1, filling::none, out);
    scan_calls(file, src, "fail", 1, filling::none, out);
    if (src.find("#define MSG(") != std::string::npos) {
      // the parser's table: MSG(text, rule) and ROW(rule, text, ...), past their own #defines
      const std::string rows = src.substr(src.find('\n', src.find("#define ROW(")));
      const std::string head = src.substr(0, src.size() - rows.size());
      scan_result table;
      scan_calls(file, rows, "MSG", 0, filling::table, table);
      scan_calls(file, rows, "ROW", 1, filling::table, table);
      const int shift = line_of(src, head.size()) - 1;
      for (message& m : table.messages) {
        const size_t colon = m.where.rfind(':');
        m.where = m.where.substr(0, colon + 1) + std::to_string(std::stoi(m.where.substr(colon + 1)) + shift);
        out.messages.push_back(m);
      }
      for (const std::string& u : table.unread) out.unread.push_back(u);
      scan_table_literals(file, src, out);
    }
    // a built-in function's row: why it cannot be used where it was ("{}" is its name); {} when it can
    if (file == "vocabulary.cpp") {
      scan_result rows;
      scan_calls(file, src, "function", 3, filling::fmt, rows);
      for (const message& m : rows.messages)
        if (m.text != "{}") out.messages.push_back(m);
    }
  }
  return out;
}

// The fixed parts of a message, between the parts filled in when it is raised.
std::vector<std::string> fixed_parts(const message& m) {
  static const std::regex fmt_field("\\{[^{}]*\\}"), table_field("\\{(or)?\\}");
  if (m.fill == filling::none) return {m.text};
  const std::regex& field = m.fill == filling::fmt ? fmt_field : table_field;
  // fmt's escaped braces ({{ and }}) are literal text, not fields: held aside while the fields are cut out
  std::string text = m.text;
  if (m.fill == filling::fmt) {
    text = std::regex_replace(text, std::regex("\\{\\{"), "\x01");
    text = std::regex_replace(text, std::regex("\\}\\}"), "\x02");
  }
  std::vector<std::string> parts;
  for (std::sregex_token_iterator it(text.begin(), text.end(), field, -1), end; it != end; ++it) {
    std::string part = *it;
    std::replace(part.begin(), part.end(), '\x01', '{');
    std::replace(part.begin(), part.end(), '\x02', '}');
    if (!part.empty()) parts.push_back(part);
  }
  return parts;
}

// The text of each golden's error line (after "error: "): notes and source lines are not messages.
std::vector<std::string> golden_errors() {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(fs::path(SPADES_SOURCE_DIR) / "tests/lang")) {
    if (e.path().extension() != ".err") continue;
    std::istringstream in(slurp(e.path()));
    for (std::string line; std::getline(in, line);)
      if (size_t at = line.find(": error: "); at != std::string::npos) out.push_back(line.substr(at + 9));
  }
  return out;
}

bool shows(const std::string& line, const std::vector<std::string>& parts) {
  size_t from = 0;
  for (const std::string& p : parts) {
    const size_t at = line.find(p, from);
    if (at == std::string::npos) return false;
    from = at + p.size();
  }
  return true;
}

// Messages no golden can show, each with why. Keyed by the message as written in the code.
const std::map<std::string, std::string> unreachable = {
    {"internal error: unexpected expression shape", "the converter's guard: the grammar makes no other expression"},
    {"internal error: '{}' is not in the vocabulary", "the parser only calls names the vocabulary lists as functions"},
    {"internal error: an optional part failed", "opt<> always matches; the row exists for the compile-time table check"},
    {"internal error: a repetition failed", "star<> always matches; as above"},
    {"internal error: blanks failed", "ws always matches; as above"},
    {"internal error: blank lines failed", "nl always matches; as above"},
    {"expected the text of a string", "string_body is a star<>, which always matches"},
    {"this is not a variant file", "the grammar ends in must<file_end>: a failed parse raises, never returns false"},
    {"expected a number for {}, found '{}'", "to_int reads only words the grammar took as `number` (digits)"},
    {"`by` belongs to announcements, not to bids", "the grammar's bid options exclude `by` (\"expected a bid option\")"},
    {"`{}` is a bid option; an announcement takes `by` and `allow`",
     "the grammar's announcement options are `by` and `allow` only (\"expected an announcement option\")"},
};

}  // namespace

TEST_CASE("the scan of lang/ finds the messages", "[diagnostics]") {
  const scan_result r = scan_lang();
  for (const std::string& u : r.unread) FAIL_CHECK(u << " (read it, or name it in `relays` with why)");
  // a sample of each call shape, so that a broken scan cannot pass by finding nothing
  auto found = [&](const std::string& text) {
    return std::any_of(r.messages.begin(), r.messages.end(), [&](const message& m) { return m.text == text; });
  };
  CHECK(found("this is not a variant file"));                                     // diag_error(..., "...")
  CHECK(found("'{}' is declared twice"));                                         // diag_error(..., fmt::format(...))
  CHECK(found("`kitty` says who takes the leftover cards: it needs `leftover kitty`"));  // fail(..., "...")
  CHECK(found("expected `order players from SEAT` or `order teams from SEAT` (SEAT: dealer_left, dealer or dealer_right)"));
  CHECK(found("this game could never end: no scoring rule gives points, so no score can reach the target {} "
              "(add scoring rules, or a `win when` / `lose when` condition)"));  // concatenated over lines
  CHECK(found("expected a whole number"));                                        // MSG
  CHECK(found("expected a players setting ({}) or '}'"));                         // ROW
  CHECK(found("internal error: blanks failed"));                                  // error_info<...>{"..."}
  CHECK(found("{}() adds up a team's players: use it in a team rule"));           // the vocabulary
  CHECK(r.messages.size() >= 100);
}

TEST_CASE("every message of the language has a golden", "[diagnostics]") {
  const scan_result r = scan_lang();
  const std::vector<std::string> goldens = golden_errors();
  std::set<std::string> allowed_and_used;
  int with_golden = 0;
  for (const message& m : r.messages) {
    if (unreachable.count(m.text)) {
      allowed_and_used.insert(m.text);
      continue;
    }
    const std::vector<std::string> parts = fixed_parts(m);
    if (std::any_of(goldens.begin(), goldens.end(), [&](const std::string& g) { return shows(g, parts); })) ++with_golden;
    else FAIL_CHECK(m.where << ": no golden shows \"" << m.text << "\"");
  }
  for (const auto& [text, why] : unreachable)
    if (!allowed_and_used.count(text)) FAIL_CHECK("the allow-list names \"" << text << "\", which lang/ no longer raises");
  INFO(r.messages.size() << " messages, " << with_golden << " with a golden");
  CHECK(with_golden > 0);
}
