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
    Id id;
    const char* name;
    const char* description;
  };

  // The first entry is the engine's default profile.
  explicit ProfileSet(std::vector<Entry> entries) : entries_(std::move(entries)) {
    for (const Entry& e : entries_) profiles_.push_back({e.name, e.description});
  }

  const std::vector<Entry>& entries() const { return entries_; }
  size_t size() const { return entries_.size(); }
  // As Engine::profiles() returns them (name + description, in order).
  const std::vector<doc::Profile>& profiles() const { return profiles_; }

  std::optional<Id> Find(std::string_view name) const {
    for (const Entry& e : entries_)
      if (name == e.name) return e.id;
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
