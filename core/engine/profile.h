// core/engine/profile.h: an engine's profiles as one typed set: the engine's own enum (the id
// its code switches on), the name the CLI and the JSON print, and the one-line description the
// selector's tooltip and --help show. Each engine declares exactly one ProfileSet; its
// Engine::profiles(), its parsing of `--profile` and every view read that set, so there is no
// second name table anywhere.
//
//   enum class Profile { kKuma, kMadr };
//   const ProfileSet<Profile>& Profiles() {
//     static const ProfileSet<Profile> s({{Profile::kKuma, "kuma", "Kuma 2.x ..."},
//                                         {Profile::kMadr, "madr", "the MADR ..."}});
//     return s;
//   }
//   Profiles().Parse("madr") == Profile::kMadr;   Profiles().Name(Profile::kKuma) == "kuma";
//
// An entry may have aliases: other names that mean it everywhere a name is read (the CLI's
// --profile, a scenario's `profile:`, an expect entry's `profile:`, the app), e.g. the policy
// engine's "kuma" for "kuma-2.14". Results always carry the canonical name (Canonical()).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/doc/explanation.h"

namespace cfgi {

template <typename Id>
class ProfileSet {
 public:
  struct Entry {
    Entry(Id i, const char* n, const char* d, std::vector<const char*> a = {})
        : id(i), name(n), description(d), aliases(std::move(a)) {}
    Id id;
    const char* name;
    const char* description;
    std::vector<const char*> aliases;  // other names for this profile (never printed as its name)
  };

  // The first entry is the engine's default profile.
  explicit ProfileSet(std::vector<Entry> entries) : entries_(std::move(entries)) {
    for (const Entry& e : entries_) {
      doc::Profile p{e.name, e.description, {}};
      for (const char* a : e.aliases) p.aliases.push_back(a);
      profiles_.push_back(std::move(p));
    }
  }

  const std::vector<Entry>& entries() const { return entries_; }
  size_t size() const { return entries_.size(); }
  // As Engine::profiles() returns them (name + description, in order).
  const std::vector<doc::Profile>& profiles() const { return profiles_; }

  std::optional<Id> Find(std::string_view name) const {
    for (const Entry& e : entries_) {
      if (name == e.name) return e.id;
      for (const char* a : e.aliases)
        if (name == a) return e.id;
    }
    return std::nullopt;
  }
  // The named profile, or the default for a name the engine does not know (the CLI and the app
  // reject unknown names before they reach an engine).
  Id Parse(std::string_view name) const { return Find(name).value_or(Default()); }
  Id Default() const { return entries_.front().id; }
  const char* Name(Id id) const {
    for (const Entry& e : entries_)
      if (e.id == id) return e.name;
    return entries_.front().name;
  }
  // Position in the set (column order in views); size() when absent.
  size_t Index(Id id) const {
    for (size_t i = 0; i < entries_.size(); ++i)
      if (entries_[i].id == id) return i;
    return entries_.size();
  }
  Id At(size_t i) const { return entries_[i].id; }

 private:
  std::vector<Entry> entries_;
  std::vector<doc::Profile> profiles_;
};

}  // namespace cfgi
