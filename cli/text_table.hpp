// Tables and long lines fitted to the width of the terminal (docs/cli.md, "The terminal's width"): a table
// too wide is folded into blocks of its columns, each repeating the first; a long line wraps at its
// clauses, then at its words.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace spades::cli {

// The width to fit: COLUMNS when it holds a number from 1 up, else the terminal's when standard output is
// one, bounded to min_columns..max_columns (runtime/limits.hpp); 0 when neither (a pipe or a file): no
// fitting, the text as it always is, so that scripts and goldens read the same text anywhere.
int output_width();

// Columns a text takes on a terminal: its UTF-8 code points.
size_t text_width(std::string_view s);

// `text` (one line) wrapped to `width` columns: the first line follows `used` columns already printed, each
// further line starts with `indent` spaces. It breaks after a clause's end (`clause_end`) where it can, else
// after a comma, else at a space; a word longer than a line stays whole. Unchanged when `width` is 0 or it
// fits.
std::string wrap(std::string_view text, int width, size_t used, size_t indent, std::string_view clause_end = "; ");

// A table: its first column left-aligned (the rows' names), the others right-aligned, each at least as wide
// as `widths` says. Rows may have fewer cells than the header: the rest are blank.
struct text_table {
  std::string indent;            // before every line
  std::string gap;               // before every cell after the first (a wide cell never runs into the last)
  std::vector<size_t> widths;    // per column
  std::vector<std::vector<std::string>> rows;  // rows[0] is the heading

  // The lines, each ending in a newline. Wider than `width` (not 0): the columns after the first folded
  // into blocks that fit, one after another with a blank line between, each with the first column again;
  // a row with no cells that far (a player's row under its side's) is left out of the later blocks.
  std::string render(int width) const;
};

}  // namespace spades::cli
