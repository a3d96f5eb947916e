// spades diff A B: what variant B changes from variant A, in the words of `spades explain`: the two
// explanations compared section by section, and only the lines that differ shown, under their section.
#include <algorithm>

#include <fmt/format.h>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "cli/explain.hpp"

namespace spades::cli {

static const char* help =
    "usage: spades diff A B [--json]\n"
    "\n"
    "Shows what variant B changes from variant A, in the words of `spades explain`: each section of the\n"
    "explanation whose sentences differ, the sentences only A has marked -, those only B has marked +\n"
    "(an indented sentence under the one it belongs to, shown unmarked when it is the same in both).\n"
    "--json prints {\"a\", \"b\", \"same\", \"sections\": [{\"title\", \"changes\": [{\"change\", \"line\"}]}]},\n"
    "each change \"removed\", \"added\" or \"context\".\n"
    "\n"
    "exit codes: 0 compared (whether or not they differ), 1 a variant has errors, 2 bad usage or a file cannot be read\n";

namespace {

struct change {
  char mark;  // '-' only in A, '+' only in B, ' ' the same, shown for context
  std::string line;
};

// The longest common subsequence of the two lists of lines, walked into removals, additions and lines kept.
std::vector<change> line_diff(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  size_t n = a.size(), m = b.size();
  std::vector<std::vector<int>> common(n + 1, std::vector<int>(m + 1, 0));
  for (size_t i = n; i-- > 0;)
    for (size_t j = m; j-- > 0;) common[i][j] = a[i] == b[j] ? common[i + 1][j + 1] + 1 : std::max(common[i + 1][j], common[i][j + 1]);
  std::vector<change> out;
  size_t i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] == b[j]) out.push_back({'=', a[i++]}), ++j;
    else if (i < n && (j == m || common[i + 1][j] >= common[i][j + 1])) out.push_back({'-', a[i++]});  // what A said, then what B says
    else out.push_back({'+', b[j++]});
  }
  return out;
}

bool indented(const std::string& l) { return l.rfind("  ", 0) == 0; }

// The changes of one section, each changed indented line preceded by the unchanged line it belongs to.
std::vector<change> section_changes(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  std::vector<change> out;
  const change* parent = nullptr;
  bool parent_shown = false;
  std::vector<change> all = line_diff(a, b);
  for (const change& c : all) {
    if (c.mark == '=') {
      if (!indented(c.line)) parent = &c, parent_shown = false;
      continue;
    }
    if (!indented(c.line)) parent = nullptr;
    else if (parent && !parent_shown) out.push_back({' ', parent->line}), parent_shown = true;
    out.push_back(c);
  }
  return out;
}

const explained_section* find_section(const explanation& e, const std::string& title) {
  for (const explained_section& s : e.sections)
    if (s.title == title) return &s;
  return nullptr;
}

struct section_diff {
  std::string title;
  std::vector<change> changes;
};

std::vector<section_diff> compare(const explanation& a, const explanation& b) {
  std::vector<std::string> titles;
  for (const explanation* e : {&a, &b})
    for (const explained_section& s : e->sections)
      if (std::find(titles.begin(), titles.end(), s.title) == titles.end()) titles.push_back(s.title);
  std::vector<section_diff> out;
  if (a.heading != b.heading || a.about != b.about) {
    std::vector<std::string> la{a.heading}, lb{b.heading};
    if (!a.about.empty()) la.push_back(a.about);
    if (!b.about.empty()) lb.push_back(b.about);
    out.push_back({"Name", section_changes(la, lb)});
  }
  static const std::vector<std::string> none;
  for (const std::string& t : titles) {
    const explained_section *sa = find_section(a, t), *sb = find_section(b, t);
    std::vector<change> c = section_changes(sa ? sa->lines : none, sb ? sb->lines : none);
    if (!c.empty()) out.push_back({t, std::move(c)});
  }
  return out;
}

}  // namespace

int cmd_diff(int argc, char** argv) {
  if (wants_help(argc, argv, help)) return 0;
  args a = parse_args("diff", argc, argv, {"--json"}, {});
  if (a.positional.size() != 2) throw usage_error("name two variant files: the one to compare with, then the one compared");
  std::shared_ptr<const variant> va = load_or_report(a.positional[0]);
  if (!va) return 1;
  std::shared_ptr<const variant> vb = load_or_report(a.positional[1]);
  if (!vb) return 1;
  explanation ea = explain(*va, {}, {}), eb = explain(*vb, {}, {});
  std::vector<section_diff> diffs = compare(ea, eb);
  if (a.has("--json")) {
    nlohmann::ordered_json sections = nlohmann::ordered_json::array();
    for (const section_diff& d : diffs) {
      nlohmann::ordered_json changes = nlohmann::ordered_json::array();
      for (const change& c : d.changes)
        changes.push_back({{"change", c.mark == '-' ? "removed" : c.mark == '+' ? "added" : "context"}, {"line", c.line}});
      sections.push_back({{"title", d.title}, {"changes", changes}});
    }
    nlohmann::ordered_json doc{{"a", ea.heading}, {"b", eb.heading}, {"same", diffs.empty()}, {"sections", sections}};
    fmt::print("{}\n", json_text(doc));
    return 0;
  }
  if (diffs.empty()) {
    fmt::print("{} has the same rules as {}.\n", eb.heading, ea.heading);
    return 0;
  }
  fmt::print("What {} changes from {}:\n", eb.heading, ea.heading);
  for (const section_diff& d : diffs) {
    fmt::print("\n{}\n", d.title);
    for (const change& c : d.changes) fmt::print("{} {}\n", c.mark, c.line);
  }
  return 0;
}

}  // namespace spades::cli
