// theme::WrapAtBreaks and theme::ElideFront (app/gui/theme.h): how the Explanation and the
// tables fit long filters, names and paths into a width. Pure functions over a measure.
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "app/gui/theme.h"

// theme::WrapAtBreaks: the Explanation's long LDAP filters, KRIs and paths break between their
// parts, never mid-word (one character = one unit of width here).
namespace {
std::vector<std::string> Wrap(std::string_view text, float width) {
  std::vector<std::string> out;
  for (std::string_view l : cfgi::gui::theme::WrapAtBreaks(text, width, [](std::string_view s) { return static_cast<float>(s.size()); }))
    out.emplace_back(l);
  return out;
}
}  // namespace

TEST(WrapAtBreaks, AnLdapFilterBreaksBetweenItsParts) {
  EXPECT_EQ(Wrap("(&(objectClass=a.b.Foo)(|(name=x)(name=y)))", 24),
            (std::vector<std::string>{"(&(objectClass=a.b.Foo)", "(|(name=x)(name=y)))"}));
  EXPECT_EQ(Wrap("(&(objectClass=a.b.Foo)(|(name=x)(name=y)))", 12),
            (std::vector<std::string>{"(&", "(objectClass", "=a.b.Foo)(|", "(name=x)", "(name=y)))"}));
}

// A scoped interface name in a filter (CppMicroServices' "storage::IBackend") breaks after its
// "::", never between the two colons.
TEST(WrapAtBreaks, AScopedNameBreaksAfterItsDoubleColon) {
  EXPECT_EQ(Wrap("(objectclass=storage::IBackend)", 22),
            (std::vector<std::string>{"(objectclass=storage::", "IBackend)"}));
  // Not "(a=x)(objectclass=storage:" and ":IBackend)".
  EXPECT_EQ(Wrap("(a=x)(objectclass=storage::IBackend)", 26),
            (std::vector<std::string>{"(a=x)", "(objectclass=storage::", "IBackend)"}));
}

// A TXT record's owner (grpc's test/cpp/naming zone names are 70 characters long) breaks after a
// label's dot, a number's dot never.
TEST(WrapAtBreaks, ADnsNameBreaksAfterALabel) {
  EXPECT_EQ(Wrap("record #0 ipv4-config.resolver-tests-version-2.grpctestingexp.", 30),
            (std::vector<std::string>{"record #0 ipv4-config.", "resolver-tests-version-2.", "grpctestingexp."}));
  EXPECT_EQ(Wrap("1.5 1.25", 4), (std::vector<std::string>{"1.5", "1.25"}));
}

// A DS instance name (CppMicroServices' "<impl>_<pid>~<instance>") breaks after its underscores
// and before its tilde, not by characters.
TEST(WrapAtBreaks, AnIdentifierBreaksAfterUnderscoresAndBeforeATilde) {
  EXPECT_EQ(Wrap("serviceB_shared_config~instance1", 16),
            (std::vector<std::string>{"serviceB_shared_", "config~instance1"}));
  EXPECT_EQ(Wrap("serviceB_shared_config~instance1", 12),
            (std::vector<std::string>{"serviceB_", "shared_", "config", "~instance1"}));
}

// Components of one namespace differ at their end: a narrow cell shows it.
TEST(ElideFront, KeepsTheEndThatTellsRowsApart) {
  auto measure = [](std::string_view s) {
    float n = 0;  // characters, a UTF-8 sequence one
    for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) == 0x80 ? 0 : 1;
    return n;
  };
  EXPECT_EQ(cfgi::gui::theme::ElideFront("sample::ServiceAImpl3", 30, measure), "sample::ServiceAImpl3");
  EXPECT_EQ(cfgi::gui::theme::ElideFront("sample::ServiceAImpl3", 10, measure), "\u2026iceAImpl3");
  EXPECT_EQ(cfgi::gui::theme::ElideFront("\xC3\xA9\xC3\xA9" "ab", 3, measure), "\u2026ab");  // UTF-8 kept whole
}

TEST(WrapAtBreaks, SpacesPathsAndNewlines) {
  EXPECT_EQ(Wrap("one two three", 7), (std::vector<std::string>{"one two", "three"}));
  EXPECT_EQ(Wrap("mesh/default/backend", 13), (std::vector<std::string>{"mesh/default/", "backend"}));
  EXPECT_EQ(Wrap("a\nb c", 10), (std::vector<std::string>{"a", "b c"}));
  EXPECT_EQ(Wrap("fits", 10), (std::vector<std::string>{"fits"}));
}

TEST(WrapAtBreaks, OnlyAPartWiderThanTheLineIsCutByCharacters) {
  EXPECT_EQ(Wrap("abcdefghij", 4), (std::vector<std::string>{"abcd", "efgh", "ij"}));
  // A UTF-8 sequence stays whole: "é" is two bytes.
  EXPECT_EQ(Wrap("\xC3\xA9\xC3\xA9\xC3\xA9", 3), (std::vector<std::string>{"\xC3\xA9", "\xC3\xA9", "\xC3\xA9"}));
}
