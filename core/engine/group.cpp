// Files checked together, grouped by the engine that reads each (core/engine/group.h).
#include "core/engine/group.h"

#include <algorithm>

namespace cfgi {

std::vector<std::string> FileGroup::names() const {
  std::vector<std::string> out;
  for (const InputFile& f : files) out.push_back(f.name);
  return out;
}

std::vector<FileGroup> GroupFiles(const std::vector<InputFile>& files, const EngineRequest& r,
                                  const FileReader& reader, const doc::Limits& limits) {
  std::vector<FileGroup> out;
  if (files.empty()) return out;
  // One group of every file, read by `e` (null: the rules decide over all of them).
  auto whole = [&](const Engine* e) {
    FileGroup g;
    g.files = files;
    g.request = r;
    g.engine = e ? e : ChooseEngine(LoadScenario(files, reader, limits), r).engine;
    return std::vector<FileGroup>{std::move(g)};
  };
  if (!r.engine.empty()) return whole(FindEngine(r.engine));
  if (files.size() == 1) return whole(nullptr);

  struct Choice {
    const Engine* engine;  // null: no engine recognises the file alone
    bool envelope;
  };
  std::vector<Choice> choices;
  std::vector<doc::Document> docs;  // each file as read (for Engine::ReadsAlongside)
  // Per file: the names of the sources it reads when it is a scenario envelope (`sources: - file:`).
  std::vector<std::vector<std::string>> reads(files.size());
  for (const InputFile& f : files) {
    Scenario s = LoadScenario({f}, reader, limits);
    // By name, read or not (the app groups dropped files before anything reads them).
    if (s.envelope) reads[&f - files.data()] = EnvelopeFiles(*s.envelope);
    // The content first: a profile (--profile envoy) does not pull a Kuma policy given beside an
    // Envoy config into the matcher engine; it decides only the files the content does not.
    EngineChoice c = ChooseEngine(s, EngineRequest{});
    if (c.rule == "none" && !r.profile.empty()) c = ChooseEngine(s, r);
    choices.push_back({c.rule == "none" ? nullptr : c.engine, s.envelope.has_value()});
    docs.push_back(s.sources.empty() ? doc::Document{} : std::move(s.sources.front()));
  }
  // The engines the files choose by themselves, in order.
  std::vector<const Engine*> engines;
  for (const Choice& c : choices) {
    if (!c.engine) continue;
    if (std::find(engines.begin(), engines.end(), c.engine) == engines.end()) engines.push_back(c.engine);
  }
  // A file no engine chooses by itself joins the one engine that reads it beside the others.
  auto reader_of = [&](size_t i) -> const Engine* {
    const Engine* only = nullptr;
    for (const Engine* e : engines)
      if (docs[i].source && e->ReadsAlongside(docs[i])) {
        if (only) return nullptr;  // two engines would read it: nobody's, ENG001 says choose
        only = e;
      }
    return only;
  };
  for (size_t i = 0; i < files.size(); ++i)
    if (!choices[i].engine) choices[i].engine = reader_of(i);
  bool same = true;
  for (const Choice& c : choices) same = same && c.engine == choices.front().engine;
  if (same) return whole(choices.front().engine ? choices.front().engine : FindEngine("document"));

  // A file a scenario envelope given with it reads (its `sources: - file:`, matched by path or,
  // for names without a directory as the web build has them, by file name) belongs to that
  // envelope's group: the scenario is what reads it.
  std::vector<size_t> read_by(files.size(), files.size());
  for (size_t e = 0; e < files.size(); ++e)
    for (const std::string& n : reads[e])
      for (size_t i = 0; i < files.size(); ++i)
        if (i != e && !choices[i].envelope && read_by[i] == files.size() &&
            SameInputFile(files[i].name, n))
          read_by[i] = e;

  FileGroup unread;            // the files no engine reads
  std::vector<bool> envelope;  // per group of `out`: a scenario envelope's own group
  for (size_t i = 0; i < files.size(); ++i) {
    if (read_by[i] != files.size()) continue;  // added with its envelope below
    const Choice& c = choices[i];
    if (!c.engine) {
      unread.files.push_back(files[i]);
      for (size_t j = 0; j < files.size(); ++j)
        if (read_by[j] == i) unread.files.push_back(files[j]);
      continue;
    }
    size_t k = 0;
    while (k < out.size() && (c.envelope || envelope[k] || out[k].engine != c.engine)) ++k;
    if (k == out.size()) {
      FileGroup g;
      g.engine = c.engine;
      // An envelope chooses its engine itself (its `engine:`); a group of native files names it.
      g.request = c.envelope ? r : EngineRequest{std::string(c.engine->name()), r.profile};
      out.push_back(std::move(g));
      envelope.push_back(c.envelope);
    }
    out[k].files.push_back(files[i]);
    if (c.envelope)
      for (size_t j = 0; j < files.size(); ++j)
        if (read_by[j] == i) out[k].files.push_back(files[j]);
  }
  if (!unread.files.empty()) {
    unread.engine = FindEngine("document");
    unread.request = r;
    out.push_back(std::move(unread));
  }
  return out;
}

}  // namespace cfgi
