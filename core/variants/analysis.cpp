#include "core/variants/analysis.h"

#include <algorithm>
#include <functional>

namespace cfgi::variants {

using K = Constraint::Kind;

// ---- Domain ---------------------------------------------------------------------------------

Domain Domain::ForConstraints(const std::vector<const Constraint*>& cs) {
  Domain d;
  std::map<std::string, std::set<std::string>> vals;
  for (const Constraint* c : cs) CollectValues(*c, vals);
  for (auto& [k, vs] : vals) {
    d.AddKey(k);
    for (const std::string& v : vs) d.AddValue(k, v);
  }
  d.Finalize();
  return d;
}

void Domain::AddKey(const std::string& key) { pending_[key]; }
void Domain::AddValue(const std::string& key, const std::string& value) { pending_[key].insert(value); }

void Domain::Finalize() {
  for (auto& [k, vs] : pending_) {
    auto it = index_.find(k);
    if (it == index_.end()) {
      index_[k] = keys_.size();
      keys_.push_back(k);
      values_.emplace_back();
      it = index_.find(k);
    }
    std::vector<std::string>& dst = values_[it->second];
    dst.insert(dst.end(), vs.begin(), vs.end());
    std::sort(dst.begin(), dst.end());
    dst.erase(std::unique(dst.begin(), dst.end()), dst.end());
  }
  pending_.clear();
  offsets_.assign(keys_.size() + 1, 0);
  for (size_t k = 0; k < keys_.size(); ++k) offsets_[k + 1] = offsets_[k] + (classes(k) + 63) / 64;
}

int Domain::KeyIndex(const std::string& key) const {
  auto it = index_.find(key);
  return it == index_.end() ? -1 : static_cast<int>(it->second);
}

size_t Domain::ClassOf(size_t k, const std::string& value) const {
  const auto& vs = values_[k];
  auto it = std::lower_bound(vs.begin(), vs.end(), value);
  if (it != vs.end() && *it == value) return 2 + static_cast<size_t>(it - vs.begin());
  return 1;
}

std::string Domain::OtherValue(size_t k) const {
  std::string v = "other";
  for (int i = 2; ClassOf(k, v) != 1; ++i) v = "other-" + std::to_string(i);
  return v;
}

// ---- cubes ----------------------------------------------------------------------------------

namespace {
inline void SetBit(Cube& c, const Domain& d, size_t k, size_t cls) { c[d.offset(k) + cls / 64] |= uint64_t{1} << (cls % 64); }
inline uint64_t KeyMaskWord(const Domain& d, size_t k, size_t w) {
  size_t n = d.classes(k);
  size_t lo = w * 64;
  if (lo + 64 <= n) return ~uint64_t{0};
  return n > lo ? ((uint64_t{1} << (n - lo)) - 1) : 0;
}
Cube EmptyCube(const Domain& d) { return Cube(d.total_words(), 0); }
}  // namespace

bool CubeHas(const Cube& c, const Domain& d, size_t k, size_t cls) {
  return (c[d.offset(k) + cls / 64] >> (cls % 64)) & 1;
}

Cube FullCube(const Domain& d) {
  Cube c = EmptyCube(d);
  for (size_t k = 0; k < d.key_count(); ++k)
    for (size_t w = 0; w < d.words(k); ++w) c[d.offset(k) + w] = KeyMaskWord(d, k, w);
  return c;
}

bool CubeEmpty(const Cube& c, const Domain& d) {
  for (size_t k = 0; k < d.key_count(); ++k) {
    bool any = false;
    for (size_t w = 0; w < d.words(k); ++w) any |= c[d.offset(k) + w] != 0;
    if (!any) return true;
  }
  return false;
}

bool CubesIntersect(const Cube& a, const Cube& b, const Domain& d, Cube* out) {
  for (size_t k = 0; k < d.key_count(); ++k) {
    bool any = false;
    for (size_t w = d.offset(k); w < d.offset(k) + d.words(k); ++w) any |= (a[w] & b[w]) != 0;
    if (!any) return false;
  }
  if (out) {
    out->resize(a.size());
    for (size_t w = 0; w < a.size(); ++w) (*out)[w] = a[w] & b[w];
  }
  return true;
}

namespace {

Cube AtomCube(const Domain& d, size_t k, const std::vector<size_t>& classes, bool negate) {
  Cube c = FullCube(d);
  for (size_t w = 0; w < d.words(k); ++w) c[d.offset(k) + w] = negate ? KeyMaskWord(d, k, w) : 0;
  for (size_t cls : classes) {
    uint64_t& word = c[d.offset(k) + cls / 64];
    uint64_t bit = uint64_t{1} << (cls % 64);
    word = negate ? (word & ~bit) : (word | bit);
  }
  return c;
}

Dnf DnfRec(const Constraint& c, const Domain& d, size_t max, bool neg) {
  Dnf out;
  switch (c.kind) {
    case K::kTrue:
      if (!neg) out.cubes.push_back(FullCube(d));
      return out;
    case K::kValue:
    case K::kExists: {
      int k = d.KeyIndex(c.key);
      if (k < 0) {  // not in the domain: treat as unknown, force the search
        out.overflow = true;
        return out;
      }
      std::vector<size_t> cls;
      if (c.kind == K::kValue) {
        size_t v = d.ClassOf(static_cast<size_t>(k), c.value);
        if (v == 1) {  // the domain does not know this value: cannot be represented
          out.overflow = true;
          return out;
        }
        cls.push_back(v);
        out.cubes.push_back(AtomCube(d, static_cast<size_t>(k), cls, neg));
      } else {
        cls.push_back(0);  // exists = not absent
        out.cubes.push_back(AtomCube(d, static_cast<size_t>(k), cls, !neg));
      }
      if (CubeEmpty(out.cubes.back(), d)) out.cubes.pop_back();
      return out;
    }
    case K::kNot:
      if (c.children.empty()) return DnfRec(Constraint::True(), d, max, !neg);
      return DnfRec(c.children[0], d, max, !neg);
    case K::kAnd:
    case K::kOr: {
      bool conj = (c.kind == K::kAnd) != neg;
      if (!conj) {
        for (const Constraint& ch : c.children) {
          Dnf sub = DnfRec(ch, d, max, neg);
          if (sub.overflow) return sub;
          for (Cube& cube : sub.cubes) out.cubes.push_back(std::move(cube));
          if (out.cubes.size() > max) {
            out.overflow = true;
            return out;
          }
        }
        return out;
      }
      out.cubes.push_back(FullCube(d));
      for (const Constraint& ch : c.children) {
        Dnf sub = DnfRec(ch, d, max, neg);
        if (sub.overflow) return sub;
        std::vector<Cube> next;
        Cube tmp;
        for (const Cube& a : out.cubes)
          for (const Cube& b : sub.cubes)
            if (CubesIntersect(a, b, d, &tmp)) {
              next.push_back(tmp);
              if (next.size() > max) {
                out.overflow = true;
                return out;
              }
            }
        out.cubes = std::move(next);
        if (out.cubes.empty()) return out;
      }
      return out;
    }
  }
  return out;
}

}  // namespace

Dnf ToDnf(const Constraint& c, const Domain& d, size_t max_cubes) { return DnfRec(c, d, max_cubes, false); }

void Subtract(const Cube& a, const Cube& b, const Domain& d, std::vector<Cube>& out) {
  if (!CubesIntersect(a, b, d)) {
    out.push_back(a);
    return;
  }
  Cube rest = a;
  for (size_t k = 0; k < d.key_count(); ++k) {
    bool outside = false;
    for (size_t w = d.offset(k); w < d.offset(k) + d.words(k); ++w) outside |= (rest[w] & ~b[w]) != 0;
    if (!outside) continue;
    Cube piece = rest;
    for (size_t w = d.offset(k); w < d.offset(k) + d.words(k); ++w) {
      piece[w] = rest[w] & ~b[w];
      rest[w] = rest[w] & b[w];
    }
    out.push_back(std::move(piece));
  }
}

Params CubeWitness(const Cube& c, const Domain& d) {
  Params p;
  for (size_t k = 0; k < d.key_count(); ++k) {
    if (CubeHas(c, d, k, 0)) continue;  // absent
    size_t pick = 1;
    for (size_t cls = 2; cls < d.classes(k); ++cls)
      if (CubeHas(c, d, k, cls)) {
        pick = cls;
        break;
      }
    p[d.key(k)] = pick == 1 ? d.OtherValue(k) : d.values(k)[pick - 2];
  }
  return p;
}

// ---- search fallback ------------------------------------------------------------------------

namespace {

enum class Tri : uint8_t { kFalse, kTrue, kUnknown };

bool g_budget_exceeded = false;  // the core has no threads (STYLE.md)

Tri Eval(const Constraint& c, const std::vector<int>& assign, const Domain& d) {
  switch (c.kind) {
    case K::kTrue: return Tri::kTrue;
    case K::kValue:
    case K::kExists: {
      int k = d.KeyIndex(c.key);
      if (k < 0) return c.kind == K::kExists ? Tri::kFalse : Tri::kFalse;  // unknown key: absent
      int a = assign[static_cast<size_t>(k)];
      if (a < 0) return Tri::kUnknown;
      if (c.kind == K::kExists) return a != 0 ? Tri::kTrue : Tri::kFalse;
      return static_cast<size_t>(a) == d.ClassOf(static_cast<size_t>(k), c.value) && a >= 2 ? Tri::kTrue : Tri::kFalse;
    }
    case K::kNot: {
      if (c.children.empty()) return Tri::kFalse;
      Tri t = Eval(c.children[0], assign, d);
      return t == Tri::kUnknown ? t : (t == Tri::kTrue ? Tri::kFalse : Tri::kTrue);
    }
    case K::kAnd:
    case K::kOr: {
      bool is_and = c.kind == K::kAnd;
      bool unknown = false;
      for (const Constraint& ch : c.children) {
        Tri t = Eval(ch, assign, d);
        if (t == Tri::kUnknown) unknown = true;
        else if (is_and && t == Tri::kFalse) return Tri::kFalse;
        else if (!is_and && t == Tri::kTrue) return Tri::kTrue;
      }
      return unknown ? Tri::kUnknown : (is_and ? Tri::kTrue : Tri::kFalse);
    }
  }
  return Tri::kUnknown;
}

// Finds an assignment of classes (within `allowed`, a cube) where pred is true.
std::optional<Params> Search(const Domain& d, const Cube& allowed,
                             const std::function<Tri(const std::vector<int>&)>& pred) {
  std::vector<int> assign(d.key_count(), -1);
  uint64_t steps = 0;
  std::function<bool(size_t)> rec = [&](size_t k) -> bool {
    if (++steps > kMaxSearchSteps) return false;
    Tri t = pred(assign);
    if (t == Tri::kFalse) return false;
    if (t == Tri::kTrue || k == d.key_count()) return t == Tri::kTrue;
    for (size_t cls = 0; cls < d.classes(k); ++cls) {
      if (!CubeHas(allowed, d, k, cls)) continue;
      assign[k] = static_cast<int>(cls);
      if (rec(k + 1)) return true;
    }
    assign[k] = -1;
    return false;
  };
  if (!rec(0)) {
    if (steps > kMaxSearchSteps) g_budget_exceeded = true;
    return std::nullopt;
  }
  Cube c = allowed;
  for (size_t k = 0; k < d.key_count(); ++k) {
    if (assign[k] < 0) continue;
    for (size_t w = 0; w < d.words(k); ++w) c[d.offset(k) + w] = 0;
    c[d.offset(k) + static_cast<size_t>(assign[k]) / 64] |= uint64_t{1} << (assign[k] % 64);
  }
  return CubeWitness(c, d);
}

}  // namespace

bool SearchBudgetExceeded() { return g_budget_exceeded; }
void ResetSearchBudget() { g_budget_exceeded = false; }

std::optional<Params> OverlapWitness(const Constraint& a, const Constraint& b, const Domain& d) {
  Dnf da = ToDnf(a, d), db = ToDnf(b, d);
  if (!da.overflow && !db.overflow) {
    Cube tmp;
    for (const Cube& x : da.cubes)
      for (const Cube& y : db.cubes)
        if (CubesIntersect(x, y, d, &tmp)) return CubeWitness(tmp, d);
    return std::nullopt;
  }
  return Search(d, FullCube(d), [&](const std::vector<int>& as) {
    Tri ta = Eval(a, as, d);
    if (ta == Tri::kFalse) return Tri::kFalse;
    Tri tb = Eval(b, as, d);
    if (tb == Tri::kFalse) return Tri::kFalse;
    return ta == Tri::kTrue && tb == Tri::kTrue ? Tri::kTrue : Tri::kUnknown;
  });
}

std::vector<OverlapFinding> FindOverlaps(const std::vector<const Constraint*>& vs, const Domain& d, size_t limit) {
  std::vector<Dnf> dnfs;
  dnfs.reserve(vs.size());
  for (const Constraint* c : vs) dnfs.push_back(ToDnf(*c, d));
  std::vector<OverlapFinding> out;
  Cube tmp;
  for (size_t i = 0; i < vs.size(); ++i)
    for (size_t j = i + 1; j < vs.size(); ++j) {
      if (out.size() >= limit) return out;
      std::optional<Params> w;
      if (dnfs[i].overflow || dnfs[j].overflow) {
        w = OverlapWitness(*vs[i], *vs[j], d);
      } else {
        for (size_t x = 0; x < dnfs[i].cubes.size() && !w; ++x)
          for (size_t y = 0; y < dnfs[j].cubes.size() && !w; ++y)
            if (CubesIntersect(dnfs[i].cubes[x], dnfs[j].cubes[y], d, &tmp)) w = CubeWitness(tmp, d);
      }
      if (w) out.push_back({i, j, std::move(*w)});
    }
  return out;
}

std::optional<Params> SatisfyingWitness(const Constraint& c, const Domain& d) {
  Dnf dc = ToDnf(c, d);
  if (!dc.overflow) {
    if (dc.cubes.empty()) return std::nullopt;
    return CubeWitness(dc.cubes[0], d);
  }
  return Search(d, FullCube(d), [&](const std::vector<int>& as) { return Eval(c, as, d); });
}

namespace {
// Cubes of `start` minus every cube of `minus`; false when the work exceeded the limit.
// At most this many cube subtractions per SubtractAll: past it the caller answers by search
// (coverage: one witness, count unknown), which keeps a pathological variant set (many keys, wide
// ORs) from taking seconds; found by variants_shorthand_fuzzer.
constexpr uint64_t kMaxSubtractions = 400'000;

bool SubtractAll(std::vector<Cube> start, const std::vector<const Dnf*>& minus, const Domain& d,
                 std::vector<Cube>& out, size_t limit) {
  std::vector<Cube> cur = std::move(start);
  uint64_t work = 0;
  for (const Dnf* m : minus) {
    for (const Cube& b : m->cubes) {
      if ((work += cur.size()) > kMaxSubtractions) return false;
      std::vector<Cube> next;
      for (const Cube& a : cur) Subtract(a, b, d, next);
      cur = std::move(next);
      if (cur.empty()) {
        out.clear();
        return true;
      }
      if (cur.size() > limit) return false;
    }
  }
  out = std::move(cur);
  return true;
}
}  // namespace

std::optional<Params> SelectableWitness(const Constraint& v, const std::vector<const Constraint*>& others,
                                        const Domain& d) {
  Dnf dv = ToDnf(v, d);
  std::vector<Dnf> dos;
  bool overflow = dv.overflow;
  for (const Constraint* o : others) {
    dos.push_back(ToDnf(*o, d));
    overflow |= dos.back().overflow;
  }
  if (!overflow) {
    std::vector<const Dnf*> minus;
    for (const Dnf& x : dos) minus.push_back(&x);
    std::vector<Cube> rest;
    if (SubtractAll(dv.cubes, minus, d, rest, 20000)) {
      if (rest.empty()) return std::nullopt;
      return CubeWitness(rest[0], d);
    }
  }
  return Search(d, FullCube(d), [&](const std::vector<int>& as) {
    Tri t = Eval(v, as, d);
    if (t == Tri::kFalse) return t;
    bool unknown = t == Tri::kUnknown;
    for (const Constraint* o : others) {
      Tri x = Eval(*o, as, d);
      if (x == Tri::kTrue) return Tri::kFalse;
      if (x == Tri::kUnknown) unknown = true;
    }
    return unknown ? Tri::kUnknown : Tri::kTrue;
  });
}

std::optional<Params> OverlapByEnumeration(const Constraint& a, const Constraint& b, const Domain& d) {
  std::vector<size_t> cls(d.key_count(), 0);
  while (true) {
    Params p;
    for (size_t k = 0; k < d.key_count(); ++k) {
      if (cls[k] == 0) continue;
      p[d.key(k)] = cls[k] == 1 ? d.OtherValue(k) : d.values(k)[cls[k] - 2];
    }
    if (Matches(a, p) && Matches(b, p)) return p;
    size_t k = 0;
    while (k < d.key_count() && ++cls[k] == d.classes(k)) cls[k++] = 0;
    if (k == d.key_count()) return std::nullopt;
  }
}

std::vector<OverlapFinding> OverlapsByEnumeration(const std::vector<const Constraint*>& vs, const Domain& d) {
  std::map<std::pair<size_t, size_t>, Params> found;
  std::vector<size_t> cls(d.key_count(), 0);
  std::vector<size_t> hit;
  while (true) {
    Params p;
    for (size_t k = 0; k < d.key_count(); ++k) {
      if (cls[k] == 0) continue;
      p[d.key(k)] = cls[k] == 1 ? d.OtherValue(k) : d.values(k)[cls[k] - 2];
    }
    hit.clear();
    for (size_t i = 0; i < vs.size(); ++i)
      if (Matches(*vs[i], p)) hit.push_back(i);
    for (size_t x = 0; x < hit.size(); ++x)
      for (size_t y = x + 1; y < hit.size(); ++y) found.emplace(std::make_pair(hit[x], hit[y]), p);
    size_t k = 0;
    while (k < d.key_count() && ++cls[k] == d.classes(k)) cls[k++] = 0;
    if (k == d.key_count()) break;
  }
  std::vector<OverlapFinding> out;
  for (auto& [ab, w] : found) out.push_back({ab.first, ab.second, w});
  return out;
}

// ---- coverage -------------------------------------------------------------------------------

namespace {

uint64_t SatMul(uint64_t a, uint64_t b) {
  if (a == 0 || b == 0) return 0;
  return a > UINT64_MAX / b ? UINT64_MAX : a * b;
}
uint64_t SatAdd(uint64_t a, uint64_t b) { return a > UINT64_MAX - b ? UINT64_MAX : a + b; }

struct Weights {
  std::vector<std::vector<uint64_t>> w;  // [k][class]
};

Weights MakeWeights(const Domain& d, const std::vector<DomainKey>& keys) {
  Weights ws;
  ws.w.resize(d.key_count());
  for (size_t k = 0; k < d.key_count(); ++k) {
    ws.w[k].assign(d.classes(k), 0);
    const DomainKey* ck = nullptr;
    for (const DomainKey& c : keys)
      if (c.key == d.key(k)) ck = &c;
    if (!ck) {  // not listed: every class is possible once
      for (auto& x : ws.w[k]) x = 1;
      continue;
    }
    if (ck->absent) ws.w[k][0] += 1;
    if (ck->another) ws.w[k][1] += 1;
    for (const std::string& v : ck->values) ws.w[k][d.ClassOf(k, v)] += 1;
  }
  return ws;
}

uint64_t CountCube(const Cube& c, const Domain& d, const Weights& ws) {
  uint64_t n = 1;
  for (size_t k = 0; k < d.key_count(); ++k) {
    uint64_t s = 0;
    for (size_t cls = 0; cls < d.classes(k); ++cls)
      if (CubeHas(c, d, k, cls)) s = SatAdd(s, ws.w[k][cls]);
    n = SatMul(n, s);
  }
  return n;
}

std::string Quoted(const std::string& v) {
  bool plain = !v.empty() && std::all_of(v.begin(), v.end(), [](char ch) {
    unsigned char u = static_cast<unsigned char>(ch);
    return std::isalnum(u) || ch == '_' || ch == '-' || ch == '.' || ch == '/' || u >= 0x80;
  });
  return plain ? v : "\"" + v + "\"";
}

std::string RenderRegion(const Cube& c, const Cube& universe, const Domain& d, const std::vector<DomainKey>& keys) {
  std::string out;
  for (const DomainKey& ck : keys) {
    int ki = d.KeyIndex(ck.key);
    if (ki < 0) continue;
    size_t k = static_cast<size_t>(ki);
    bool same = true;
    for (size_t w = d.offset(k); w < d.offset(k) + d.words(k); ++w) same &= (c[w] & universe[w]) == universe[w];
    if (same) continue;
    std::vector<std::string> vals;
    for (const std::string& v : ck.values)
      if (CubeHas(c, d, k, d.ClassOf(k, v))) vals.push_back(Quoted(v));
    bool other = ck.another && CubeHas(c, d, k, 1);
    bool absent = ck.absent && CubeHas(c, d, k, 0);
    if (other) vals.push_back("<another value>");
    std::string part;
    if (vals.empty()) {
      part = "¬exists(" + Quoted(ck.key) + ")";
    } else {
      if (vals.size() == 1) {
        part = Quoted(ck.key) + "=" + vals[0];
      } else {
        part = Quoted(ck.key) + " ∈ {";
        for (size_t i = 0; i < vals.size(); ++i) part += (i ? ", " : "") + vals[i];
        part += "}";
      }
      if (absent) part = "(" + part + " ∨ ¬exists(" + Quoted(ck.key) + "))";
    }
    if (!out.empty()) out += " ∧ ";
    out += part;
  }
  return out.empty() ? "⊤ (every parameter set)" : out;
}

Params RegionWitness(const Cube& c, const Domain& d, const std::vector<DomainKey>& keys) {
  Params p;
  for (const DomainKey& ck : keys) {
    int ki = d.KeyIndex(ck.key);
    if (ki < 0) continue;
    size_t k = static_cast<size_t>(ki);
    if (ck.absent && CubeHas(c, d, k, 0)) continue;
    bool done = false;
    for (const std::string& v : ck.values)
      if (CubeHas(c, d, k, d.ClassOf(k, v))) {
        p[ck.key] = v;
        done = true;
        break;
      }
    if (!done && ck.another && CubeHas(c, d, k, 1)) p[ck.key] = d.OtherValue(k);
  }
  return p;
}

// Merges cubes that differ on one key only, until nothing changes (keeps regions few). Each pass
// folds into cube i every later cube that differs from it on at most one key (their union is
// then exactly one cube). The work is bounded (kMaxMergeChecks pair checks): past it the regions
// stay as they are, still exact, only more of them. Restarting the scan after every merge was
// cubic and made a 1 KB shorthand file take seconds (found by variants_shorthand_fuzzer).
constexpr uint64_t kMaxMergeChecks = 1'000'000;

bool DiffersOnAtMostOneKey(const Cube& a, const Cube& b, const Domain& d) {
  bool seen = false;
  for (size_t k = 0; k < d.key_count(); ++k) {
    for (size_t w = d.offset(k); w < d.offset(k) + d.words(k); ++w) {
      if (a[w] == b[w]) continue;
      if (seen) return false;
      seen = true;
      break;
    }
  }
  return true;
}

void MergeRegions(std::vector<Cube>& cubes, const Domain& d) {
  uint64_t checks = 0;
  bool changed = true;
  while (changed && cubes.size() > 1) {
    changed = false;
    for (size_t i = 0; i < cubes.size(); ++i) {
      for (size_t j = i + 1; j < cubes.size();) {
        if (++checks > kMaxMergeChecks) return;
        if (!DiffersOnAtMostOneKey(cubes[i], cubes[j], d)) {
          ++j;
          continue;
        }
        for (size_t w = 0; w < cubes[i].size(); ++w) cubes[i][w] |= cubes[j][w];
        cubes.erase(cubes.begin() + static_cast<long>(j));
        changed = true;
      }
    }
  }
}

}  // namespace

GapReport FindGaps(const std::vector<const Constraint*>& variants, const Domain& d,
                        const std::vector<DomainKey>& keys) {
  GapReport rep;
  rep.keys = keys;
  Weights ws = MakeWeights(d, keys);
  Cube universe = EmptyCube(d);
  for (size_t k = 0; k < d.key_count(); ++k)
    for (size_t cls = 0; cls < d.classes(k); ++cls)
      if (ws.w[k][cls] > 0) SetBit(universe, d, k, cls);
  rep.total = CountCube(universe, d, ws);
  std::vector<Dnf> dnfs;
  bool overflow = false;
  for (const Constraint* v : variants) {
    dnfs.push_back(ToDnf(*v, d));
    overflow |= dnfs.back().overflow;
  }
  std::vector<Cube> rest;
  bool ok = false;
  if (!overflow && !CubeEmpty(universe, d)) {
    std::vector<const Dnf*> minus;
    for (const Dnf& x : dnfs) minus.push_back(&x);
    ok = SubtractAll({universe}, minus, d, rest, 20000);
  } else if (CubeEmpty(universe, d)) {
    ok = true;
  }
  if (!ok) {
    rep.by_search = true;
    auto w = Search(d, universe, [&](const std::vector<int>& as) {
      bool unknown = false;
      for (const Constraint* v : variants) {
        Tri x = Eval(*v, as, d);
        if (x == Tri::kTrue) return Tri::kFalse;
        if (x == Tri::kUnknown) unknown = true;
      }
      return unknown ? Tri::kUnknown : Tri::kTrue;
    });
    if (w) rep.regions.push_back({"(a region found by search; the summary is too large)", *w, 0});
    return rep;
  }
  for (const Cube& c : rest) rep.uncovered = SatAdd(rep.uncovered, CountCube(c, d, ws));
  MergeRegions(rest, d);
  for (const Cube& c : rest) {
    if (rep.regions.size() >= kMaxRegions) {
      rep.truncated = true;
      break;
    }
    rep.regions.push_back({RenderRegion(c, universe, d, keys), RegionWitness(c, d, keys), CountCube(c, d, ws)});
  }
  return rep;
}

SelectionMatrix Matrix(const std::vector<const Constraint*>& variants, const DomainKey& x, const DomainKey& y,
                      const Params& base) {
  SelectionMatrix m;
  m.key_x = x.key;
  m.key_y = y.key;
  auto axis = [](const DomainKey& k) {
    std::vector<std::string> v = k.values;
    if (k.absent) v.push_back("<absent>");
    if (k.another) v.push_back("<other>");
    return v;
  };
  m.xs = axis(x);
  m.ys = axis(y);
  auto set = [](Params& p, const std::string& key, const std::string& v, const std::vector<std::string>& known) {
    if (v == "<absent>") {
      p.erase(key);
    } else if (v == "<other>") {
      std::string o = "other";
      for (int i = 2; std::find(known.begin(), known.end(), o) != known.end(); ++i) o = "other-" + std::to_string(i);
      p[key] = o;
    } else {
      p[key] = v;
    }
  };
  for (const std::string& vx : m.xs) {
    std::vector<MatrixCell> row;
    for (const std::string& vy : m.ys) {
      Params p = base;
      set(p, x.key, vx, x.values);
      set(p, y.key, vy, y.values);
      MatrixCell cell;
      for (size_t i = 0; i < variants.size(); ++i)
        if (Matches(*variants[i], p)) cell.matching.push_back(i);
      row.push_back(std::move(cell));
    }
    m.cells.push_back(std::move(row));
  }
  return m;
}

}  // namespace cfgi::variants
