// The index over the generated CRD tables (policy_crd_table_<n>.cpp): kinds by name, rows by path,
// child keys per object path. Built once, read-only afterwards.
#include <algorithm>
#include <map>
#include <set>

#include "core/policy/policy_crd_table.h"

#include <optional>

#include "core/policy/policy_release.h"
#include "core/policy/policy_rules.h"

namespace cfgi::policy::schema {

#define CFGI_CRD_TABLE(n)                  \
  extern const CrdKind kCrdKinds##n[];     \
  extern const size_t kCrdKindCount##n;
#include "core/policy/policy_crd_table_list.inc"
#undef CFGI_CRD_TABLE

namespace {

struct KindIndex {
  const CrdKind* kind = nullptr;
  std::map<std::string, std::vector<const CrdRow*>, std::less<>> rows;      // path -> rows
  std::map<std::string, std::vector<std::string>, std::less<>> children;    // object path -> keys
};

std::string ParentOf(const std::string& path, std::string* key) {
  size_t dot = path.rfind('.');
  if (dot == std::string::npos) {
    *key = path;
    return {};
  }
  *key = path.substr(dot + 1);
  return path.substr(0, dot);
}

const std::map<std::string, KindIndex, std::less<>>& Index() {
  static const std::map<std::string, KindIndex, std::less<>> kIndex = [] {
    std::map<std::string, KindIndex, std::less<>> out;
    auto add = [&](const CrdKind* kinds, size_t n) {
      for (size_t i = 0; i < n; ++i) {
        const CrdKind& k = kinds[i];
        KindIndex& ix = out[k.kind];
        ix.kind = &k;
        for (size_t r = 0; r < k.row_count; ++r) {
          const CrdRow& row = k.rows[r];
          if (!row.releases) continue;  // the placeholder row of a kind without spec fields
          std::string path = row.path;
          auto& v = ix.rows[path];
          v.push_back(&row);
          if (v.size() > 1) continue;
          if (path.size() >= 2 && (path.compare(path.size() - 2, 2, "[]") == 0 || path.compare(path.size() - 2, 2, "{}") == 0))
            continue;
          std::string key;
          std::string parent = ParentOf(path, &key);
          ix.children[parent].push_back(key);
        }
      }
    };
#define CFGI_CRD_TABLE(n) add(kCrdKinds##n, kCrdKindCount##n);
#include "core/policy/policy_crd_table_list.inc"
#undef CFGI_CRD_TABLE
    return out;
  }();
  return kIndex;
}

const KindIndex* Find(std::string_view kind) {
  auto it = Index().find(kind);
  return it == Index().end() ? nullptr : &it->second;
}

}  // namespace

uint8_t BitOf(KumaRelease r) {
  switch (r) {
    case KumaRelease::k2_10: return k210;
    case KumaRelease::k2_13: return k213;
    case KumaRelease::k2_14: return k214;
    case KumaRelease::k3_0: return k30;
  }
  return k214;
}

const char* FirstReleaseName(uint8_t mask) {
  static const char* kNames[] = {"2.10", "2.11", "2.12", "2.13", "2.14", "3.0"};
  for (int i = 0; i < 6; ++i)
    if (mask & (1u << i)) return kNames[i];
  return "?";
}

const char* ProfileNameOf(KumaRelease r) {
  switch (r) {
    case KumaRelease::k2_10: return "kuma-2.10";
    case KumaRelease::k2_13: return "kuma-2.13";
    case KumaRelease::k2_14: return "kuma-2.14";
    case KumaRelease::k3_0: return "kuma-3.0-preview";
  }
  return "kuma-2.14";
}

// One map from profile to release (policy_release.cpp ReleaseOf), read through the one ProfileSet
// (aliases included). madr, whose rule building follows 2.10, is checked against the current
// release's schema, as an unknown name is.
KumaRelease ReleaseOfProfileName(std::string_view p) {
  std::optional<Profile> id = Profiles().Find(p);
  return id && IsKuma(*id) ? ReleaseOf(*id) : KumaRelease::k2_14;
}

const std::vector<const CrdKind*>& AllCrdKinds() {
  static const std::vector<const CrdKind*> kAll = [] {
    std::vector<const CrdKind*> v;
    for (const auto& [name, ix] : Index()) v.push_back(ix.kind);
    return v;
  }();
  return kAll;
}

const CrdKind* FindCrdKind(std::string_view kind) {
  const KindIndex* ix = Find(kind);
  return ix ? ix->kind : nullptr;
}

const CrdRow* FindRow(const CrdKind& k, std::string_view path, KumaRelease r) {
  const KindIndex* ix = Find(k.kind);
  auto it = ix->rows.find(path);
  if (it == ix->rows.end()) return nullptr;
  for (const CrdRow* row : it->second)
    if (InRelease(row->releases, r)) return row;
  return nullptr;
}

uint8_t PathReleases(const CrdKind& k, std::string_view path) {
  const KindIndex* ix = Find(k.kind);
  auto it = ix->rows.find(path);
  uint8_t m = 0;
  if (it != ix->rows.end())
    for (const CrdRow* row : it->second) m |= row->releases;
  return m;
}

std::vector<std::string> ChildKeys(const CrdKind& k, std::string_view path, const KumaRelease* r) {
  const KindIndex* ix = Find(k.kind);
  std::vector<std::string> out;
  auto it = ix->children.find(path);
  if (it == ix->children.end()) return out;
  for (const std::string& key : it->second) {
    std::string child = path.empty() ? key : std::string(path) + "." + key;
    if (!r || FindRow(k, child, *r)) out.push_back(key);
  }
  return out;
}

std::vector<const CrdRow*> RowsOf(const CrdKind& k, std::string_view path) {
  const KindIndex* ix = Find(k.kind);
  auto it = ix->rows.find(path);
  return it == ix->rows.end() ? std::vector<const CrdRow*>{} : it->second;
}

}  // namespace cfgi::policy::schema
