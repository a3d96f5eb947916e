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
    "explanation whose sentences differ, the sentences only A has marked -, those only B has marked +.\n"
    "Items (a rule, a bid, a counter...) are matched by name: one only A or only B has is shown whole;\n"
    "of one both have, the indented sentences that differ, under its first sentence shown unmarked.\n"
    "--json prints {\"a\", \"b\", \"same\", \"sections\": [{\"title\", \"changes\": [{\"change\", \"line\"}]}]},\n"
    "each change \"removed\", \"added\" or \"context\".\n"
    "\n"
    "exit codes: 0 compared (whether or not they differ), 1 a variant has errors, 2 bad usage or a file cannot be read\n";

namespace {

struct change {
  char mark;  // '-' only in A, '+' only in B, ' ' the same, shown for context
  std::string line;
};

bool indented(const std::string& l) { return l.rfind("  ", 0) == 0; }

// A sentence and the indented ones under it (a rule and its statements, a bid and its options). Two
// entries are the same item when their keys are: the sentence up to its first ':' or ',' ("Rule nil",
// "Bid number", "Counter bags").
struct entry {
  std::string key;
  std::vector<std::string> lines;
};

std::vector<entry> entries_of(const std::vector<std::string>& lines) {
  std::vector<entry> out;
  for (const std::string& l : lines) {
    if (indented(l) && !out.empty()) {
      out.back().lines.push_back(l);
      continue;
    }
    out.push_back({l.substr(0, l.find_first_of(":,")), {l}});
  }
  return out;
}

// The longest common subsequence of the two lists by `same`, walked into pairs (i, j); -1 on the side
// that lacks the element. What A had comes before what B has.
template <class T, class Same>
std::vector<std::pair<int, int>> aligned(const std::vector<T>& a, const std::vector<T>& b, Same same) {
  const size_t n = a.size(), m = b.size();
  std::vector<std::vector<int>> common(n + 1, std::vector<int>(m + 1, 0));
  for (size_t i = n; i-- > 0;)
    for (size_t j = m; j-- > 0;) common[i][j] = same(a[i], b[j]) ? common[i + 1][j + 1] + 1 : std::max(common[i + 1][j], common[i][j + 1]);
  std::vector<std::pair<int, int>> out;
  size_t i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && same(a[i], b[j])) out.push_back({(int)i++, (int)j++});
    else if (i < n && (j == m || common[i + 1][j] >= common[i][j + 1])) out.push_back({(int)i++, -1});
    else out.push_back({-1, (int)j++});
  }
  return out;
}

void mark_all(std::vector<change>& out, char mark, const std::vector<std::string>& lines) {
  for (const std::string& l : lines) out.push_back({mark, l});
}

// Two entries of the same item: unchanged, nothing; the same first sentence, it (unmarked) and the
// indented lines that differ; else the one A has, removed, and the one B has, added.
void entry_changes(std::vector<change>& out, const entry& a, const entry& b) {
  if (a.lines == b.lines) return;
  if (a.lines[0] != b.lines[0]) {
    mark_all(out, '-', a.lines);
    mark_all(out, '+', b.lines);
    return;
  }
  out.push_back({' ', a.lines[0]});
  const std::vector<std::string> ca(a.lines.begin() + 1, a.lines.end()), cb(b.lines.begin() + 1, b.lines.end());
  for (auto [i, j] : aligned(ca, cb, [](const std::string& x, const std::string& y) { return x == y; })) {
    if (i >= 0 && j >= 0) continue;
    out.push_back(i >= 0 ? change{'-', ca[i]} : change{'+', cb[j]});
  }
}

// The changes of one section, item by item: an item only one side has is shown whole, never lined up
// with another item's sentences.
std::vector<change> section_changes(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  const std::vector<entry> ea = entries_of(a), eb = entries_of(b);
  std::vector<change> out;
  for (auto [i, j] : aligned(ea, eb, [](const entry& x, const entry& y) { return x.key == y.key; })) {
    if (i >= 0 && j >= 0) entry_changes(out, ea[i], eb[j]);
    else if (i >= 0) mark_all(out, '-', ea[i].lines);
    else mark_all(out, '+', eb[j].lines);
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

std::string diff_text(const explanation& ea, const explanation& eb) {
  const std::vector<section_diff> diffs = compare(ea, eb);
  if (diffs.empty()) return fmt::format("{} has the same rules as {}.\n", eb.heading, ea.heading);
  std::string out = fmt::format("What {} changes from {}:\n", eb.heading, ea.heading);
  for (const section_diff& d : diffs) {
    out += fmt::format("\n{}\n", d.title);
    for (const change& c : d.changes) out += fmt::format("{} {}\n", c.mark, c.line);
  }
  return out;
}

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
  fmt::print("{}", diff_text(ea, eb));
  return 0;
}

}  // namespace spades::cli
