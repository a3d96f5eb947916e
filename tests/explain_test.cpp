// spades explain, diff and graph: each ruleset's explanation pinned as a golden file, the formula printer's
// brackets and names, diff's sections, graph's DOT. The goldens are regenerated, from the top of the
// repository, by `sh tests/explain/regenerate.sh [BUILD_DIR]`: read what changed before committing it.
#include <catch2/catch.hpp>

#include <sstream>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "lang/formula_text.hpp"
#include "tests/test_util.hpp"

using spades::testing::load_text;
using spades::testing::run;
using spades::testing::slurp;
using spades::testing::source_path;

TEST_CASE("explain: every ruleset's explanation is its golden file, byte for byte") {
  namespace fs = std::filesystem;
  int compared = 0;
  for (const auto& e : fs::directory_iterator(source_path("rulesets"))) {
    if (e.path().extension() != ".spades") continue;
    std::string id = e.path().stem().string();
    fs::path golden = source_path("tests/explain/" + id + ".txt");
    INFO(id << ": regenerate with sh tests/explain/regenerate.sh, and read the change");
    REQUIRE(fs::exists(golden));
    auto r = run("explain rulesets/" + id + ".spades", "", true);
    CHECK(r.code == 0);
    CHECK(r.out == slurp(golden));
    ++compared;
  }
  CHECK(compared == 87);
  // and no golden outlives its ruleset
  for (const auto& e : fs::directory_iterator(source_path("tests/explain")))
    if (e.path().extension() == ".txt") CHECK(fs::exists(source_path("rulesets/" + e.path().stem().string() + ".spades")));
}

TEST_CASE("explain: --json gives the same sections; --option sets a value; errors as every command reports them") {
  auto j = nlohmann::json::parse(run("explain rulesets/standard.spades --json", "", true).out);
  CHECK(j["name"] == "Standard Spades (standard)");
  REQUIRE(j["sections"].size() == 10);
  CHECK(j["sections"][0]["title"] == "Players");
  CHECK(j["sections"][0]["lines"][0] == "4 seats, clockwise: N, E, S and W.");
  CHECK(j["sections"][7]["title"] == "End of the game");
  CHECK(j["sections"][7]["lines"][0] == "The game ends when a team's score reaches 500 or more; the highest score wins.");

  std::string three = run("explain rulesets/three.spades --option game_to=400 --option count_bags=true", "", true).out;
  CHECK(three.find("  The game ends when a team's score reaches the option game_to (400) or more; the highest score wins.\n") != std::string::npos);
  CHECK(three.find("  game_to = 400 (the default is 300; allowed: any whole number): the score the game is played to (usually 300, 400 or 500).\n") !=
        std::string::npos);
  CHECK(three.find("  count_bags = true (the default is false; allowed: true, false): ") != std::string::npos);

  CHECK(run("explain rulesets/three.spades --option game_two=400").out ==
        "spades explain: unknown rule option 'game_two'; did you mean 'game_to'? (options: count_bags, no_exact_total, game_to)\n");
  auto missing = run("explain no/such.spades");
  CHECK(missing.code == 2);
  auto bad = run("explain tests/lang/bid_option_unknown.spades --json", "", true);
  CHECK(bad.code == 1);
  CHECK(nlohmann::json::parse(bad.out).contains("error"));
  CHECK(run("explain").code == 2);
  CHECK(run("explain --help").code == 0);
  // the heading names the fragments the file includes, after its base
  CHECK(run("explain tests/features/include_bags5.spades", "", true).out.rfind("Spades, 5 bags, to 250 (include_bags5, extends standard, includes bags5_common)\n", 0) == 0);
}

TEST_CASE("explain: formulas printed with the brackets precedence needs and the file's own names") {
  auto v = load_text("formula_text", R"(extends "standard"
option a = 1
option b = 2
scoring {
  counter extra
  rule t each team {
    let p = (a + b) * 3
    let q = a - (b - 1)
    let r = a - b - 1
    let s = -(a * b)
    let u = -a * b
    let w = not (a == b)
    let x = (not a) == b
    let y = (if a then 1 else 2) + 3
    let z = 1 + if a then 2 else 3
    let k = a and (b or p) or not q
    let m = min(a, max(b, abs(-a))) + sum(if nil or blind_nil then 0 else bid) + count(tricks > 2)
    let n = held(S) + won_with(AS KS, -1) + first_tricks(2) + extra
    points p + q + r + s + u + w + x + y + z + k + m + n
  }
  rule tp each player when partner_bid_is(nil) and team_tricks > tricks { points 1 }
}
)");
  const spades::score_rule& t = v->rules.at(3);
  std::vector<std::string> got;
  for (const spades::stmt& s : t.body)
    got.push_back(v->text.let_names.size() > (size_t)s.slot && s.o == spades::stmt_op::let
                      ? v->text.let_names[s.slot] + " = " + spades::lang::formula_text(*v, s.expr, spades::lang::scope::team)
                      : spades::lang::formula_text(*v, s.expr, spades::lang::scope::team));
  std::vector<std::string> want = {
      "p = (a + b) * 3",
      "q = a - (b - 1)",
      "r = a - b - 1",
      "s = -(a * b)",
      "u = -a * b",
      "w = not a == b",
      "x = (not a) == b",
      "y = (if a then 1 else 2) + 3",
      "z = 1 + (if a then 2 else 3)",
      "k = a and (b or p) or not q",
      "m = min(a, max(b, abs(-a))) + sum(if nil or blind_nil then 0 else bid) + count(tricks > 2)",
      "n = held(S) + won_with(AS KS, -1) + first_tricks(2) + extra",
      "p + q + r + s + u + w + x + y + z + k + m + n",
  };
  CHECK(got == want);
  // a player rule reads the team's tricks as team_tricks
  CHECK(spades::lang::formula_text(*v, v->rules.at(4).when, spades::lang::scope::player) == "partner_bid_is(nil) and team_tricks > tricks");
  CHECK(spades::lang::negated_text(*v, v->rules.at(0).body.at(1).else_body.at(0).expr, spades::lang::scope::player) == "bonus");
}

TEST_CASE("diff: what a ruleset that extends standard changes, section by section") {
  auto r = run("diff rulesets/standard.spades rulesets/bags5.spades");
  CHECK(r.code == 0);
  CHECK(r.out ==
        "What Spades, 5-bag penalty (bags5, extends standard) changes from Standard Spades (standard):\n"
        "\n"
        "Name\n"
        "- Standard Spades (standard)\n"
        "- Four players in two partnerships, 13 cards each, bid in turn from the dealer's left; 10 a trick bid, 1 a bag, every 10 bags "
        "cost 100; Nil ±100, Blind Nil ±200 for a side 100 or more behind; no spade led until spades are broken; first to 500.\n"
        "+ Spades, 5-bag penalty (bags5, extends standard)\n"
        "+ Every 5 bags cost 50, instead of every 10 bags 100.\n"
        "\n"
        "Scoring\n"
        "- Rule sandbags, for each team when the team's counter bags is 10 or more:\n"
        "-   the team loses 100 * (bags / 10) points\n"
        "-   set the counter bags to bags % 10\n"
        "-   count one in the tally bag_penalties\n"
        "+ Rule sandbags, for each team when the team's counter bags is 5 or more:\n"
        "+   the team loses 50 * (bags / 5) points\n"
        "+   set the counter bags to bags % 5\n"
        "+   count one in the tally bag_penalties\n");
  CHECK(run("diff rulesets/standard.spades rulesets/standard.spades").out ==
        "Standard Spades (standard) has the same rules as Standard Spades (standard).\n");
  auto j = nlohmann::json::parse(run("diff rulesets/standard.spades rulesets/bags5.spades --json", "", true).out);
  CHECK(j["same"] == false);
  REQUIRE(j["sections"].size() == 2);
  CHECK(j["sections"][1]["title"] == "Scoring");
  CHECK(j["sections"][1]["changes"][0] == nlohmann::json{{"change", "removed"}, {"line", "Rule sandbags, for each team when the team's counter bags is 10 or more:"}});
  CHECK(run("diff rulesets/standard.spades").code == 2);
}

TEST_CASE("diff: an indented change is shown under the unchanged line it belongs to") {
  std::string amended = spades::testing::temp_variant("amended", R"(extends "standard"
bidding {
  amend bid blind_nil { allow when behind >= 200 "your side must trail by 200 or more" }
}
)");
  auto r = run("diff rulesets/standard.spades " + amended);
  CHECK(r.out.find("\nBidding\n"
                   "  Bid blind_nil: \"blind nil\", for 0 tricks.\n"
                   "-   Only when the bidder's side is behind by 100 or more (\"your side must trail by 100 or more\").\n"
                   "+   Only when the bidder's side is behind by 200 or more (\"your side must trail by 200 or more\").\n") != std::string::npos);
}

TEST_CASE("diff: items are matched by name, so a rule only one variant has is never lined up with another's") {
  auto r = run("diff rulesets/standard.spades rulesets/nyc.spades");
  CHECK(r.code == 0);
  // standard's nil rule (nyc has none) whole, then standard's contract rule whole, then nyc's
  const std::string nil_rule = "- Rule nil, for each player when the player's bid is nil or blind nil:\n"
                               "-   let bonus = if blind_nil then 200 else 100\n"
                               "-   if the player took no tricks:\n"
                               "-     the player's team scores bonus points\n"
                               "-     count one in the tally nils_made\n"
                               "-   otherwise:\n"
                               "-     the player's team loses bonus points\n"
                               "-     count one in the tally nils_failed\n"
                               "- Rule contract, for each team:\n";
  CHECK(r.out.find(nil_rule) != std::string::npos);
  CHECK(r.out.find("-   if not made:\n"
                   "-     count one in the tally sets\n"
                   "+ Rule contract, for each team when after the game's first hand:\n"
                   "+   let plain = if bid == 10 then 200 else 10 * bid\n") != std::string::npos);
  // a bid only standard has, then one only nyc has
  CHECK(r.out.find("- Bid nil: \"nil\", for 0 tricks.\n"
                   "- Bid blind_nil: \"blind nil\", for 0 tricks.\n"
                   "-   Blind: declared before looking at the cards.\n") != std::string::npos);
}

TEST_CASE("graph: each step's node says what it does in this variant") {
  auto nodes = [](const std::string& id) {
    std::string out;
    std::istringstream in(run("graph rulesets/" + id + ".spades", "", true).out);
    for (std::string l; std::getline(in, l);)
      if (l.rfind("  step_", 0) == 0 && l.find(" [label=") != std::string::npos && l.find("->") == std::string::npos) out += l + "\n";
    return out;
  };
  CHECK(nodes("nyc") ==
        "  step_deal [label=\"deal\\ndeal 13 each\"];\n"
        "  step_bidding [label=\"bidding (bid)\\na bid per team\\n4..10, blind 6..10\", style=\"rounded,dashed\"];\n"
        "  step_calls [label=\"calls\\ncalls: come out\", style=\"rounded,dashed\"];\n"
        "  step_exchange [label=\"exchange\\nexchanges\\nno bid calls for one\", style=\"rounded,dashed\"];\n"
        "  step_play [label=\"play\\n13 tricks\\nthe dealer's left leads\"];\n");
  const std::string hg = nodes("highground");
  CHECK(hg.find("  step_deal [label=\"deal\\ndeal 13 each, the rest a kitty\"];\n") != std::string::npos);
  CHECK(hg.find("  step_bidding [label=\"bidding (bid)\\na bid per player\\nhint 0..13, go blind, 4..13,\\nnaught 4..13, partner naught 4..13,\\n"
                "double naught, blind 4..13,\\nblind naught 4..13,\\nblind partner naught 4..13,\\nblind ten or double naught\"];\n") !=
        std::string::npos);
  CHECK(hg.find("  step_late_discard [label=\"late_discard (discard)\\nthe taker discards 2\"];\n") != std::string::npos);
}

TEST_CASE("graph: a variant of 3,000 rules names a dozen in its score node, and no label is too long for dot") {
  std::string text = "extends \"standard\"\nscoring {\n";
  for (int i = 0; i < 3000; ++i) text += "  rule r" + std::to_string(i) + " each team when hand == 1 { points 1 }\n";
  text += "}\n";
  const std::string file = spades::testing::temp_variant("many_rules", text);
  auto r = run("graph " + file, "", true);
  REQUIRE(r.code == 0);
  CHECK(r.out.find("  score [label=\"score the hand\\nrules: nil, contract, sandbags, r0, r1,\\nr2, r3, r4, r5, r6, r7, r8,\\nand 2991 more\"];\n") !=
        std::string::npos);
  std::istringstream lines(r.out);
  for (std::string l; std::getline(lines, l);) CHECK(l.size() < 1100);
  int status = 0;
  spades::testing::shell("command -v dot", &status);
  if (status == 0) CHECK(spades::testing::shell(std::string(SPADES_BINARY) + " graph " + file + " | dot -Tcanon >/dev/null 2>&1; echo $?") == "0\n");
}

TEST_CASE("graph: standard's course as DOT, exactly") {
  auto r = run("graph rulesets/standard.spades", "", true);
  CHECK(r.code == 0);
  CHECK(r.out == slurp(source_path("tests/explain/standard.dot")));
  CHECK(run("graph").code == 2);
}

TEST_CASE("explain: the core restrictions in their own sentences, their relative words said; the sugar's sentences unchanged") {
  std::string low = run("explain tests/features/lowball.spades", "", true).out;
  CHECK(low.find("  Restriction lowball (every card): a card may not be played when the player to play holds any of below (\"play the lowest card you hold in the suit "
                 "you play\"), unless that leaves nothing to play. Of a card in question, `below` means the cards of its suit ranked below it.\n") !=
        std::string::npos);
  CHECK(low.find("  Lead rule unbroken: trumps may not be led when trumps (S) are not broken (\"spades have not been broken\"); if that leaves nothing to lead, "
                 "any card may be led.\n") != std::string::npos);
  std::string pref = run("explain tests/features/prefer.spades", "", true).out;
  CHECK(pref.find("  Preference cut_low (trumps): when the player to play holds no card of the suit led, a player who may play a card of the group must play "
                  "the lowest of them; the first "
                  "preference that applies decides.\n") != std::string::npos);
}
