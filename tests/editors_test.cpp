// The editors' files (editors/): every keyword and built-in name of the language is in the Vim syntax file
// and in the TextMate grammar; the VS Code extension's JSON files parse, name files that exist, and the
// grammar's regular expressions compile and match what they are for.
#include <catch2/catch.hpp>

#include <filesystem>
#include <regex>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "lang/ast.hpp"
#include "lang/vocabulary.hpp"
#include "tests/test_util.hpp"

using spades::testing::slurp;
using spades::testing::source_path;

namespace {

// The language's words: its keywords and built-in names (lang/vocabulary.cpp), the blocks' and items'
// keywords (lang/ast.hpp) and every other word the grammar matches as a keyword (lang/grammar.hpp).
std::set<std::string> language_words() {
  namespace L = spades::lang;
  std::set<std::string> out;
  for (std::string_view k : L::keywords()) out.emplace(k);
  for (const L::builtin& b : L::builtins())
    if (b.kind != L::builtin::name_class) out.emplace(b.name);
  for (const auto& f : L::form_words) out.emplace(f.word);
  for (const auto& b : L::block_words) out.emplace(b.word);
  const std::string grammar = slurp(source_path("lang/grammar.hpp"));
  const std::regex keyword(R"re((?:TAO_PEGTL_KEYWORD\(|SPADES_ITEM\(\w+, )"([a-z_]+)")re");
  for (auto it = std::sregex_iterator(grammar.begin(), grammar.end(), keyword); it != std::sregex_iterator(); ++it)
    out.insert((*it)[1].str());
  return out;
}

std::set<std::string> words_of(const std::string& text) {
  std::set<std::string> out;
  const std::regex word("[A-Za-z_][A-Za-z0-9_]*");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), word); it != std::sregex_iterator(); ++it) out.insert(it->str());
  return out;
}

// The words of the Vim syntax file's `syn keyword` lines (comments and patterns left out).
std::set<std::string> vim_keywords() {
  std::istringstream in(slurp(source_path("editors/vim/syntax/spades.vim")));
  std::string all;
  for (std::string l; std::getline(in, l);)
    if (l.rfind("syn keyword ", 0) == 0) all += l.substr(12) + "\n";
  return words_of(all);
}

// Every `match`, `begin` and `end` pattern of a TextMate grammar.
void patterns_of(const nlohmann::json& j, std::vector<std::string>& out) {
  if (j.is_object()) {
    for (const auto& [key, value] : j.items())
      if ((key == "match" || key == "begin" || key == "end") && value.is_string()) out.push_back(value.get<std::string>());
      else patterns_of(value, out);
  } else if (j.is_array()) {
    for (const auto& v : j) patterns_of(v, out);
  }
}

nlohmann::json json_file(const std::string& rel) {
  INFO(rel);
  return nlohmann::json::parse(slurp(source_path(rel)));
}

}  // namespace

TEST_CASE("editors: the Vim syntax file and the TextMate grammar know every keyword and built-in name") {
  const std::set<std::string> words = language_words();
  CHECK(words.size() >= 100);
  CHECK(words.count("extends"));  // a grammar-only keyword was found
  CHECK(words.count("won_with"));
  const std::set<std::string> vim = vim_keywords();
  std::vector<std::string> patterns;
  patterns_of(json_file("editors/vscode/syntaxes/spades.tmLanguage.json"), patterns);
  std::string all;
  for (const std::string& p : patterns) all += std::regex_replace(p, std::regex(R"(\\[bB])"), " ") + "\n";
  const std::set<std::string> tm = words_of(all);
  for (const std::string& w : words) {
    INFO(w);
    CHECK(vim.count(w));
    CHECK(tm.count(w));
  }
}

TEST_CASE("editors: the TextMate grammar's patterns compile and highlight what they are for") {
  const nlohmann::json g = json_file("editors/vscode/syntaxes/spades.tmLanguage.json");
  CHECK(g["scopeName"] == "source.spades");
  std::vector<std::string> patterns;
  patterns_of(g, patterns);
  CHECK(patterns.size() >= 15);
  for (const std::string& p : patterns) {
    INFO(p);
    CHECK_NOTHROW(std::regex(p, std::regex::ECMAScript));
  }
  // every include names a rule of the repository
  for (const auto& inc : g["patterns"]) CHECK(g["repository"].contains(inc["include"].get<std::string>().substr(1)));
  auto matches = [&](const char* rule, const std::string& text) {
    return std::regex_match(text, std::regex(g["repository"][rule]["match"].get<std::string>()));
  };
  CHECK(matches("comment", "# a comment \"with a string\""));
  CHECK(matches("string", "\"a # not a comment\""));
  CHECK(matches("card", "AS"));
  CHECK(matches("card", "BJ"));
  CHECK(!matches("card", "AX"));
  CHECK(matches("number", "13"));
  CHECK(matches("operator", ".."));
  CHECK(matches("operator", ">="));
}

TEST_CASE("editors: the VS Code extension's files parse and name what exists") {
  const nlohmann::json pkg = json_file("editors/vscode/package.json");
  CHECK(pkg["dependencies"].contains("vscode-languageclient"));
  CHECK(pkg["activationEvents"] == nlohmann::json::array({"onLanguage:spades"}));
  const auto& c = pkg["contributes"];
  CHECK(c["languages"][0]["id"] == "spades");
  CHECK(c["languages"][0]["extensions"] == nlohmann::json::array({".spades"}));
  CHECK(c["grammars"][0]["scopeName"] == "source.spades");
  CHECK(c["configuration"]["properties"]["spades.server.path"]["default"] == "spades");
  for (std::string f : {pkg["main"].get<std::string>(), c["grammars"][0]["path"].get<std::string>(),
                        c["languages"][0]["configuration"].get<std::string>()})
    CHECK(std::filesystem::exists(source_path("editors/vscode/" + f.substr(2))));
  const nlohmann::json conf = json_file("editors/vscode/language-configuration.json");
  CHECK(conf["comments"]["lineComment"] == "#");
  CHECK(conf["brackets"] == nlohmann::json::parse(R"j([["{", "}"], ["(", ")"]])j"));
  for (const char* m : {"start", "end"}) CHECK_NOTHROW(std::regex(conf["folding"]["markers"][m].get<std::string>()));
  const std::string ext = slurp(source_path("editors/vscode/extension.js"));
  CHECK(ext.find("require('vscode-languageclient/node')") != std::string::npos);
  CHECK(ext.find("args: ['lsp']") != std::string::npos);
  CHECK(ext.find("get('server.path')") != std::string::npos);
}
