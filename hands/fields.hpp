// Test hands, reading JSON fields: every check of a hands file's shape fails with one message that names
// the file, the case and the field (`FILE: case 'NAME': field 'FIELD': message`).
#pragma once
#include <cstdint>
#include <initializer_list>
#include <string>

#include <nlohmann/json.hpp>

#include "runtime/variant.hpp"

namespace spades::hands {

using json = nlohmann::ordered_json;

// Where in the file a check is: the file and the case ("(file)" for the file's own fields, "#N" before
// a case's name is known).
struct case_ctx {
  std::string file, name;
  [[noreturn]] void fail(const std::string& field, const std::string& msg) const;
};

// `obj` must be an object whose keys are all in `allowed`; `where` prefixes the field named.
void only_fields(const case_ctx& cx, const json& obj, const std::string& where, std::initializer_list<const char*> allowed);
int seat_of(const case_ctx& cx, const variant& v, const std::string& field, const std::string& name);
int team_of(const case_ctx& cx, const variant& v, const std::string& field, const std::string& name);
int64_t integer(const case_ctx& cx, const std::string& field, const json& j);
// A string as itself, anything else as its JSON text (bids and `error.at` may be either).
std::string text_of(const json& j);
int counter_index(const variant& v, const std::string& name);  // -1 if the ruleset has no such counter

}  // namespace spades::hands
