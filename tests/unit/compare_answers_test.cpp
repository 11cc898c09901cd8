// The comparison counts one divergence per differing answer (core/engine/compare.h AnswerOf,
// Engine::answer_units): a request whose action and "decided by" differ is one divergence with
// several leaves, not one per JSON pointer.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/engine/compare.h"
#include "core/engine/engine.h"
#include "core/engine/scenario.h"

namespace cfgi {
namespace {

using nlohmann::ordered_json;

TEST(CompareAnswers, AnswerOfTakesTheLongestUnitOrTheFirstSegmentAndItsIndex) {
  EXPECT_EQ(AnswerOf("/requests/3/actions/0", {}), "/requests/3");
  EXPECT_EQ(AnswerOf("/coverage/unreached/1/line", {}), "/coverage");
  EXPECT_EQ(AnswerOf("/choice", {}), "/choice");
  EXPECT_EQ(AnswerOf("", {}), "");
  const std::vector<std::string> policy = {"/rules/*/*/*"};
  EXPECT_EQ(AnswerOf("/rules/0/fromRules/2/conf/idleTimeout", policy), "/rules/0/fromRules/2");
  EXPECT_EQ(AnswerOf("/rules/1/type", policy), "/rules/1");  // shorter than the unit: the default
  // The longest fitting unit wins; "*" is one segment, never a part of one.
  EXPECT_EQ(AnswerOf("/a/b/c/d", {"/a", "/a/*/c"}), "/a/b/c");
  EXPECT_EQ(AnswerOf("/a/bx/c", {"/a/b"}), "/a");  // no unit fits; "bx" is not an index
}

TEST(CompareAnswers, OneDivergencePerDifferingAnswerWithItsLeavesAsDetail) {
  const ordered_json a = ordered_json::parse(
      R"({"requests": [{"actions": ["deny"], "decided_by": {"what": "matchers[0]", "line": 3}}, {"actions": ["ok"]}],
          "coverage": {"reached": 5, "unreached": [{"line": 26}]}})");
  const ordered_json b = ordered_json::parse(
      R"({"requests": [{"actions": ["default"], "decided_by": {"what": "on_no_match", "line": 86}}, {"actions": ["ok"]}],
          "coverage": {"reached": 6, "unreached": [{"line": 12}]}})");
  Comparison c = Compare({{"grpc-core", &a}, {"envoy", &b}});
  EXPECT_EQ(c.divergences.size(), 5u);
  ASSERT_EQ(c.size(), 2u);
  EXPECT_EQ(c.answers[0].path, "/coverage");  // answers in the order of their first leaf (by path)
  EXPECT_EQ(c.answers[0].divergences, (std::vector<size_t>{0, 1}));
  EXPECT_EQ(c.answers[1].path, "/requests/0");
  EXPECT_EQ(c.answers[1].divergences.size(), 3u);
  EXPECT_EQ(c.divergences[2].answer, "/requests/0");
  EXPECT_EQ(c.CountUnder("/requests/0"), 1u);
  EXPECT_EQ(c.CountUnder("/requests/1"), 0u);
  EXPECT_EQ(c.CountUnder("/requests/0/decided_by"), 1u);
  EXPECT_EQ(c.CountUnder(""), 2u);
  // Not described yet (DescribeAnswers names them and groups the profiles): empty title and groups.
  EXPECT_EQ(c.AnswersJson().dump(),
            R"([{"path":"/coverage","leaves":2,"title":"","groups":[]},{"path":"/requests/0","leaves":3,"title":"","groups":[]}])");
  // A list empty in one profile is one answer with the others' items under it, each item one
  // divergence (the subtree the empty list lacks).
  const ordered_json x = ordered_json::parse(R"({"choices": [], "nack": []})");
  const ordered_json y = ordered_json::parse(R"({"choices": [{"outcome": "a", "at": 1}, {"outcome": "b"}], "nack": [{"reason": "r1"}, {"reason": "r2"}]})");
  Comparison l = Compare({{"grpc-go", &x}, {"grpc-java", &y}});
  EXPECT_EQ(l.divergences.size(), 6u);
  EXPECT_EQ(l.AnswersJson().dump(),
            R"([{"path":"/choices","leaves":3,"title":"","groups":[]},{"path":"/nack","leaves":3,"title":"","groups":[]}])");
  EXPECT_EQ(l.divergences[1].path, "/choices/0");
  EXPECT_EQ(l.divergences[1].values["grpc-java"].dump(), R"({"outcome":"a","at":1})");
  // A subtree one profile lacks altogether is one divergence at its root with the whole subtree
  // as the value, not one per leaf below it; an entry absent in one profile and an empty list in
  // another is listed once.
  const ordered_json p = ordered_json::parse(R"({"rules": [{"type": "T", "fromItems": [{"rank": 0, "policy": "p", "kind": "Mesh"}]}]})");
  const ordered_json q = ordered_json::parse(R"({"rules": [{"type": "T", "fromItems": []}]})");
  const ordered_json r = ordered_json::parse(R"({"rules": [{"type": "T"}]})");
  Comparison f = Compare({{"kuma-2.14", &p}, {"kuma-3.0-preview", &q}});
  ASSERT_EQ(f.divergences.size(), 2u);
  EXPECT_EQ(f.ToJson().dump(),
            R"([{"path":"/rules/0/fromItems","values":{"kuma-2.14":[{"rank":0,"policy":"p","kind":"Mesh"}],"kuma-3.0-preview":[]}},)"
            R"({"path":"/rules/0/fromItems/0","values":{"kuma-2.14":{"rank":0,"policy":"p","kind":"Mesh"},"kuma-3.0-preview":null}}])");
  Comparison g = Compare({{"kuma-2.14", &p}, {"kuma-3.0-preview", &r}});
  ASSERT_EQ(g.divergences.size(), 1u);
  EXPECT_EQ(g.divergences[0].path, "/rules/0/fromItems");
  EXPECT_EQ(g.divergences[0].values["kuma-3.0-preview"], nullptr);
  Comparison h = Compare({{"kuma-2.14", &p}, {"kuma-2.13", &q}, {"kuma-3.0-preview", &r}});
  ASSERT_EQ(h.divergences.size(), 1u);
  EXPECT_EQ(h.divergences[0].path, "/rules/0/fromItems");
  EXPECT_EQ(h.divergences[0].values["kuma-2.13"], ordered_json::array());
  // Equal results: nothing differs.
  Comparison same = Compare({{"grpc-core", &a}, {"envoy", &a}});
  EXPECT_TRUE(same.empty());
  EXPECT_EQ(same.size(), 0u);
}

// The policy engine's answers are its rule rows (an inbound rule, a to-resource rule), not each
// leaf of a row's conf, fields and origins.
// A differing answer in words (the CLI's `--profile all` text): leaves named as a person reads
// them, profiles grouped by what they give, a value one profile lacks is "none".
TEST(CompareAnswers, GroupByAgreementGroupsProfilesThatGiveTheSame) {
  EXPECT_EQ(ReadablePointer("/requests/0/decided_by/what"), "requests[0].decided_by.what");
  EXPECT_EQ(ReadablePointer("/a~1b/c~0d/12"), "a/b.c~d[12]");
  EXPECT_EQ(ReadablePointer(""), "the result");
  const ordered_json a = ordered_json::parse(R"({"requests": [{"actions": ["deny"], "decided_by": {"what": "m[0]"}}]})");
  const ordered_json b = ordered_json::parse(R"({"requests": [{"actions": ["ok"], "decided_by": {"what": "on_no_match"}}]})");
  const ordered_json c = ordered_json::parse(R"({"requests": [{"actions": ["deny"], "decided_by": {"what": "m[0]"}}]})");
  const ordered_json d = ordered_json::parse(R"({"requests": [{"actions": []}]})");
  Comparison cmp = Compare({{"grpc-core", &a}, {"envoy", &b}, {"a106", &c}, {"grpc-java", &d}});
  ASSERT_EQ(cmp.size(), 1u);
  std::vector<AnswerGroup> g = GroupByAgreement(cmp, cmp.answers[0], {"grpc-core", "envoy", "a106", "grpc-java"});
  ASSERT_EQ(g.size(), 3u);
  EXPECT_EQ(g[0].profiles, (std::vector<std::string>{"grpc-core", "a106"}));
  EXPECT_EQ(g[1].profiles, (std::vector<std::string>{"envoy"}));
  EXPECT_EQ(g[2].profiles, (std::vector<std::string>{"grpc-java"}));
  using F = std::vector<std::pair<std::string, std::string>>;
  // The leaves: actions (grpc-java's empty list is a leaf), actions[0], and decided_by, which
  // grpc-java lacks altogether (one leaf, not one per field below it); those with three different
  // values first, in path order.
  EXPECT_EQ(g[0].fields, (F{{"actions", "[1 item]"}, {"actions[0]", "\"deny\""}, {"decided_by", "{1 key}"}}));
  // envoy differs from grpc-core everywhere; grpc-java too, its values absent ("none").
  EXPECT_EQ(g[1].fields, (F{{"actions", "[1 item]"}, {"actions[0]", "\"ok\""}, {"decided_by", "{1 key}"}}));
  EXPECT_EQ(g[2].fields, (F{{"actions", "[0 items]"}, {"actions[0]", "none"}, {"decided_by", "none"}}));
}

TEST(CompareAnswers, MatcherNackIsOneAnswer) {
  const Engine* e = FindEngine("matcher");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(AnswerOf("/nack/3/reason", e->answer_units()), "/nack");
  EXPECT_EQ(AnswerOf("/requests/2/actions/0", e->answer_units()), "/requests/2");
}

TEST(CompareAnswers, PolicyAnswersAreRuleRows) {
  const Engine* e = FindEngine("policy");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->answer_units(), std::vector<std::string>{"/rules/*/*/*"});
  EXPECT_EQ(AnswerOf("/rules/0/toResourceRules/1/computedFrom", e->answer_units()), "/rules/0/toResourceRules/1");
}

}  // namespace
}  // namespace cfgi
