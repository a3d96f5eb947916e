// The parse tree: what the parse (lang/parser.cpp) hands the converter (lang/actions.cpp). Only the rules
// the driver selects make a node; each node knows its rule, the text it matched and its children.
#pragma once
#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace spades::lang::syntax {

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

// The linked tree: nodes[i] is flat node i; the root's children are the top-level nodes.
struct parse_tree {
  std::vector<node> nodes;
  std::vector<const node*> links;
  node root;
};

}  // namespace spades::lang::syntax
