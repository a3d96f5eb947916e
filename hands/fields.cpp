// Test hands, reading JSON fields with errors that name the file, the case and the field.
#include "hands/fields.hpp"

#include <fmt/format.h>

#include "hands/run.hpp"

namespace spades::hands {

void case_ctx::fail(const std::string& field, const std::string& msg) const {
  throw hands_error(fmt::format("{}: case '{}': field '{}': {}", file, name, field, msg));
}

void only_fields(const case_ctx& cx, const json& obj, const std::string& where, std::initializer_list<const char*> allowed) {
  if (!obj.is_object()) cx.fail(where, "must be an object");
  for (auto it = obj.begin(); it != obj.end(); ++it) {
    bool known = false;
    for (const char* a : allowed) known |= it.key() == a;
    if (!known) {
      std::string list;
      for (const char* a : allowed) list += std::string(list.empty() ? "" : ", ") + a;
      cx.fail(where.empty() ? it.key() : where + "." + it.key(), fmt::format("unknown field (known: {})", list));
    }
  }
}

int seat_of(const case_ctx& cx, const variant& v, const std::string& field, const std::string& name) {
  int s = v.find_seat(name);
  if (s < 0) cx.fail(field, fmt::format("unknown seat '{}' (seats: {})", name, fmt::join(v.seat_names, " ")));
  return s;
}

int team_of(const case_ctx& cx, const variant& v, const std::string& field, const std::string& name) {
  int t = v.find_team(name);
  if (t < 0) cx.fail(field, fmt::format("unknown team '{}' (teams: {})", name, fmt::join(v.team_names, " ")));
  return t;
}

int64_t integer(const case_ctx& cx, const std::string& field, const json& j) {
  if (!j.is_number_integer()) cx.fail(field, fmt::format("expected a whole number, found {}", j.dump()));
  return j.get<int64_t>();
}

std::string text_of(const json& j) { return j.is_string() ? j.get<std::string>() : j.dump(); }

int counter_index(const variant& v, const std::string& name) {
  for (size_t i = 0; i < v.counters.size(); ++i)
    if (v.counters[i] == name) return (int)i;
  return -1;
}

}  // namespace spades::hands
