// core/txt/txt_query.cpp: see txt_query.h.
#include "core/txt/txt_query.h"

#include <exception>

#include "core/txt/txt_records.h"

namespace cfgi::txt {

TxtQuery ParseTxtQuery(const Query& flags) {
  TxtQuery q;
  q.language = flags.Value("language");
  q.hostname = flags.Value("hostname");
  q.name = flags.Value("name");
  if (auto r = flags.Value("rand")) {
    int v = -1;
    try {
      size_t used = 0;
      v = std::stoi(*r, &used);
      if (used != r->size()) v = -1;
    } catch (const std::exception&) {
      v = -1;
    }
    if (v < 0 || v > 99) {
      doc::DiagnosticSink sink;  // no file: Load places it (txt_query.h)
      sink.Error("TXT041", {0, 0}, "--rand is the random draw, an integer from 0 to 99; got '" + Printable(*r) + "'");
      q.diagnostics = sink.list();
    } else {
      q.rand = v;
    }
  }
  return q;
}

}  // namespace cfgi::txt
