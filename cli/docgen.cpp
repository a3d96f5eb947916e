// spades-docgen CLI.md OUT_DIR: the man page (spades.1) and the bash completion (spades.bash), both
// generated from the command reference docs/cli.md at build time, so that neither can drift from it.
//
// The man page is the reference itself in roff: `#`/`##`/`###` headings become .TH/.SH/.SS, fenced blocks
// stay as they are (.nf), tables become tagged paragraphs, inline code is bold. The completion takes each
// command from its `## spades NAME` section and that command's options from the section's usage block.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

std::vector<std::string> read_lines(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read '" + path + "'");
  std::vector<std::string> lines;
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  return lines;
}

// Text escaped for roff: backslashes, minus signs, characters beyond ASCII as \[uXXXX] (so that roff
// needs no input encoding), and a leading dot or quote that roff would take for a request.
std::string roff_escape(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    unsigned char c = (unsigned char)s[i];
    if (c == '\\') {
      out += "\\e";
    } else if (c == '-') {
      out += "\\-";
    } else if (c >= 0x80) {
      int len = (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 1;
      unsigned cp = len == 2 ? c & 0x1f : len == 3 ? c & 0x0f : len == 4 ? c & 0x07 : '?';
      for (int k = 1; k < len && i + 1 < s.size(); ++k) cp = (cp << 6) | ((unsigned char)s[++i] & 0x3f);
      char buf[16];
      std::snprintf(buf, sizeof buf, "\\[u%04X]", cp);
      out += buf;
    } else {
      out += (char)c;
    }
  }
  if (!out.empty() && (out[0] == '.' || out[0] == '\'')) out.insert(0, "\\&");
  return out;
}

// Markdown inline forms in roff: `code` and **strong** bold, [text](link) as its text.
std::string inline_roff(const std::string& s) {
  std::string t = std::regex_replace(s, std::regex(R"(\[([^\]]*)\]\([^)]*\))"), "$1");
  std::string out;
  bool code = false, strong = false;
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i] == '`') {
      code = !code;
      out += code ? "\x01" : "\x02";
    } else if (!code && t.compare(i, 2, "**") == 0) {
      strong = !strong;
      out += strong ? "\x01" : "\x02";
      ++i;
    } else {
      out += t[i];
    }
  }
  out = roff_escape(out);
  std::string fonts;
  for (char c : out) fonts += c == '\x01' ? "\\fB" : c == '\x02' ? "\\fR" : std::string(1, c);
  return fonts;
}

std::vector<std::string> cells(const std::string& row) {
  std::vector<std::string> out;
  std::string cur;
  bool code = false;
  for (size_t i = 1; i < row.size(); ++i) {
    char c = row[i];
    if (c == '`') code = !code;
    if (c == '|' && !code) {
      size_t a = cur.find_first_not_of(' '), b = cur.find_last_not_of(' ');
      out.push_back(a == std::string::npos ? "" : cur.substr(a, b - a + 1));
      cur.clear();
    } else {
      cur += c;
    }
  }
  return out;
}

std::string upper(std::string s) {
  for (char& c : s) c = (char)std::toupper((unsigned char)c);
  return s;
}

std::string plain_heading(const std::string& h) {
  std::string s = std::regex_replace(h, std::regex("`"), "");
  return s;
}

std::string man_page(const std::vector<std::string>& lines, const std::string& version) {
  std::ostringstream out;
  out << ".\\\" Generated from docs/cli.md by spades-docgen; edit that file instead.\n";
  out << ".TH SPADES 1 \"\" \"spades " << version << "\" \"User Commands\"\n";
  out << ".SH NAME\nspades \\- check, test, play, simulate and benchmark Spades variant files\n";
  bool fence = false, table_head = false, in_table = false;
  for (const std::string& l : lines) {
    if (l.rfind("```", 0) == 0) {
      out << (fence ? ".fi\n.RE\n" : ".PP\n.RS 4\n.nf\n");
      fence = !fence;
      continue;
    }
    if (fence) {
      out << roff_escape(l) << "\n";
      continue;
    }
    if (l.rfind("|", 0) == 0) {
      if (!in_table) {
        in_table = true;
        table_head = true;  // the first row names the columns
        continue;
      }
      if (l.find("---") != std::string::npos && table_head) {
        table_head = false;
        continue;
      }
      std::vector<std::string> c = cells(l);
      if (c.empty()) continue;
      out << ".TP\n" << inline_roff(c[0]) << "\n";
      std::string rest;
      for (size_t i = 1; i < c.size(); ++i) rest += (i > 1 ? "; " : "") + c[i];
      out << inline_roff(rest) << "\n";
      continue;
    }
    in_table = false;
    if (l.rfind("# ", 0) == 0) continue;  // the title: the .TH line
    if (l.rfind("## ", 0) == 0) {
      out << ".SH \"" << upper(plain_heading(l.substr(3))) << "\"\n";
      continue;
    }
    if (l.rfind("### ", 0) == 0) {
      out << ".SS \"" << plain_heading(l.substr(4)) << "\"\n";
      continue;
    }
    if (l.empty()) {
      out << ".PP\n";
      continue;
    }
    std::string text = l;
    if (text.rfind("- ", 0) == 0) {
      out << ".IP \\(bu 2\n";
      text = text.substr(2);
    }
    out << inline_roff(text) << "\n";
  }
  return out.str();
}

// Each command (`## spades NAME` sections) with the options its usage block names.
std::map<std::string, std::set<std::string>> commands(const std::vector<std::string>& lines) {
  std::map<std::string, std::set<std::string>> out;
  std::string current;
  bool fence = false, usage = false;
  std::regex section(R"(^## spades ([a-z]+)$)"), option(R"(--[a-z][a-z-]*)");
  for (const std::string& l : lines) {
    if (l.rfind("```", 0) == 0) {
      fence = !fence;
      usage = false;
      continue;
    }
    std::smatch m;
    if (!fence && std::regex_match(l, m, section)) {
      current = m[1];
      out[current];
      continue;
    }
    if (fence && !current.empty() && l.find("usage: spades " + current) != std::string::npos) usage = true;
    // the usage line, a second form of it (`       spades …`), or its continuation (blanks, then `[--option …]`)
    const bool continued = l.find_first_not_of(' ') != std::string::npos && l.find_first_not_of(' ') > 0 && l[l.find_first_not_of(' ')] == '[';
    if (fence && usage && !current.empty() && (l.rfind("usage:", 0) == 0 || l.rfind("       spades", 0) == 0 || continued)) {
      for (auto it = std::sregex_iterator(l.begin(), l.end(), option); it != std::sregex_iterator(); ++it) out[current].insert(it->str());
      out[current].insert("--help");
    } else {
      usage = false;  // the usage block ends at its first other line
    }
  }
  return out;
}

std::string completion(const std::map<std::string, std::set<std::string>>& cmds) {
  std::ostringstream out;
  out << "# bash completion for spades. Generated from docs/cli.md by spades-docgen; edit that file instead.\n";
  out << "# Use: source this file, or install it as /usr/share/bash-completion/completions/spades.\n";
  out << "_spades() {\n";
  out << "  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\"\n";
  out << "  if [ \"$COMP_CWORD\" -eq 1 ]; then\n";
  out << "    COMPREPLY=($(compgen -W \"";
  bool first = true;
  for (const auto& [name, opts] : cmds) {
    out << (first ? "" : " ") << name;
    first = false;
  }
  out << " help --help --version\" -- \"$cur\"))\n    return\n  fi\n";
  out << "  local cmd=\"${COMP_WORDS[1]}\" opts=\"\" files=\"\"\n";
  out << "  case \"$cmd\" in\n";
  for (const auto& [name, opts] : cmds) {
    out << "    " << name << ") opts=\"";
    bool f = true;
    for (const std::string& o : opts) {
      out << (f ? "" : " ") << o;
      f = false;
    }
    // what the command's file arguments are: hands files for test, directories for list and stats, none for lsp (the
    // editor sends the files), variants otherwise
    out << "\"; files=\"" << (name == "test" || name == "replay" ? "json" : name == "list" || name == "stats" ? "dir" : name == "lsp" || name == "serve" ? "none" : "spades") << "\" ;;\n";
  }
  out << "    *) return ;;\n  esac\n";
  out << "  case \"$prev\" in\n";
  out << "    --ruleset) COMPREPLY=($(compgen -f -X '!*.spades' -- \"$cur\") $(compgen -d -- \"$cur\")); return ;;\n";
  // a bot's name, not a file (the names `spades play --bot x` lists; the docs test compares them)
  out << "    --bot) COMPREPLY=($(compgen -W \"rule random mc\" -- \"$cur\")); return ;;\n";
  out << "    --games|--hands|--seed|--option|--seat|--bots|--jobs|--mc-budget) return ;;\n";
  out << "  esac\n";
  out << "  if [[ \"$cur\" == -* ]]; then\n";
  out << "    COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))\n";
  out << "  elif [ \"$files\" = none ]; then\n";
  out << "    return\n";
  out << "  elif [ \"$files\" = dir ]; then\n";
  out << "    COMPREPLY=($(compgen -d -- \"$cur\"))\n";
  out << "  else\n";
  out << "    COMPREPLY=($(compgen -f -X \"!*.$files\" -- \"$cur\") $(compgen -d -- \"$cur\"))\n";
  out << "  fi\n";
  out << "}\n";
  out << "complete -o filenames -F _spades spades\n";
  return out.str();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: spades-docgen docs/cli.md OUT_DIR VERSION\n");
    return 2;
  }
  try {
    std::vector<std::string> lines = read_lines(argv[1]);
    std::string dir = argv[2];
    std::ofstream(dir + "/spades.1") << man_page(lines, argv[3]);
    std::ofstream(dir + "/spades.bash") << completion(commands(lines));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "spades-docgen: %s\n", e.what());
    return 1;
  }
  return 0;
}
