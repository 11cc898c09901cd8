#include "core/policy/policy_merge.h"

#include <algorithm>
#include <map>

namespace cfgi::policy {

using nlohmann::json;

bool IsAppendField(const std::string& key) { return key.rfind("append", 0) == 0 && key.size() > 6; }

std::string EscapePointerToken(const std::string& token) {
  std::string out;
  for (char c : token) {
    if (c == '~') out += "~0";
    else if (c == '/') out += "~1";
    else out += c;
  }
  return out;
}

std::vector<std::string> SplitPointer(const std::string& ptr) {
  std::vector<std::string> out;
  if (ptr.empty()) return out;
  size_t i = 1;
  std::string cur;
  for (; i <= ptr.size(); ++i) {
    if (i == ptr.size() || ptr[i] == '/') {
      out.push_back(cur);
      cur.clear();
      continue;
    }
    if (ptr[i] == '~' && i + 1 < ptr.size()) {
      cur += ptr[i + 1] == '1' ? '/' : '~';
      ++i;
      continue;
    }
    cur += ptr[i];
  }
  return out;
}

namespace {

const json* At(const json& j, const std::string& ptr) {
  const json* cur = &j;
  for (const std::string& t : SplitPointer(ptr)) {
    if (cur->is_object()) {
      auto it = cur->find(t);
      if (it == cur->end()) return nullptr;
      cur = &*it;
    } else if (cur->is_array()) {
      size_t idx = 0;
      for (char c : t) {
        if (c < '0' || c > '9') return nullptr;
        idx = idx * 10 + static_cast<size_t>(c - '0');
      }
      if (idx >= cur->size()) return nullptr;
      cur = &(*cur)[idx];
    } else {
      return nullptr;
    }
  }
  return cur;
}

class Tracker {
 public:
  // Records the effect of applying `patch` at `path` onto `before` (the value at path before).
  void Apply(const std::string& path, const json* before, const json& patch, size_t id) {
    if (patch.is_object()) {
      if (before && !before->is_object()) Supersede(path, id);
      if (patch.empty() && !before) Set(path, id, patch);
      for (auto it = patch.begin(); it != patch.end(); ++it) {
        std::string child = path + "/" + EscapePointerToken(it.key());
        const json* b = nullptr;
        if (before && before->is_object()) {
          auto f = before->find(it.key());
          if (f != before->end()) b = &*f;
        }
        if (it->is_null()) {
          Remove(child);
        } else {
          Apply(child, b, *it, id);
        }
      }
      return;
    }
    Supersede(path, id);
    Set(path, id, patch);
  }

  // Moves every live entry at or below `path` into overridden[path].
  void Supersede(const std::string& path, size_t) {
    auto& dst = overridden_[path];
    for (auto it = live_.lower_bound(path); it != live_.end() && it->first.compare(0, path.size(), path) == 0;) {
      bool below = it->first.size() == path.size() || it->first[path.size()] == '/';
      if (!below) {
        ++it;
        continue;
      }
      if (it->first != path) {
        // Keep the overridden history of the descendant too.
        auto h = overridden_.find(it->first);
        if (h != overridden_.end()) {
          dst.insert(dst.end(), h->second.begin(), h->second.end());
          overridden_.erase(h);
        }
      }
      dst.push_back(it->second);
      it = live_.erase(it);
    }
  }

  void Remove(const std::string& path) {
    for (auto it = live_.lower_bound(path); it != live_.end() && it->first.compare(0, path.size(), path) == 0;) {
      bool below = it->first.size() == path.size() || it->first[path.size()] == '/';
      if (!below) {
        ++it;
        continue;
      }
      removed_.push_back(it->second);
      it = live_.erase(it);
    }
  }

  void Set(const std::string& path, size_t id, const json& v) { live_[path] = Contribution{id, path, v}; }

  std::map<std::string, Contribution> live_;
  std::map<std::string, std::vector<Contribution>> overridden_;
  std::vector<Contribution> removed_;
};

// Collects the JSON pointers of append* arrays reachable through objects only (Kuma walks struct
// fields, never into slices).
// `path` is a buffer extended and restored in place: only the paths of objects it walks into and
// of append arrays are ever built (every conf of every merge is walked).
void CollectAppendPaths(const json& j, std::string& path, std::vector<std::string>& out) {
  if (!j.is_object()) return;
  for (auto it = j.begin(); it != j.end(); ++it) {
    const bool append = it->is_array() && IsAppendField(it.key());
    if (!append && !it->is_object()) continue;
    const size_t len = path.size();
    path += '/';
    path += EscapePointerToken(it.key());
    if (append) {
      if (std::find(out.begin(), out.end(), path) == out.end()) out.push_back(path);
    } else {
      CollectAppendPaths(*it, path, out);
    }
    path.resize(len);
  }
}

}  // namespace

MergeOptions MergeOptionsFor(const std::string& policy_type) {
  // meshhttproute/api/v1alpha1/helpers.go: To.GetDefault reverses `rules`, PolicyDefault.Transform
  // reverses the merged list back.
  // helpers.go PolicyDefault: `Hostnames []string policyMerge:"mergeValues"` (v2.10.11 to v2.14.3 and main).
  if (policy_type == "MeshHTTPRoute") return {"rules", "matches", true, "hostnames"};
  return {};
}

std::vector<nlohmann::json> MergeConfsByValues(const std::vector<MergeInput>& confs, const MergeOptions& opt) {
  std::vector<nlohmann::json> out;
  if (opt.merge_values.empty()) return out;
  auto values_of = [&](const nlohmann::json* c) -> const nlohmann::json* {
    if (!c || !c->is_object()) return nullptr;
    auto it = c->find(opt.merge_values);
    return it != c->end() && it->is_array() && !it->empty() ? &*it : nullptr;
  };
  if (std::none_of(confs.begin(), confs.end(), [&](const MergeInput& in) { return values_of(in.conf) != nullptr; }))
    return out;
  // handleMergeValues: orderedIntermediateKeys, and per key the keyed copies in merge order.
  std::vector<std::string> keys;
  std::map<std::string, std::vector<nlohmann::json>> groups;
  for (const MergeInput& in : confs) {
    if (!in.conf) continue;
    std::vector<std::string> mine;
    if (const nlohmann::json* v = values_of(in.conf)) {
      for (const nlohmann::json& x : *v) mine.push_back(x.is_string() ? x.get<std::string>() : x.dump());
    } else {
      mine.push_back("");
    }
    for (const std::string& k : mine) {
      auto [at, fresh] = groups.try_emplace(k);
      if (fresh) keys.push_back(k);
      nlohmann::json copy = *in.conf;
      if (!k.empty()) copy[opt.merge_values] = nlohmann::json::array({k});
      at->second.push_back(std::move(copy));
    }
  }
  for (const std::string& k : keys) {
    const std::vector<nlohmann::json>& g = groups[k];
    std::vector<MergeInput> in;
    in.reserve(g.size());
    for (size_t i = 0; i < g.size(); ++i) in.push_back({&g[i], i});
    out.push_back(MergeConfs(in, false, opt).conf);
  }
  return out;
}

MergeResult MergeConfs(const std::vector<MergeInput>& confs, bool provenance, const MergeOptions& opt) {
  MergeResult r;
  Tracker t;
  std::vector<std::string> append_paths;
  for (const MergeInput& in : confs) {
    if (!in.conf) continue;
    if (provenance) t.Apply("", &r.conf, *in.conf, in.id);
    r.conf.merge_patch(*in.conf);
    std::string root;
    CollectAppendPaths(*in.conf, root, append_paths);
  }
  // clearAppendSlices + appendSlices: the array becomes the concatenation over every conf.
  for (const std::string& p : append_paths) {
    json* target = nullptr;
    try {
      json::json_pointer ptr(p);
      if (!r.conf.contains(ptr) || !r.conf.at(ptr).is_array()) continue;
      target = &r.conf.at(ptr);
    } catch (const std::exception&) {
      continue;
    }
    json concat = json::array();
    if (provenance) {
      t.live_.erase(p);
      t.overridden_.erase(p);
    }
    for (const MergeInput& in : confs) {
      if (!in.conf) continue;
      const json* a = At(*in.conf, p);
      if (!a || !a->is_array()) continue;
      for (size_t j = 0; j < a->size(); ++j) {
        if (provenance)
          t.live_[p + "/" + std::to_string(concat.size())] = Contribution{in.id, p + "/" + std::to_string(j), (*a)[j]};
        concat.push_back((*a)[j]);
      }
    }
    *target = std::move(concat);
  }
  if (!opt.by_key_list.empty() && r.conf.is_object()) {
    // mergeByKey: concatenate the entries of every conf, then merge entries with equal keys.
    struct Source {
      size_t id;           // the conf's MergeInput id
      std::string prefix;  // "/rules/<i>/default" inside that conf
    };
    std::vector<Source> sources;  // nested merge ids index this
    struct Entry {
      json key;
      std::vector<MergeInput> defaults;  // ids index `sources`
      size_t last = 0;                   // id of the conf of the key's last appearance
      std::string last_path;
      bool skip = false;
    };
    std::vector<Entry> groups;
    bool any = false;
    std::string list_ptr = "/" + EscapePointerToken(opt.by_key_list);
    for (const MergeInput& in : confs) {
      if (!in.conf || !in.conf->is_object()) continue;
      auto l = in.conf->find(opt.by_key_list);
      if (l == in.conf->end() || !l->is_array()) continue;
      any = true;
      for (size_t k = 0; k < l->size(); ++k) {
        size_t i = opt.reverse_entries ? l->size() - 1 - k : k;
        const json& e = (*l)[i];
        std::string at = list_ptr + "/" + std::to_string(i);
        Entry g;
        g.key = e.is_object() && e.contains(opt.by_key_field) ? e[opt.by_key_field] : json();
        for (Entry& earlier : groups) {
          if (earlier.skip || earlier.key != g.key) continue;
          g.defaults = earlier.defaults;
          earlier.skip = true;
        }
        if (e.is_object() && e.contains("default")) {
          g.defaults.push_back({&e["default"], sources.size()});
          sources.push_back({in.id, at + "/default"});
        }
        g.last = in.id;
        g.last_path = at + "/" + EscapePointerToken(opt.by_key_field);
        groups.push_back(std::move(g));
      }
    }
    if (any && r.conf.contains(opt.by_key_list)) {
      std::string base = "/" + EscapePointerToken(opt.by_key_list);
      if (provenance) {
        for (auto it = t.live_.lower_bound(base); it != t.live_.end() && it->first.compare(0, base.size(), base) == 0;)
          it = t.live_.erase(it);
        for (auto it = t.overridden_.lower_bound(base); it != t.overridden_.end() && it->first.compare(0, base.size(), base) == 0;)
          it = t.overridden_.erase(it);
      }
      json list = json::array();
      std::vector<const Entry*> kept;
      for (const Entry& g : groups)
        if (!g.skip) kept.push_back(&g);
      if (opt.reverse_entries) std::reverse(kept.begin(), kept.end());
      for (const Entry* gp : kept) {
        const Entry& g = *gp;
        MergeResult d = MergeConfs(g.defaults, provenance);
        std::string at = base + "/" + std::to_string(list.size());
        json entry = json::object();
        if (!g.key.is_null()) entry[opt.by_key_field] = g.key;
        entry["default"] = d.conf;
        if (provenance) {
          if (!g.key.is_null())
            t.live_[at + "/" + EscapePointerToken(opt.by_key_field)] = Contribution{g.last, g.last_path, g.key};
          for (FieldOrigin& f : d.fields) {
            std::string p = at + "/default" + f.path;
            const Source& src = sources[f.id];
            t.live_[p] = Contribution{src.id, src.prefix + f.source_path, f.value};
            std::vector<Contribution> over;
            for (const Contribution& c : f.overrode)
              over.push_back({sources[c.id].id, sources[c.id].prefix + c.path, c.value});
            if (!over.empty()) t.overridden_[p] = std::move(over);
          }
        }
        list.push_back(std::move(entry));
      }
      r.conf[opt.by_key_list] = std::move(list);
    }
  }
  if (!provenance) return r;
  std::vector<std::string> appended_prefixes = append_paths;
  for (auto& [path, c] : t.live_) {
    FieldOrigin f;
    f.path = path;
    f.id = c.id;
    f.source_path = c.path;
    f.value = c.value;
    auto h = t.overridden_.find(path);
    if (h != t.overridden_.end()) f.overrode = h->second;
    for (const std::string& ap : appended_prefixes)
      if (path.compare(0, ap.size(), ap) == 0 && path.size() > ap.size() && path[ap.size()] == '/') f.appended = true;
    r.fields.push_back(std::move(f));
  }
  r.removed = std::move(t.removed_);
  return r;
}

}  // namespace cfgi::policy
