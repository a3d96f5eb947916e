// The code's shape, checked: each library includes only the layers beneath it (runtime <- lang, bots,
// hands <- cli), no source file is over 800 lines and no function over 80, so that a module split by
// concern stays split.
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

namespace fs = std::filesystem;

namespace {

constexpr int max_file_lines = 800;
constexpr int max_function_lines = 80;

// Functions allowed to be longer, each with why. Keyed by file and the function's first line as written.
const std::map<std::string, std::string> long_functions = {
    {"runtime/score_code.cpp: run_scoring",
     "the formula interpreter's loop: one switch over the register machine's opcodes, kept whole so that "
     "the compiler keeps the dispatch in one jump table"},
};

// Which folders each folder's files may include from (besides its own).
const std::map<std::string, std::set<std::string>> may_include = {
    {"runtime", {}},
    {"lang", {"runtime"}},
    {"bots", {"runtime"}},
    {"hands", {"runtime"}},
    // history replays a record's hands through hands/ (the one reader of records), never lang/ or the bots
    {"history", {"runtime", "hands"}},
    {"cli", {"runtime", "lang", "bots", "hands", "history", "web"}},
    // spades serve's server: on the engine, the bots, the language, the records and the history; nothing beneath includes it
    {"web/server", {"runtime", "lang", "bots", "hands", "history", "web"}},
    // fuzz_lsp drives the language server, which lives with the commands; fuzz_serve the server's hub
    {"fuzz", {"runtime", "lang", "bots", "hands", "cli", "web"}},
};

std::vector<fs::path> sources(const std::string& folder) {
  std::vector<fs::path> out;
  const fs::path dir = fs::path(SPADES_SOURCE_DIR) / folder;
  if (!fs::is_directory(dir)) return out;
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string ext = e.path().extension().string();
    if (ext == ".cpp" || ext == ".hpp") out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> lines_of(const fs::path& p) {
  std::ifstream in(p);
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// The code of a line without comments, string and character literals (kept as ""): `in_comment` carries
// a block comment over lines.
std::string code_of(const std::string& line, bool& in_comment) {
  std::string out;
  for (size_t i = 0; i < line.size(); ++i) {
    if (in_comment) {
      if (line.compare(i, 2, "*/") == 0) in_comment = false, ++i;
      continue;
    }
    if (line.compare(i, 2, "//") == 0) break;
    if (line.compare(i, 2, "/*") == 0) {
      in_comment = true, ++i;
      continue;
    }
    const char c = line[i];
    if (c == '"' || c == '\'') {
      if (c == '\'' && i > 0 && std::isxdigit((unsigned char)line[i - 1])) continue;  // a digit separator: 1'000
      for (++i; i < line.size() && line[i] != c; ++i)
        if (line[i] == '\\') ++i;
      out += "\"\"";
      continue;
    }
    out += c;
  }
  return out;
}

struct function_span {
  int first, last;  // 1-based lines of its opening and closing braces' lines
  std::string head;  // the text before its body, for messages and the allow-list
};

// The functions of a file, found by their braces: a brace opened outside any function whose text before it
// ends with a parameter list (`) const`, `) -> T`, `) : init(...)`) opens a function body; namespaces,
// classes, enums and initialisers do not. A heuristic, but one that errs toward finding too few.
std::vector<function_span> functions_of(const std::vector<std::string>& lines) {
  static const std::regex ends_as_function(R"(\)\s*(const)?\s*(noexcept)?\s*(override)?\s*(->\s*[\w:<>&*, ]+)?\s*(:.*)?$)");
  static const std::regex opens_type(R"(\b(namespace|struct|class|enum|union)\b[^;()]*$)");
  std::vector<function_span> out;
  struct open {
    bool function;
    int line;
    std::string head;
  };
  std::vector<open> stack;
  std::string before;  // the code since the last ; { or }
  bool in_comment = false;
  for (size_t n = 0; n < lines.size(); ++n) {
    const std::string code = code_of(lines[n], in_comment);
    for (size_t k = 0; k < code.size(); ++k) {
      const char c = code[k];
      if (c == '{') {
        std::string head = before + " " + code.substr(0, k);
        head.erase(0, head.find_first_not_of(" \t"));
        while (!head.empty() && (head.back() == ' ' || head.back() == '\t')) head.pop_back();
        const bool inside = std::any_of(stack.begin(), stack.end(), [](const open& o) { return o.function; });
        const bool function = !inside && std::regex_search(head, ends_as_function) && !std::regex_search(head, opens_type) &&
                              (head.empty() || head.back() != '=');
        stack.push_back({function, (int)n + 1, head});
        before.clear();
      } else if (c == '}') {
        if (!stack.empty()) {
          const open o = stack.back();
          stack.pop_back();
          if (o.function) out.push_back({o.line, (int)n + 1, o.head});
        }
        before.clear();
      } else if (c == ';') {
        before.clear();
      }
    }
    const size_t cut = code.find_last_of("{};");
    std::string rest = cut == std::string::npos ? code : code.substr(cut + 1);
    before += " " + rest;
    if (before.size() > 400) before.erase(0, before.size() - 400);
  }
  return out;
}

// The function's name: the word before the parameter list's opening bracket.
std::string function_name(const std::string& head) {
  static const std::regex name(R"(([\w~]+)\s*\([^()]*(\([^()]*\)[^()]*)*\)[^()]*$)");
  std::smatch m;
  return std::regex_search(head, m, name) ? m[1].str() : head;
}

}  // namespace

TEST_CASE("the function finder finds functions and nothing else", "[structure]") {
  const std::vector<std::string> code = {
      "namespace a {",                            // 1
      "struct s {",                               // 2
      "  int f(int x) const {",                   // 3
      "    if (x) { return 1; }",                 // 4
      "    return 2;",                            // 5
      "  }",                                      // 6
      "};",                                       // 7
      "int g() {",                                // 8
      "  const char* t = \"{ not a brace\";  // {",  // 9
      "  return 0;",                              // 10
      "}",                                        // 11
      "const int table[] = {1, 2};",              // 12
      "}  // namespace a",                        // 13
  };
  const std::vector<function_span> fs = functions_of(code);
  REQUIRE(fs.size() == 2);
  CHECK(fs[0].first == 3);
  CHECK(fs[0].last == 6);
  CHECK(function_name(fs[0].head) == "f");
  CHECK(fs[1].first == 8);
  CHECK(fs[1].last == 11);
  CHECK(function_name(fs[1].head) == "g");
}

TEST_CASE("each library includes only the layers beneath it", "[structure]") {
  int includes = 0;
  for (const auto& [folder, allowed] : may_include) {
    for (const fs::path& p : sources(folder)) {
      static const std::regex project_include(R"(^\s*#\s*include\s+"(\w+)/)");
      for (const std::string& line : lines_of(p)) {
        std::smatch m;
        if (!std::regex_search(line, m, project_include)) continue;
        ++includes;
        const std::string from = m[1].str();
        if (from != folder && !allowed.count(from))
          FAIL_CHECK(folder << "/" << p.filename().string() << " includes from " << from << "/: " << line);
      }
    }
  }
  CHECK(includes > 100);  // the scan read the sources
}

TEST_CASE("no source file is over 800 lines, no function over 80", "[structure]") {
  std::set<std::string> allowed_and_used;
  int files = 0, functions = 0;
  for (const std::string folder : {"runtime", "lang", "bots", "hands", "history", "cli", "fuzz", "tests", "web/server"}) {
    for (const fs::path& p : sources(folder)) {
      ++files;
      const std::string name = folder + "/" + p.filename().string();
      const std::vector<std::string> lines = lines_of(p);
      if ((int)lines.size() > max_file_lines) FAIL_CHECK(name << " has " << lines.size() << " lines (at most " << max_file_lines << ")");
      for (const function_span& f : functions_of(lines)) {
        ++functions;
        const int length = f.last - f.first + 1;
        if (length <= max_function_lines) continue;
        const std::string key = name + ": " + function_name(f.head);
        if (long_functions.count(key)) {
          allowed_and_used.insert(key);
          continue;
        }
        FAIL_CHECK(name << ":" << f.first << ": " << function_name(f.head) << " is " << length << " lines (at most "
                        << max_function_lines << ")");
      }
    }
  }
  for (const auto& [key, why] : long_functions)
    if (!allowed_and_used.count(key)) FAIL_CHECK("the allow-list names " << key << ", which is no longer long");
  CHECK(files > 100);
  CHECK(functions > 1000);
}
