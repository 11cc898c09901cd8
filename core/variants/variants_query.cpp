// core/variants/variants_query.cpp: see variants_query.h.
#include "core/variants/variants_query.h"

namespace cfgi::variants {

VariantsQuery ParseVariantsQuery(const Query& flags) {
  VariantsQuery q;
  q.before = flags.Values("before");
  q.resource = flags.Value("resource");
  if (!flags.Has("params")) return q;
  // The flags become one small source, one line per --params, so diagnostics point at them.
  std::vector<std::string> values = flags.Values("params");
  std::string text;
  for (const std::string& v : values) text += v + "\n";
  q.params_source = std::make_shared<const doc::Source>("--params", text);
  doc::DiagnosticSink sink(q.params_source.get());
  q.subscriptions.emplace();
  uint32_t off = 0;
  for (const std::string& v : values) {
    Subscription sub;
    sub.origin = "--params";
    sub.source = q.params_source.get();
    sub.range = {off, off + static_cast<uint32_t>(v.size())};
    off += static_cast<uint32_t>(v.size()) + 1;
    std::string err = ParseParamsFlag(v, sub.params);
    if (!err.empty()) {
      sink.Error("VAR011", sub.range, "--params " + err);
      continue;
    }
    q.subscriptions->push_back(std::move(sub));
  }
  q.diagnostics = sink.list();
  return q;
}

}  // namespace cfgi::variants
