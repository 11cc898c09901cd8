// Evaluation of a compiled Matcher under one profile, with an optional explanation.
//
// grpc-core follows grpc/grpc src/core/xds/grpc/xds_matcher.cc: OnMatch::FindMatches adds an
// action and returns !keep_matching, or returns the nested matcher's result && !keep_matching
// (so a nested matcher that finds nothing lets the outer list continue); XdsMatcherList tries
// each predicate in order, then on_no_match; XdsMatcherExactMap looks up input.value_or("");
// XdsMatcherPrefixMap collects the matching prefixes shortest first, drops the shorter ones at
// every entry without keep_matching, and tries the rest longest first.
// envoy follows envoy source/common/matcher/: list_matcher.h (the same list walk),
// map_matcher.h (no data -> on_no_match), prefix_map_matcher.h (findMatchingPrefixes, tried
// longest first, resuming at a shorter prefix when one yields no match:
// prefix_map_matcher_resume_after_subtree_miss), with keep_matching actions reported through
// skipped_match_cb (envoy/matcher/matcher.h MatchTree::handleRecursionAndSkips): an OnMatch with
// keep_matching that holds a nested matcher skips every action the nested matcher produces, its
// on_no_match included (test/common/matcher/exact_map_matcher_test.cc
// RecursiveMatchingWithKeepMatching).
// grpc-java follows xds/src/main/java/io/grpc/xds/internal/matcher/: MatcherList.java (the same
// list walk as gRPC C-core), MatcherTree.java (a found key never falls back to on_no_match;
// the prefix map tries every matching prefix longest first), UnifiedMatcher.java (a Matcher
// with no type is a NoOpMatcher: its on_no_match), HeaderMatchInput.java (absent header: null).
// a106 reads the gRFC's "Evaluation Flow" prose: an OnMatch without keep_matching is terminal
// even when its nested matcher finds nothing, and then, by "Behavior for Unsuccessful Matches",
// the match is unsuccessful (matched false, no action).
#include <algorithm>

#include <re2/re2.h>

#include "core/matcher/matcher.h"

#include "core/doc/utf8.h"
#include "core/matcher/network_inputs.h"

namespace cfgi::matcher {

using doc::Outcome;
using doc::Step;

// ---- StringMatch ----
namespace {
bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != b[i]) return false;
  return true;
}
std::string LowerAscii(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}
std::string Quoted(std::string_view s) { return "'" + std::string(s) + "'"; }
}  // namespace

bool StringMatch::Match(std::string_view v) const {
  switch (kind) {
    case Kind::kExact: return ignore_case ? EqualsIgnoreCase(v, lowered) : v == pattern;
    case Kind::kPrefix:
      return v.size() >= pattern.size() && (ignore_case ? EqualsIgnoreCase(v.substr(0, pattern.size()), lowered) : v.substr(0, pattern.size()) == pattern);
    case Kind::kSuffix:
      return v.size() >= pattern.size() &&
             (ignore_case ? EqualsIgnoreCase(v.substr(v.size() - pattern.size()), lowered) : v.substr(v.size() - pattern.size()) == pattern);
    case Kind::kContains:
      if (ignore_case) return LowerAscii(v).find(lowered) != std::string::npos;
      return v.find(pattern) != std::string_view::npos;
    case Kind::kRegex:
      // safe_regex is a full match and ignore_case does not apply (xds string.proto).
      return regex && RE2::FullMatch(re2::StringPiece(v.data(), v.size()), *regex);
    case Kind::kNone: return false;
  }
  return false;
}

std::string StringMatch::Describe() const {
  const char* k = kind == Kind::kExact ? "exact" : kind == Kind::kPrefix ? "prefix" : kind == Kind::kSuffix ? "suffix"
                  : kind == Kind::kContains ? "contains" : kind == Kind::kRegex ? "safe_regex" : "(none)";
  return std::string(k) + " " + Quoted(pattern) + (ignore_case && kind != Kind::kRegex ? " (ignore_case)" : "");
}

// ---- PrefixTrie ----
int32_t PrefixTrie::Child(int32_t n, unsigned char c) const {
  const Node& node = nodes_[static_cast<size_t>(n)];
  const std::vector<int32_t>& t = node.next;
  if (node.dense) {
    const unsigned k = static_cast<unsigned>(c) - node.lo;  // below `lo` wraps to a large k
    return k < t.size() ? t[k] : -1;
  }
  size_t lo = 0, hi = t.size() / 2;  // pairs (byte, node) sorted by byte
  while (lo < hi) {
    const size_t mid = (lo + hi) / 2;
    if (t[2 * mid] < c) lo = mid + 1;
    else hi = mid;
  }
  return lo < t.size() / 2 && t[2 * lo] == c ? t[2 * lo + 1] : -1;
}

void PrefixTrie::Insert(std::string_view key, int value) {
  int32_t n = 0;
  for (unsigned char c : key) {
    int32_t next = Child(n, c);
    if (next < 0) {
      next = static_cast<int32_t>(nodes_.size());
      nodes_.emplace_back();
      Node& node = nodes_[static_cast<size_t>(n)];
      // The children as (byte, node) pairs, the new one included, sorted by byte.
      std::vector<std::pair<int32_t, int32_t>> ch;
      if (node.dense) {
        for (size_t k = 0; k < node.next.size(); ++k)
          if (node.next[k] >= 0) ch.emplace_back(static_cast<int32_t>(node.lo + k), node.next[k]);
      } else {
        for (size_t k = 0; k + 1 < node.next.size(); k += 2) ch.emplace_back(node.next[k], node.next[k + 1]);
      }
      ch.insert(std::lower_bound(ch.begin(), ch.end(), std::pair<int32_t, int32_t>(c, -1)), {c, next});
      // A table by byte when the children's bytes are close together (a path's digits,
      // letters): at most 2 slots a child and 14 more, so memory stays proportional.
      const size_t span = static_cast<size_t>(ch.back().first - ch.front().first) + 1;
      node.dense = span <= 2 * ch.size() + 14;
      if (node.dense) {
        node.lo = static_cast<unsigned char>(ch.front().first);
        node.next.assign(span, -1);
        for (const auto& [b, to] : ch) node.next[static_cast<size_t>(b - node.lo)] = to;
      } else {
        node.next.clear();
        for (const auto& [b, to] : ch) {
          node.next.push_back(b);
          node.next.push_back(to);
        }
      }
    }
    n = next;
  }
  nodes_[static_cast<size_t>(n)].value = value;
}

void PrefixTrie::Prefixes(std::string_view s, std::vector<int>& out) const {
  int32_t n = 0;
  if (nodes_[0].value >= 0) out.push_back(nodes_[0].value);
  for (unsigned char c : s) {
    n = Child(n, c);
    if (n < 0) return;
    if (nodes_[static_cast<size_t>(n)].value >= 0) out.push_back(nodes_[static_cast<size_t>(n)].value);
  }
}

// ---- evaluation ----
namespace {

// What an OnMatch gives the matcher holding it: whether that matcher stops searching, and
// whether the match is successful. For grpc-core, envoy and grpc-java both are gRPC's
// FindMatches result (`stop == matched`); under a106 an on_match without keep_matching stops
// the search even when its nested matcher found nothing, and the match is then unsuccessful.
struct OnMatchOutcome {
  bool stop = false;
  bool matched = false;
};

std::string DescribeInput(const Input& in) {
  switch (in.kind) {
    case Input::Kind::kHeader: return "header " + Quoted(in.header);
    case Input::Kind::kCel: return "CEL attributes";
    case Input::Kind::kQueryParam: return "query parameter " + Quoted(in.key);
    case Input::Kind::kDynamicMetadata: {
      std::string p;
      for (const std::string& k : in.metadata_path) p += "." + k;
      return "dynamic metadata " + Quoted(in.key + p);
    }
    case Input::Kind::kNetwork:
      return std::string(NetworkInputName(in.network)) + (in.network == Input::Network::kFilterState ? " " + Quoted(in.key) : "");
    default: return in.type.empty() ? "(no input)" : in.type;
  }
}

// "custom matcher IPMatcher (xds.type.matcher.v3.IPMatcher) on input the connection's ..."
std::string CustomWhat(const std::string& type, const Input& in) {
  std::string t = type.empty() ? "(no @type)" : type;
  return "custom matcher " + t + " on input " + DescribeInput(in);
}

std::string NoMatchReason(const Matcher& m) {
  switch (m.kind) {
    case Matcher::Kind::kList: return "no matcher in the list gave a match";
    case Matcher::Kind::kExactMap:
    case Matcher::Kind::kPrefixMap:
    case Matcher::Kind::kIpMap:
    case Matcher::Kind::kCustomTree: return "no key of the tree on input " + DescribeInput(m.input) + " gave a match";
    default: return "the matcher has neither matcher_list nor matcher_tree";
  }
}

// A predicate in words, for "decided by"; `v`: the value its single input had (value tests).
std::string Summary(const Predicate& p, std::optional<std::string_view> v) {
  switch (p.kind) {
    case Predicate::Kind::kSingle:
      switch (p.test) {
        case Predicate::Test::kValue:
          return DescribeInput(p.input) + (v ? " = " + Quoted(*v) : " has no data") + "; " + p.value.Describe();
        case Predicate::Test::kCel: return "CEL " + p.cel_text;
        case Predicate::Test::kConstant: return p.constant ? "custom_match: true" : "custom_match: false";
        case Predicate::Test::kMetadata:
          return DescribeInput(p.input) + " " + (p.value_matcher ? p.value_matcher->Describe() : std::string()) + (p.invert ? " (invert)" : "");
        case Predicate::Test::kIp: {
          std::string r;
          for (const auto& c : p.cidrs) r += (r.empty() ? "" : ", ") + c->Text();
          return DescribeInput(p.input) + " in " + r;
        }
        case Predicate::Test::kUnsupported: return CustomWhat(p.custom_type, p.input);
      }
      return "";
    case Predicate::Kind::kOr: return "or_matcher of " + std::to_string(p.children.size()) + " predicates";
    case Predicate::Kind::kAnd: return "and_matcher of " + std::to_string(p.children.size()) + " predicates";
    case Predicate::Kind::kNot: return "not_matcher";
    case Predicate::Kind::kInvalid: return "an invalid predicate";
  }
  return "";
}

// The prefix maps' matching entries during an evaluation, as a stack (Eval::RunMap).
std::vector<int>& PrefixStack() {
  thread_local std::vector<int> stack;
  return stack;
}

class Eval {
 public:
  Eval(const Compiled& m, const Request& r, Profile p, Result& out) : m_(m), r_(r), p_(p), out_(out) {}

  // Returns true when the matcher found a successful match (gRPC's FindMatches, grpc-java's
  // MatchResult.matched).
  bool RunMatcher(const Matcher& m, Step* why) {
    if (aborted_) return false;
    const int limit = p_ == Profile::kGrpcJava ? kMaxDepthGrpcJava : kMaxDepth;
    if (p_ != Profile::kEnvoy && m.depth > limit) {
      aborted_ = true;
      if (why) why->Add({"depth limit", Outcome::kError,
                         "matcher at depth " + std::to_string(m.depth) + " is beyond " + std::to_string(limit) +
                             ": evaluation terminated, an unsuccessful match (A106)", m.range});
      return false;
    }
    switch (m.kind) {
      case Matcher::Kind::kList: return RunList(m, why);
      case Matcher::Kind::kExactMap:
      case Matcher::Kind::kPrefixMap: return RunMap(m, why);
      case Matcher::Kind::kIpMap: return RunIpMap(m, why);
      case Matcher::Kind::kCustomTree: {
        std::string what = CustomWhat(m.custom_type, m.input);
        NotEvaluated(what);
        if (why) why->Add({"custom_match " + (m.custom_type.empty() ? std::string("(no @type)") : m.custom_type), Outcome::kError,
                           "not evaluated: " + what + " (MAT041); the result here is not Envoy's", m.range});
        return false;
      }
      case Matcher::Kind::kNone:
        // Envoy's AnyMatcher (source/common/matcher/matcher.h) and grpc-java's NoOpMatcher
        // (UnifiedMatcher.java; UnifiedMatcherTest noOpMatcher_delegatesToOnNoMatch) go to
        // on_no_match; gRPC C-core rejects such a matcher (MAT001) and a106 follows it.
        if (p_ == Profile::kEnvoy || p_ == Profile::kGrpcJava) {
          if (why) why->Add({"no matcher type", Outcome::kNoMatch, "neither matcher_list nor matcher_tree: on_no_match decides", m.range});
          return RunOnNoMatch(m, why);
        }
        if (why) why->Add({"invalid matcher", Outcome::kError, "not evaluated: gRPC C-core rejects a matcher without matcher_list or matcher_tree", m.range});
        return false;
      case Matcher::Kind::kInvalid:
        if (why) why->Add({"invalid matcher", Outcome::kError, "not evaluated: the matcher has no valid type", m.range});
        return false;
    }
    return false;
  }

  bool aborted() const { return aborted_; }

 private:
  bool RunOnNoMatch(const Matcher& m, Step* why) {
    if (!m.on_no_match) {
      if (why) why->Add({"on_no_match", Outcome::kNoMatch, "not set: nothing more to try", m.range});
      return false;
    }
    Step* s = why ? &why->Add({"on_no_match", Outcome::kMatched, "", m.on_no_match->range}) : nullptr;
    Decide(Result::DecisionSource::Kind::kOnNoMatch, m, 0);
    OnMatchOutcome o = RunOnMatch(*m.on_no_match, s);
    // grpc-java OnMatch.evaluate ignores keep_matching: an on_no_match action is a match.
    if (p_ == Profile::kGrpcJava) return o.matched || (m.on_no_match->keep_matching && NestedOrActionMatched(*m.on_no_match));
    return o.matched;
  }

  bool RunList(const Matcher& m, Step* why) {
    for (size_t i = 0; i < m.list.size(); ++i) {
      const FieldMatcher& f = m.list[i];
      Step* s = why ? &why->Add({"matchers[" + std::to_string(i) + "]", Outcome::kNoMatch, "", f.range}) : nullptr;
      bool hit = Test(f.predicate, s);
      if (!hit) {
        if (s) s->detail = "predicate false, matching continues";
        continue;
      }
      if (s) s->outcome = Outcome::kMatched;
      // The value a single predicate's input had, for its words (held while the on_match runs).
      std::string v_own;
      std::optional<std::string_view> v;
      if (f.predicate.kind == Predicate::Kind::kSingle && f.predicate.test == Predicate::Test::kValue) v = InputValue(f.predicate.input, v_own);
      Decide(Result::DecisionSource::Kind::kListEntry, m, i, v);
      OnMatchOutcome o = RunOnMatch(f.on_match, s);
      if (s) s->detail = o.stop ? "predicate true: its on_match ends the list" : "predicate true: matching continues";
      if (o.stop) return o.matched;
      if (aborted_) return false;
    }
    return RunOnNoMatch(m, why);
  }

  bool RunMap(const Matcher& m, Step* why) {
    std::string value_own;
    std::optional<std::string_view> value = InputValue(m.input, value_own);
    bool prefix = m.kind == Matcher::Kind::kPrefixMap;
    Step* s = why ? &why->Add({prefix ? "prefix_match_map" : "exact_match_map", Outcome::kNoMatch, "", m.range}) : nullptr;
    if (!value) {
      // Envoy's MapMatcher and grpc-java's MatcherTree: no data goes to on_no_match.
      if (s) s->detail = "input " + DescribeInput(m.input) + " has no data: on_no_match";
      return RunOnNoMatch(m, why);
    }
    if (s) s->detail = "input " + DescribeInput(m.input) + " = " + Quoted(*value);
    // grpc-java MatcherTree.java matchExact / matchPrefix: once a key is found, the tree's result
    // is what its entries give; it never falls back to on_no_match (MatcherTreeTest
    // matcherTree_prefixFoundButNestedFailed_returnNoMatch_notOnNoMatch,
    // matcherTree_exactMatch_keepMatching_aggregate).
    const bool java = p_ == Profile::kGrpcJava;
    if (!prefix) {
      auto it = m.exact.find(std::string(*value));
      if (it == m.exact.end()) {
        if (s) s->detail += ": no key";
        return RunOnNoMatch(m, why);
      }
      const MapEntry& e = m.entries[static_cast<size_t>(it->second)];
      if (s) s->outcome = Outcome::kMatched;
      Step* es = s ? &s->Add({"key " + Quoted(e.key), Outcome::kMatched, "exact match", e.key_range}) : nullptr;
      Decide(Result::DecisionSource::Kind::kExactKey, m, static_cast<size_t>(it->second), value);
      OnMatchOutcome o = RunOnMatch(e.on_match, es);
      if (o.stop) return o.matched;
      if (aborted_) return false;
      if (java) {
        if (s) s->Add({"on_no_match", Outcome::kSkipped, "grpc-java: the key was found, so on_no_match is not used", m.range});
        return false;
      }
      return RunOnNoMatch(m, why);
    }
    // The matching keys go on a per-thread stack of entry indices (nested prefix maps push above
    // this one's and pop before it reads again), so an evaluation allocates nothing here: three
    // vectors a lookup were a sixth of BM_PrefixMap100k_TrieVsLinear under node (dlmalloc).
    std::vector<int>& stack = PrefixStack();
    const size_t base = stack.size();
    struct Pop {
      std::vector<int>& v;
      size_t n;
      ~Pop() { v.resize(n); }
    } pop{stack, base};
    m.trie.Prefixes(*value, stack);  // shortest first
    size_t end = stack.size();
    if (end == base) {
      if (s) s->detail += ": no key is a prefix";
      return RunOnNoMatch(m, why);
    }
    if (s) s->outcome = Outcome::kMatched;
    if (p_ != Profile::kEnvoy && !java) {
      // XdsMatcherPrefixMap::FindMatches: an entry without keep_matching drops the shorter ones
      // (kept in place: stack[base, kept) are the ones still tried).
      size_t kept = base;
      for (size_t i = base; i < end; ++i) {
        const int h = stack[i];
        if (!m.entries[static_cast<size_t>(h)].on_match.keep_matching) {
          for (size_t j = base; j < kept && s; ++j) {
            const MapEntry& d = m.entries[static_cast<size_t>(stack[j])];
            s->Add({"key " + Quoted(d.key), Outcome::kSkipped, "a longer prefix without keep_matching takes precedence", d.key_range});
          }
          kept = base;
        }
        stack[kept++] = h;
      }
      end = kept;
    }
    // Envoy: longest first, resuming at shorter prefixes; grpc-java PrefixTrie.matchPrefixes
    // returns every matching prefix longest first and tries each. Read by index: a nested map
    // may grow (and move) the stack.
    for (size_t i = end; i-- > base;) {
      const size_t entry = static_cast<size_t>(stack[i]);
      const MapEntry& e = m.entries[entry];
      const bool longest = i + 1 == end;
      Step* es = s ? &s->Add({"key " + Quoted(e.key), Outcome::kMatched,
                              longest ? "longest matching prefix" : "shorter matching prefix", e.key_range})
                   : nullptr;
      Decide(Result::DecisionSource::Kind::kPrefixKey, m, entry, value);
      pending_.longest = longest;
      OnMatchOutcome o = RunOnMatch(e.on_match, es);
      if (o.stop) return o.matched;
      if (aborted_) return false;
    }
    if (java) {
      if (s) s->Add({"on_no_match", Outcome::kSkipped, "grpc-java: a key was found, so on_no_match is not used", m.range});
      return false;
    }
    return RunOnNoMatch(m, why);
  }

  // xds.type.matcher.v3.IPMatcher, as Envoy's IpRangeMatcher::match (envoy
  // source/extensions/common/matcher/ip_range_matcher.h; the same as trie_matcher.h): no data or
  // an address that does not parse -> on_no_match; every range holding the address, longest prefix
  // first then declaration order; the first candidate is always tried, later exclusive ones are
  // skipped; a candidate that gives no match lets the next one try; none -> on_no_match.
  bool RunIpMap(const Matcher& m, Step* why) {
    std::string value_own;
    std::optional<std::string_view> value = InputValue(m.input, value_own);
    Step* s = why ? &why->Add({"IPMatcher", Outcome::kNoMatch, "", m.range}) : nullptr;
    if (!value) {
      if (s) s->detail = "input " + DescribeInput(m.input) + " has no data: on_no_match";
      return RunOnNoMatch(m, why);
    }
    std::optional<IpAddress> ip = ParseIp(*value);
    if (!ip) {
      if (s) s->detail = "input " + DescribeInput(m.input) + " = " + Quoted(*value) + " is not an IP address: on_no_match";
      return RunOnNoMatch(m, why);
    }
    std::vector<const IpRangeNode*> hits;
    for (const IpRangeNode& n : m.ip_nodes)
      if (n.cidr->Contains(*ip)) hits.push_back(&n);
    std::stable_sort(hits.begin(), hits.end(), [](const IpRangeNode* a, const IpRangeNode* b) {
      if (a->cidr->length != b->cidr->length) return a->cidr->length > b->cidr->length;
      return a->entry < b->entry;
    });
    if (s) s->detail = "input " + DescribeInput(m.input) + " = " + Quoted(*value) + (hits.empty() ? ": in no range" : "");
    if (hits.empty()) return RunOnNoMatch(m, why);
    if (s) s->outcome = Outcome::kMatched;
    bool first = true;
    for (const IpRangeNode* n : hits) {
      const MapEntry& e = m.entries[static_cast<size_t>(n->entry)];
      const std::string what = "range " + n->cidr->Text();
      if (!first && n->exclusive) {
        if (s) s->Add({what, Outcome::kSkipped, "exclusive: a more specific range was tried first, so this one does not apply", e.key_range});
        continue;
      }
      Step* es = s ? &s->Add({what, Outcome::kMatched, first ? "longest matching prefix" : "shorter matching prefix (not exclusive)", e.key_range}) : nullptr;
      Decide(Result::DecisionSource::Kind::kIpRange, m, static_cast<size_t>(n - m.ip_nodes.data()), value);
      OnMatchOutcome o = RunOnMatch(e.on_match, es);
      if (o.stop) return o.matched;
      if (aborted_) return false;
      first = false;
    }
    return RunOnNoMatch(m, why);
  }

  void NotEvaluated(const std::string& what) {
    if (std::find(out_.unevaluated.begin(), out_.unevaluated.end(), what) == out_.unevaluated.end()) out_.unevaluated.push_back(what);
  }

  // The step the next action added is decided by (Result::decided_by() writes its words).
  // `value` views the request or a caller's local that outlives the on_match run after this
  // call; AddAction copies it into the result (the copy is the only allocation: a wasm32 string
  // holds 10 characters inline, so a copy per candidate allocated there and not natively).
  void Decide(Result::DecisionSource::Kind kind, const Matcher& m, size_t index, std::optional<std::string_view> value = std::nullopt) {
    pending_ = {kind, &m, index, true, value};
  }

  // grpc-java's OnMatch.evaluate(...).matched for an on_no_match with keep_matching: an action
  // is a match; a nested matcher's own result was already computed by RunOnMatch.
  bool NestedOrActionMatched(const OnMatch& om) const {
    if (om.kind == OnMatch::Kind::kAction) return true;
    return last_nested_found_;
  }

  void AddAction(const Action* a, bool keep) {
    out_.actions.push_back(a);
    Result::DecisionSource& d = out_.decision;
    d.kind = pending_.kind;
    d.matcher = pending_.matcher;
    d.index = pending_.index;
    d.longest = pending_.longest;
    d.has_value = pending_.value.has_value();
    if (pending_.value) d.value.assign(pending_.value->data(), pending_.value->size());
    else d.value.clear();
    if (keep || skip_depth_ > 0) out_.skipped.push_back(a);
  }

  OnMatchOutcome RunOnMatch(const OnMatch& om, Step* why) {
    out_.reached.push_back(om.id);
    if (om.kind == OnMatch::Kind::kAction) {
      AddAction(&om.action, om.keep_matching);
      if (why)
        why->Add({"action " + om.action.name, !om.keep_matching && skip_depth_ > 0 ? Outcome::kSkipped : Outcome::kMatched,
                  om.keep_matching ? "added; keep_matching: matching continues (Envoy reports it through skipped_match_cb)"
                  : skip_depth_ > 0 ? "added; the match is terminal here, but an enclosing on_match has keep_matching: skipped"
                                    : "added; the match is terminal",
                  om.action.range});
      return {!om.keep_matching, !om.keep_matching};
    }
    if (om.kind == OnMatch::Kind::kMatcher && om.matcher) {
      Step* s = why ? &why->Add({"nested matcher", Outcome::kNoMatch, "", om.matcher->range}) : nullptr;
      // Envoy's handleRecursionAndSkips: an OnMatch with keep_matching reports its nested
      // matcher's result, on_no_match included, through skipped_match_cb.
      if (om.keep_matching) ++skip_depth_;
      bool found = RunMatcher(*om.matcher, s);
      if (om.keep_matching) --skip_depth_;
      last_nested_found_ = found;
      if (s) {
        s->outcome = found ? Outcome::kMatched : Outcome::kNoMatch;
        if (found) s->detail = om.keep_matching ? "found a match; keep_matching: its actions are skipped and matching continues" : "found a match";
        else if (p_ == Profile::kA106 && !om.keep_matching)
          s->detail = "found nothing; the on_match is terminal anyway and the match is unsuccessful (A106 prose)";
        else s->detail = "found nothing; the outer matcher continues";
      }
      if (p_ == Profile::kA106) return {!om.keep_matching && !aborted_, found && !om.keep_matching};
      return {found && !om.keep_matching, found && !om.keep_matching};
    }
    if (why) why->Add({"invalid on_match", Outcome::kError, "neither action nor matcher", om.range});
    return {};
  }

  // What an input reads: a view into the request or a literal (HeaderView), or into `own`, which
  // holds a value that had to be made (joined headers, a connection field, a query parameter) and
  // must outlive the view. No copy per read: the matcher benchmarks' evaluations spent most of
  // their allocations on one (6 Dec, Chromium's profiler under node).
  std::optional<std::string_view> InputValue(const Input& in, std::string& own) {
    if (in.kind == Input::Kind::kUnsupported) NotEvaluated("input " + DescribeInput(in));
    if (in.kind == Input::Kind::kHeader) {
      // The last header read is remembered when its value is a view into the request or a
      // literal (not into `own`): a list of predicates on one header (BM_List1000's thousand)
      // compares the name once each instead of HeaderView's name tests and header scan, half of
      // that benchmark's time under node (7 Dec).
      if (last_header_ && (last_header_ == &in.header || *last_header_ == in.header)) return last_header_value_;
      std::optional<std::string_view> v = HeaderView(r_, in.header, p_, own);
      if (own.empty()) {  // HeaderView wrote no joined value there
        last_header_ = &in.header;
        last_header_value_ = v;
      }
      return v;
    }
    auto held = [&](std::optional<std::string> v) -> std::optional<std::string_view> {
      if (!v) return std::nullopt;
      own = std::move(*v);
      return std::string_view(own);
    };
    if (in.kind == Input::Kind::kNetwork) return held(NetworkValue(r_, in.network, in.key));
    if (in.kind == Input::Kind::kQueryParam) return held(QueryParamValue(r_, in.key));
    if (p_ == Profile::kEnvoy || p_ == Profile::kGrpcJava) return std::nullopt;
    return std::string_view();
  }

  const cel::Request& Cel() {
    if (!cel_) cel_ = CelRequest(r_, p_);
    return *cel_;
  }

  bool Test(const Predicate& p, Step* why) {
    switch (p.kind) {
      case Predicate::Kind::kSingle: return TestSingle(p, why);
      case Predicate::Kind::kOr:
      case Predicate::Kind::kAnd: {
        bool is_or = p.kind == Predicate::Kind::kOr;
        Step* s = why ? &why->Add({is_or ? "or_matcher" : "and_matcher", Outcome::kNoMatch, "", p.range}) : nullptr;
        bool result = !is_or;
        for (const Predicate& c : p.children) {
          bool v = Test(c, s);
          if (v == is_or) {
            result = is_or;
            break;
          }
        }
        if (s) {
          s->outcome = result ? Outcome::kMatched : Outcome::kNoMatch;
          s->detail = result ? "true" : "false";
        }
        return result;
      }
      case Predicate::Kind::kNot: {
        Step* s = why ? &why->Add({"not_matcher", Outcome::kNoMatch, "", p.range}) : nullptr;
        bool v = p.children.empty() ? false : !Test(p.children[0], s);
        if (s) {
          s->outcome = v ? Outcome::kMatched : Outcome::kNoMatch;
          s->detail = v ? "inner predicate false: true" : "inner predicate true: false";
        }
        return v;
      }
      case Predicate::Kind::kInvalid:
        if (why) why->Add({"invalid predicate", Outcome::kError, "not evaluated: false", p.range});
        return false;
    }
    return false;
  }

  bool TestSingle(const Predicate& p, Step* why) {
    switch (p.test) {
      case Predicate::Test::kConstant:
        if (why) why->Add({"custom_match", p.constant ? Outcome::kMatched : Outcome::kNoMatch,
                           std::string("stands for a predicate that is ") + (p.constant ? "true" : "false"), p.range});
        return p.constant;
      case Predicate::Test::kValue: {
        std::string v_own;
        std::optional<std::string_view> v = InputValue(p.input, v_own);
        bool hit = v && p.value.Match(*v);
        if (why) {
          std::string d = DescribeInput(p.input) + (v ? " = " + Quoted(*v) : " has no data") + "; " + p.value.Describe() +
                          (v ? (hit ? ": true" : ": false") : ": false (Envoy: a predicate without data does not match)");
          if (v && v->empty() && p.input.kind == Input::Kind::kHeader && p_ != Profile::kEnvoy && !HasHeader(p.input.header))
            d += " (gRPC reads an absent or hidden header as \"\")";
          why->Add({"single_predicate", hit ? Outcome::kMatched : Outcome::kNoMatch, d, p.range});
        }
        return hit;
      }
      case Predicate::Test::kCel: {
        if (!p.cel) {
          if (why) why->Add({"CelMatcher", Outcome::kError, "the expression did not compile: no match", p.range});
          return false;
        }
        std::string detail;
        bool hit = cel::Matches(*p.cel, Cel(), why ? &detail : nullptr);
        if (why) why->Add({"CelMatcher " + p.cel_text, hit ? Outcome::kMatched : (detail.rfind("error", 0) == 0 ? Outcome::kError : Outcome::kNoMatch),
                           detail + (hit ? "" : ": no match"), p.range});
        return hit;
      }
      case Predicate::Test::kIp: {
        // envoy source/extensions/matching/input_matchers/ip/matcher.cc Matcher::match.
        std::string v_own;
        std::optional<std::string_view> v = InputValue(p.input, v_own);
        std::optional<IpAddress> ip = v ? ParseIp(*v) : std::nullopt;
        const Cidr* in = nullptr;
        for (const auto& c : p.cidrs)
          if (ip && c->Contains(*ip)) {
            in = c.get();
            break;
          }
        if (why)
          why->Add({"Ip matcher", in ? Outcome::kMatched : Outcome::kNoMatch,
                    DescribeInput(p.input) + (!v ? " has no data: false" : !ip ? " = " + Quoted(*v) + " is not an IP address: false"
                                                  : in ? " = " + Quoted(*v) + " is in " + in->Text() + ": true"
                                                       : " = " + Quoted(*v) + " is in none of the ranges: false"),
                    p.range});
        return in != nullptr;
      }
      case Predicate::Test::kMetadata: {
        // envoy source/extensions/matching/input_matchers/metadata/matcher.cc: the ValueMatcher on
        // the DynamicMetadataInput's value, xor invert; false on any other input.
        const nlohmann::ordered_json* v =
            p.input.kind == Input::Kind::kDynamicMetadata ? MetadataValue(r_, p.input.key, p.input.metadata_path) : nullptr;
        bool hit = p.input.kind == Input::Kind::kDynamicMetadata && p.value_matcher && (p.value_matcher->Match(v) != p.invert);
        if (why)
          why->Add({"Metadata matcher", hit ? Outcome::kMatched : Outcome::kNoMatch,
                    DescribeInput(p.input) + (v ? " = " + doc::JsonText(*v) : " is not set") + "; " +
                        (p.value_matcher ? p.value_matcher->Describe() : std::string("(no value matcher)")) +
                        (p.invert ? " (invert)" : "") + (hit ? ": true" : ": false"),
                    p.range});
        return hit;
      }
      case Predicate::Test::kUnsupported: {
        std::string what = CustomWhat(p.custom_type, p.input);
        NotEvaluated(what);
        if (why) why->Add({"custom_match " + (p.custom_type.empty() ? std::string("(no @type)") : p.custom_type), Outcome::kError,
                           "not evaluated: " + what + " (MAT041); read as false here, which need not be Envoy's answer", p.range});
        return false;
      }
    }
    return false;
  }

  bool HasHeader(const std::string& name) const {
    for (const auto& h : r_.headers)
      if (h.first == name) return true;
    return false;
  }

  const Compiled& m_;
  const Request& r_;
  Profile p_;
  Result& out_;
  bool aborted_ = false;
  int skip_depth_ = 0;              // enclosing OnMatches with keep_matching around a nested matcher
  bool last_nested_found_ = false;  // the last nested matcher's result (grpc-java on_no_match)
  // What the next action added is decided by (Result::DecisionSource without its copies).
  struct Pending {
    Result::DecisionSource::Kind kind = Result::DecisionSource::Kind::kNone;
    const Matcher* matcher = nullptr;
    size_t index = 0;
    bool longest = true;
    std::optional<std::string_view> value;
  } pending_;
  std::optional<cel::Request> cel_;
  // InputValue's last header read: its name (an Input's, alive for the evaluation) and value.
  const std::string* last_header_ = nullptr;
  std::optional<std::string_view> last_header_value_;
};

}  // namespace

Result Evaluate(const Compiled& m, const Request& r, Profile p, Step* why) {
  Result out;
  if (!m.root) return out;
  if (why) {
    why->what = "matcher";
    why->range = m.root->range;
  }
  Eval ev(m, r, p, out);
  out.matched = ev.RunMatcher(*m.root, why);
  if (out.decision.kind != Result::DecisionSource::Kind::kNone) {
    out.decision.root = m.root;
    out.decision.path_prefix = m.path_prefix;
  }
  if (ev.aborted()) {
    out.aborted = true;
    out.matched = false;
    out.actions.clear();
    out.skipped.clear();
  }
  if (why) {
    why->outcome = out.matched ? Outcome::kMatched : Outcome::kNoMatch;
    std::string names;
    for (const Action* a : out.actions) names += (names.empty() ? "" : ", ") + a->name;
    why->detail = out.aborted ? "terminated at the depth limit: unsuccessful match"
                  : out.matched ? "actions: " + names
                  : out.actions.empty() && !out.unevaluated.empty() ? "not evaluated: the answer depends on what this tool does not evaluate"
                  : out.actions.empty() ? "no match: the filter's behaviour for an unsuccessful match applies"
                  : p == Profile::kGrpcJava
                      ? "no terminal match (matched false) with actions: " + names +
                            "; grpc-java's MatcherRunner.checkMatch applies none of them"
                      : "no terminal match; keep_matching actions: " + names;
  }
  return out;
}


Result::Decision Result::decided_by() const {
  using K = DecisionSource::Kind;
  const DecisionSource& d = decision;
  if (d.kind == K::kNone || !d.matcher) return {};
  const Matcher& m = *d.matcher;
  auto path = [&](const OnMatch& om) { return d.path_prefix.empty() ? om.path : PrefixPath(d.path_prefix, om.path); };
  switch (d.kind) {
    case K::kOnNoMatch:
      if (!m.on_no_match) return {};
      return {"on_no_match", NoMatchReason(m), path(*m.on_no_match), m.on_no_match->range};
    case K::kListEntry: {
      if (d.index >= m.list.size()) return {};
      const FieldMatcher& f = m.list[d.index];
      std::optional<std::string_view> v;
      if (d.has_value) v = d.value;
      return {"matchers[" + std::to_string(d.index) + "]", "its predicate is true: " + Summary(f.predicate, v), path(f.on_match), f.range};
    }
    case K::kExactKey:
    case K::kPrefixKey: {
      if (d.index >= m.entries.size()) return {};
      const MapEntry& e = m.entries[d.index];
      const char* how = d.kind == K::kExactKey ? "exact match" : d.longest ? "longest matching prefix" : "shorter matching prefix";
      return {"key " + Quoted(e.key), "input " + DescribeInput(m.input) + " = " + Quoted(d.value) + ": " + how, path(e.on_match), e.key_range};
    }
    case K::kIpRange: {
      if (d.index >= m.ip_nodes.size()) return {};
      const IpRangeNode& n = m.ip_nodes[d.index];
      const MapEntry& e = m.entries[static_cast<size_t>(n.entry)];
      return {"range " + n.cidr->Text(), "input " + DescribeInput(m.input) + " = " + Quoted(d.value) + " is in " + n.cidr->Text(),
              path(e.on_match), e.key_range};
    }
    case K::kNone: break;
  }
  return {};
}

std::string PrefixPath(const std::string& base, const std::string& p) {
  if (p.empty()) return base;
  if (p[0] == '[' || p[0] == '@') return base + (p[0] == '@' ? "." : "") + p;
  return base + "." + p;
}

}  // namespace cfgi::matcher
