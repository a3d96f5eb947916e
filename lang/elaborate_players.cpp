// elaborate_players: `players` -> seats, their names, teams and partners.
#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "lang/elaborate.hpp"

namespace spades::lang {

namespace {

// `count N` and `seats NAMES`: the number of seats and their names (N E S W for four, else P1..Pn).
void seats(elaboration& e) {
  variant& v = e.v;
  const item* count = e.find(block_kind::players, form::count);
  const item* seats = e.find(block_kind::players, form::seats);
  int n = count ? to_int(count->as<setting>().value, 2, max_seats, "the number of players") : 0;
  if (seats) {
    const std::vector<word>& names = seats->as<listing>().words;
    if (count && (int)names.size() != n)
      fail(seats->at, fmt::format("{} seat names for {} players", names.size(), n), {{count->at, "the player count is set here"}});
    n = (int)names.size();
    if (n < 2 || n > max_seats) fail(seats->at, fmt::format("a game has 2 to {} seats, not {}", max_seats, n));
    std::set<std::string> seen;
    for (const word& w : names) {
      if (!seen.insert(w.text).second) fail(w.at, fmt::format("seat '{}' is named twice", w.text));
      v.seat_names.push_back(w.text);
    }
  } else {
    if (n == 0) n = 4;
    if (n == 4) v.seat_names = {"N", "E", "S", "W"};
    else for (int i = 1; i <= n; ++i) v.seat_names.push_back(fmt::format("P{}", i));
  }
  v.seats = n;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (v.seat_names[j] == fmt::format("P{}", i + 1) && i != j)
        fail(seats->as<listing>().words[j].at, fmt::format("seat name '{}' would clash with the positional name of seat {}", v.seat_names[j], i + 1));
}

struct team_list {
  std::vector<std::vector<int>> members;
  std::vector<std::string> names;  // empty: named after their seats
};

// Every set of distinct seats whose names, joined in some order, spell `name` from byte `at` on (as bit masks).
void spellings(const variant& v, const std::string& name, size_t at, unsigned used, std::vector<unsigned>& out) {
  if (at == name.size()) { if (used) out.push_back(used); return; }
  for (int s = 0; s < v.seats; ++s) {
    const std::string& n = v.seat_names[s];
    if (!(used >> s & 1) && !n.empty() && name.compare(at, n.size(), n) == 0) spellings(v, name, at + n.size(), used | 1u << s, out);
  }
}

// Joined seat names always name their own seats (`NS` is the team of N and S), so a team may not be
// called by the joined names of seats other than its own (`team EW N S`).
void refuse_misleading_name(const variant& v, const symbol& t, const std::vector<int>& members) {
  unsigned own = 0;
  for (int s : members) own |= 1u << s;
  std::vector<unsigned> found;
  spellings(v, t.name, 0, 0, found);
  for (unsigned m : found) {
    if (m == own) continue;
    std::vector<std::string> seats, mine;
    for (int s = 0; s < v.seats; ++s) if (m >> s & 1) seats.push_back(v.seat_names[s]);
    for (int s : members) mine.push_back(v.seat_names[s]);
    fail(t.at, fmt::format("team name '{}' spells the seats {}, but the team is {}: joined seat names always name their own seats, "
                           "so choose another name",
                           t.name, fmt::join(seats, " "), fmt::join(mine, " ")));
  }
}

// `team NAME SEATS` lines: every seat in exactly one team.
team_list named_teams(elaboration& e) {
  const variant& v = e.v;
  team_list out;
  std::vector<int> owner(v.seats, -1);
  const item* last = nullptr;
  for (const symbol* t : e.syms.of(symbol_kind::team)) {
    last = t->decl;
    std::vector<int> m;
    for (const word& w : t->decl->as<team_decl>().seats) {
      int s = v.find_seat(w.text);
      if (s < 0)
        fail(w.at, fmt::format("unknown seat '{}'{} (the seats are {})", w.text, did_you_mean(w.text, v.seat_names), fmt::join(v.seat_names, " ")));
      if (s == v.dummy)
        fail(w.at, fmt::format("the dummy seat '{}' plays with whoever is given it each hand: it may not be in a team", w.text));
      if (owner[s] == (int)out.members.size()) fail(w.at, fmt::format("seat '{}' is listed twice in team '{}'", w.text, t->name));
      if (owner[s] >= 0) fail(w.at, fmt::format("seat '{}' is already in team '{}'", w.text, out.names[owner[s]]));
      owner[s] = (int)out.members.size();
      m.push_back(s);
    }
    std::sort(m.begin(), m.end());
    refuse_misleading_name(v, *t, m);
    out.names.push_back(t->name);
    out.members.push_back(m);
  }
  for (int s = 0; s < v.seats; ++s) {
    if (owner[s] < 0 && s != v.dummy) fail(last->at, fmt::format("seat '{}' is in no team", v.seat_names[s]));
  }
  return out;
}

// `teams opposite|none`: partners facing each other, or every player alone.
team_list arranged_teams(elaboration& e) {
  const int n = e.v.seats;
  const item* mode = e.find(block_kind::players, form::teams);
  constexpr enum_word<bool> arrangements[] = {{"opposite", true}, {"none", false}};  // partners opposite
  const bool opposite = mode && choose_word(mode->as<setting>().value, arrangements, "team arrangement");
  team_list out;
  if (opposite) {
    if (e.v.dummy >= 0)
      fail(e.find(block_kind::players, form::dummy)->as<listing>().words.at(0).at,
           fmt::format("the dummy seat '{}' plays with whoever is given it each hand, but partners opposite are fixed: "
                       "use `teams none`, or `team` lines without it", e.v.seat_names[e.v.dummy]),
           {{mode->at, "partners are set opposite here"}});
    if (n % 2 || n < 4) fail(mode->as<setting>().value.at, fmt::format("partners opposite need an even number of seats (4 or more), not {}", n));
    for (int i = 0; i < n / 2; ++i) out.members.push_back({i, i + n / 2});
  } else {
    for (int i = 0; i < n; ++i)
      if (i != e.v.dummy) out.members.push_back({i});
  }
  return out;
}

void fill_teams(variant& v, const team_list& t) {
  if (v.dummy >= 0) v.team_of[v.dummy] = -1;  // in no team until a partner step gives it a player
  v.teams = (int)t.members.size();
  v.members = t.members;
  for (size_t i = 0; i < t.members.size(); ++i) {
    std::string joined;
    for (int s : t.members[i]) { v.team_of[s] = (int)i; joined += v.seat_names[s]; }
    v.team_aliases.push_back(joined);
    v.team_names.push_back(t.names.empty() ? joined : t.names[i]);
  }
  for (int s = 0; s < v.seats; ++s) {
    if (s == v.dummy) { v.partner[s] = -1; continue; }
    const auto& m = t.members[v.team_of[s]];
    v.partner[s] = m.size() == 2 ? (m[0] == s ? m[1] : m[0]) : -1;
  }
}

// `dummy SEAT`: a seat with no player, played each hand by whoever a partner step gives it to.
void dummy(elaboration& e) {
  variant& v = e.v;
  const item* d = e.find(block_kind::players, form::dummy);
  if (!d) return;
  const std::vector<word>& listed = d->as<listing>().words;
  const word& w = listed.at(0);
  v.dummy = v.find_seat(w.text);
  if (v.dummy < 0)
    fail(w.at, fmt::format("unknown seat '{}'{} (the seats are {})", w.text, did_you_mean(w.text, v.seat_names), fmt::join(v.seat_names, " ")));
  if (listed.size() > 1) fail(listed[1].at, "expected the end of the line: a table has one dummy seat");
  if (v.seats < 3) fail(w.at, fmt::format("a dummy at a table of {} seats leaves one player: a dummy needs 3 seats or more", v.seats));
}

}  // namespace

void elaborate_players(elaboration& e) {
  seats(e);
  dummy(e);
  fill_teams(e.v, e.syms.count(symbol_kind::team) ? named_teams(e) : arranged_teams(e));
}

std::vector<note> because_of_teams(const elaboration& e, pos at) {
  const item* set = e.find(block_kind::players, form::teams);
  if (!set) set = e.find(block_kind::players, form::team);
  if (!set || set->at.file == at.file) return {};
  return {{set->at, "the players' partners are set here"}};
}

}  // namespace spades::lang
