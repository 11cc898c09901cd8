// txt engine: a service config as tree lines, and several profiles' trees merged into one (the
// app's Config tab: a column per profile, the differing rows marked).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/txt/txt_config_tree.h"

namespace cfgi::txt {
namespace {

std::vector<ConfigLine> Tree(const char* json) { return ConfigTree(nlohmann::ordered_json::parse(json), "serviceConfig"); }

// "key=v1|v2|-" per row: each tree's value ("{}" for a container, "-" where it has none), "!"
// after a differing row, "*" after a container holding one.
std::vector<std::string> Rows(const std::vector<ConfigRow>& rows) {
  std::vector<std::string> out;
  for (const ConfigRow& r : rows) {
    std::string s = std::string(static_cast<size_t>(r.depth) * 2, ' ') + r.key + "=";
    for (size_t t = 0; t < r.per.size(); ++t)
      s += (t ? "|" : "") + (!r.per[t] ? std::string("-") : r.per[t]->container ? std::string("{}") : r.per[t]->value);
    if (r.differs) s += " !";
    if (r.holds_difference) s += " *";
    out.push_back(s);
  }
  return out;
}

TEST(TxtConfigTree, SameShapeOneDifferingLeafIsMarkedWithItsContainers) {
  // samples/txt/canary-50's two choices: the same config but the timeout.
  const auto a = Tree(R"({"loadBalancingPolicy":"round_robin","methodConfig":[{"name":[{"service":"echo.Echo"}],"timeout":"1s"}]})");
  const auto b = Tree(R"({"loadBalancingPolicy":"round_robin","methodConfig":[{"name":[{"service":"echo.Echo"}],"timeout":"5s"}]})");
  const std::vector<ConfigRow> rows = MergeConfigTrees({&a, &b, &b});
  EXPECT_EQ(Rows(rows), (std::vector<std::string>{
                            "serviceConfig={}|{}|{} *",
                            "  loadBalancingPolicy=\"round_robin\"|\"round_robin\"|\"round_robin\"",
                            "  methodConfig={}|{}|{} *",
                            "    [0]={}|{}|{} *",
                            "      name={}|{}|{}",
                            "        [0]={}|{}|{}",
                            "          service=\"echo.Echo\"|\"echo.Echo\"|\"echo.Echo\"",
                            "      timeout=\"1s\"|\"5s\"|\"5s\" !",
                        }));
  EXPECT_EQ(rows[0].children, 7);
  EXPECT_EQ(rows[2].children, 5);
  EXPECT_EQ(rows[4].children, 2);
}

TEST(TxtConfigTree, AKeyOnlyOneTreeHasFollowsItsPrecedingLineInThatTreeAndDiffers) {
  const auto a = Tree(R"({"methodConfig":[{"timeout":"1s"}],"retryThrottling":{"maxTokens":10}})");
  const auto b = Tree(R"({"loadBalancingPolicy":"pick_first","methodConfig":[{"timeout":"1s","waitForReady":true}]})");
  EXPECT_EQ(Rows(MergeConfigTrees({&a, &b})), (std::vector<std::string>{
                                                   "serviceConfig={}|{} *",
                                                   "  loadBalancingPolicy=-|\"pick_first\" !",
                                                   "  methodConfig={}|{} *",
                                                   "    [0]={}|{} *",
                                                   "      timeout=\"1s\"|\"1s\"",
                                                   "      waitForReady=-|true !",
                                                   "  retryThrottling={}|- ! *",
                                                   "    maxTokens=10|- !",
                                               }));
}

TEST(TxtConfigTree, AProfileWithoutConfigIsNotADifference) {
  const auto a = Tree(R"({"loadBalancingPolicy":"round_robin"})");
  const std::vector<ConfigLine> none;
  EXPECT_EQ(Rows(MergeConfigTrees({&a, nullptr, &none, &a})),
            (std::vector<std::string>{"serviceConfig={}|-|-|{}", "  loadBalancingPolicy=\"round_robin\"|-|-|\"round_robin\""}));
  EXPECT_TRUE(MergeConfigTrees({nullptr, &none}).empty());
}

// A value kind that changes (a scalar in one profile, an object in another) differs.
TEST(TxtConfigTree, AScalarAgainstAContainerDiffers) {
  const auto a = Tree(R"({"x":1})");
  const auto b = Tree(R"({"x":{"y":1}})");
  EXPECT_EQ(Rows(MergeConfigTrees({&a, &b})),
            (std::vector<std::string>{"serviceConfig={}|{} *", "  x=1|{} ! *", "    y=-|1 !"}));
}

}  // namespace
}  // namespace cfgi::txt
