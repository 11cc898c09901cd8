// core/txt/txt_compile.cpp: a DNS source read and every profile's choice list compiled (Load).
// Each rule below is read from the implementation it names:
//  grpc-core: src/core/resolver/dns/service_config_helper.cc (ChooseServiceConfig: JSON loaded
//    with JsonObjectLoader, clientLanguage must contain "c++", hostname from grpc_gethostname(),
//    `rand() % 100 > percentage || percentage == 0` skips, serviceConfig is a required field);
//    src/core/resolver/dns/c_ares/grpc_ares_wrapper.cc (on_txt_done_locked: the first record
//    whose first string starts with grpc_config=, that record's strings concatenated);
//    src/core/util/json/json_reader.cc (duplicate keys are errors), json_object_loader.cc
//    (numbers may be strings; null is absent).
//  grpc-java: core/src/main/java/io/grpc/internal/DnsNameResolver.java (parseTxtResults: every
//    record starting with grpc_config=, choices appended; maybeChooseServiceConfig: keys verified
//    against SERVICE_CONFIG_CHOICE_KEYS, "java".equalsIgnoreCase, percentage.intValue() in 0..100
//    and `random.nextInt(100) >= pct` skips, missing serviceConfig throws), JsonParser.java (Gson
//    JsonReader; the text after the first value is not read), JsonUtil.java (getNumberAsDouble
//    accepts numeric strings; getList / getObject reject null).
//  grpc-go: internal/resolver/dns/dns_resolver.go (lookupTXT concatenates every TXT record and
//    needs the prefix at the start; canaryingSC: json.Unmarshal into rawChoice, whose keys match
//    case-insensitively and whose hostname key is clientHostName; a non-nil empty list matches
//    nothing; `grpcrand.Intn(100)+1 <= *Percentage`; a nil serviceConfig skips the choice; an
//    empty result goes to ParseServiceConfig(""), "no JSON service config provided").
//  a2: the proposal text (first matching choice; an absent or empty field matches every client;
//    percentage an integer 0..100 meaning that share of clients).
#include "core/txt/txt_model.h"

#include "core/doc/suggest.h"
#include "core/doc/utf8.h"
#include "core/engine/build_count.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <sstream>

#include "core/txt/txt_service_config.h"
#include "core/txt/txt_internal.h"

namespace cfgi::txt {

using doc::Node;
using doc::Severity;
using doc::SourceRange;

namespace detail {

std::string Lower(std::string_view s) {
  std::string r(s);
  for (char& c : r) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return r;
}

std::string Quote(const std::vector<std::string>& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", \"" : "\"") + v[i] + "\"";
  return s + "]";
}

}  // namespace detail

namespace {

using detail::Lower;
using detail::Quote;

size_t Distance(std::string_view a, std::string_view b) { return doc::EditDistance(a, b); }

MappedText Slice(const MappedText& m, size_t from) {
  MappedText r;
  if (from > m.bytes.size()) from = m.bytes.size();
  r.bytes = m.bytes.substr(from);
  r.origin.assign(m.origin.begin() + static_cast<long>(from), m.origin.end());
  return r;
}

const std::vector<std::string>& ChoiceKeys() {
  static const std::vector<std::string> k = {"clientLanguage", "percentage", "clientHostname", "serviceConfig"};
  return k;
}

// The field names a profile binds a choice key to ("" when it ignores or rejects the key).
std::string FieldFor(ProfileId p, const std::string& key) {
  if (p == ProfileId::kGo) {
    // encoding/json matches struct tags case-insensitively; the tag is clientHostName.
    std::string l = Lower(key);
    if (l == "clientlanguage") return "clientLanguage";
    if (l == "percentage") return "percentage";
    if (l == "clienthostname") return "clientHostname";
    if (l == "serviceconfig") return "serviceConfig";
    return "";
  }
  for (const std::string& k : ChoiceKeys())
    if (k == key) return k;
  return "";
}

// The grpc_config texts an earlier profile of the same Compile already read: the profiles mostly
// read the same record, and parsing it twice (nlohmann for the indented text, the walker for
// positions) and indenting it again for every profile was most of Compile's time (a profile of
// BM_SelectReparse under node, 7 Dec: nlohmann's lexer, serializer and their allocations). Both
// results depend on the bytes alone.
struct TextMemo {
  struct Entry {
    std::string bytes;
    std::optional<std::string> pretty;
    std::optional<JsonParse> parse;
  };
  std::vector<Entry> entries;
  // The entry for `bytes` (made when new); valid until the next call.
  Entry& Of(const std::string& bytes) {
    for (Entry& e : entries)
      if (e.bytes == bytes) return e;
    entries.push_back(Entry{bytes, std::nullopt, std::nullopt});
    return entries.back();
  }
};

struct Builder {
  ProfileId p;
  Compiled& c;
  const CompiledRecords& a;
  TextMemo& memo;
  doc::DiagnosticSink sink{a.source.get()};  // this profile's findings; Load moves them to c.diagnostics
  using Scope = doc::DiagnosticSink::ScopedField;  // a choice's field path: "[2].clientLanguage"

  // Reports a finding about attribute `attr` (`r` in its JSON text's coordinates, mapped to the
  // source here); attr -1: about the name's records as a whole (at the source's first record).
  // TXT013 (records grpc-go concatenates) is reported at the attribute's last record.
  doc::Diagnostic& Report(std::string code, Severity sev, SourceRange r, int attr, std::string path, std::string msg) {
    const std::vector<TxtRecord>& recs = a.records.records;
    SourceRange at = In(r, attr);
    if (code == "TXT013" && attr >= 0 && !c.attributes[static_cast<size_t>(attr)].records.empty())
      at = recs[static_cast<size_t>(c.attributes[static_cast<size_t>(attr)].records.back())].range;
    return sink.Add(sev, std::move(code), at, std::move(msg), std::move(path));
  }
  // `r` of attribute `attr`'s JSON text in the source; attr -1: the source's first record.
  SourceRange In(SourceRange r, int attr) const {
    const std::vector<TxtRecord>& recs = a.records.records;
    if (attr < 0) return recs.empty() ? SourceRange{0, 0} : recs[0].range;
    return c.attributes[static_cast<size_t>(attr)].json.Map(r.begin, r.end);
  }
  void Global(std::string msg) {
    if (c.global_error.empty()) c.global_error = std::move(msg);
  }
  std::string Prefix() const {
    switch (p) {
      case ProfileId::kCore: return "failed to parse service config: ";
      case ProfileId::kJava: return "failed to parse TXT records: ";
      case ProfileId::kGo: return "no JSON service config provided (grpc-go dropped the TXT value: ";
      case ProfileId::kA2: return "";
    }
    return "";
  }
  std::string Suffix() const { return p == ProfileId::kGo ? ")" : ""; }
  void Fatal(std::string msg) { Global(Prefix() + msg + Suffix()); }

  void Json(int ai) {
    Attribute& a = c.attributes[static_cast<size_t>(ai)];
    TextMemo::Entry& seen = memo.Of(a.json.bytes);
    if (!seen.parse) seen.parse = ParseJsonPositions(a.json.bytes);
    a.parse = *seen.parse;
    const JsonParse& jp = a.parse;
    SourceRange at{jp.error_offset, jp.error_offset + 1};
    switch (jp.error) {
      case JsonParse::Error::kNone: break;
      case JsonParse::Error::kSingleQuote:
        Report("TXT021", Severity::kError, at, ai, "", "single-quoted strings are not JSON (the A2 example is written "
              "this way, but every gRPC JSON parser rejects it); use double quotes, escaped as \\\" inside a quoted TXT string");
        Fatal("JSON parse error: single quote at byte " + std::to_string(jp.error_offset));
        return;
      case JsonParse::Error::kTrailing:
        if (p == ProfileId::kJava) {
          Report("TXT022", Severity::kWarning, at, ai, "", "text after the JSON list: grpc-java reads the first value and "
                "ignores the rest, the other implementations reject the record; remove it");
        } else {
          Report("TXT022", Severity::kError, at, ai, "", "text after the JSON list makes the value invalid JSON for " +
                std::string(Profiles().Name(p)) + "; remove it (or a second record got concatenated)");
          Fatal("JSON parse error: text after the value at byte " + std::to_string(jp.error_offset));
          return;
        }
        break;
      default:
        Report("TXT020", Severity::kError, at, ai, "", "the grpc_config value is not JSON: " + jp.message +
              "; check for a missing comma, quote or bracket here");
        Fatal("JSON parse error: " + jp.message);
        return;
    }
    for (size_t i = 0; i < jp.duplicate_keys.size(); ++i) {
      const std::string& k = jp.duplicate_names[i];
      // grpc-core json_reader.cc SetKey: "duplicate key"; grpc-java JsonParser.parseJsonObject:
      // checkArgument(!obj.containsKey(name), "Duplicate key found: %s"), which fails
      // parseTxtResults; grpc-go encoding/json and the a2 text: the last value wins.
      if (p == ProfileId::kCore) {
        Report("TXT023", Severity::kError, jp.duplicate_keys[i], ai, "", "key \"" + k +
              "\" is repeated: grpc-core's JSON reader rejects the whole value (grpc-go keeps the last value); keep one");
        Fatal("JSON parse error: duplicate key \"" + k + "\"");
      } else if (p == ProfileId::kJava) {
        Report("TXT023", Severity::kError, jp.duplicate_keys[i], ai, "", "key \"" + k +
              "\" is repeated: grpc-java's JsonParser fails (Duplicate key found) and drops the TXT records (grpc-go keeps the last value); keep one");
        Fatal("Duplicate key found: " + k);
      } else {
        Report("TXT023", Severity::kWarning, jp.duplicate_keys[i], ai, "", "key \"" + k + "\" is repeated: " +
              std::string(Profiles().Name(p)) + " keeps the last value (grpc-core and grpc-java reject the record); keep one");
      }
    }
  }

  // A list of strings (clientLanguage / clientHostname), its field path the open scope. Returns the stage.
  Stage List(Criterion what, const Node* v, int ai) {
    const std::string path = sink.field_path();  // for the implementations' own error texts
    Stage s;
    s.what = what;
    if (!v || v->is_null()) {
      if (v && p == ProfileId::kJava) s.error = path + ": value null is not a List";
      return s;
    }
    std::string bad;
    if (!v->is_seq()) {
      bad = std::string("is a ") + v->kind_name() + ", must be a list of strings";
    } else {
      for (const Node& e : v->items()) {
        if (!e.is_string()) {
          bad = std::string("has a ") + e.kind_name() + " element, must hold only strings";
          break;
        }
        s.list.push_back(e.text());
      }
    }
    if (!bad.empty()) {
      Report("TXT032", Severity::kError, v->range(), ai, "", CriterionName(what) + std::string(" ") + bad +
            " (e.g. [\"c++\", \"java\"])");
      if (p == ProfileId::kJava) s.error = path + " " + bad;
      else Fatal("field:" + path + " error:" + bad);
      s.list.clear();
      return s;
    }
    if (s.list.empty()) {
      if (p == ProfileId::kGo) {
        s.present = true;
        Report("TXT037", Severity::kWarning, v->range(), ai, "", "an empty " + std::string(CriterionName(what)) +
              " list: grpc-go never selects this choice (a non-nil empty list contains nothing), grpc-core and "
              "grpc-java treat it as absent; remove the key to match every client");
      } else {
        Report("TXT037", Severity::kNote, v->range(), ai, "", "an empty " + std::string(CriterionName(what)) +
              " list matches every client here, but grpc-go never selects this choice; remove the key");
      }
    } else {
      s.present = true;
    }
    return s;
  }

  // The percentage, its field path the open scope.
  Stage Percentage(const Node* v, int ai) {
    const std::string path = sink.field_path();  // for the implementations' own error texts
    Stage s;
    s.what = Criterion::kPercentage;
    if (!v) return s;
    auto err = [&](const char* code, const std::string& m) {
      Report(code, Severity::kError, v->range(), ai, "", m);
      if (p == ProfileId::kJava) s.error = path + ": " + m;
      else Fatal("field:" + path + " error:" + m);
    };
    switch (p) {
      case ProfileId::kCore: {
        if (v->is_null()) return s;
        if (!v->is_number() && !v->is_string()) {
          err("TXT033", std::string("is a ") + v->kind_name() + ", must be an integer 0..100");
          return s;
        }
        const std::string& t = v->text();
        int64_t x = 0;
        bool ok = !t.empty();
        try {
          size_t used = 0;
          x = std::stoll(t, &used);
          ok = ok && used == t.size();
        } catch (const std::exception&) {
          ok = false;
        }
        if (!ok || x < INT32_MIN || x > INT32_MAX) {
          err("TXT033", "'" + t + "' is not an integer: grpc-core fails to parse the number (write e.g. 25)");
          return s;
        }
        if (x == -1) {  // ServiceConfigChoice::percentage defaults to -1, "not set"
          Report("TXT034", Severity::kWarning, v->range(), ai, "", "percentage -1 means 'not set' to grpc-core: every client matches; use 0..100");
          return s;
        }
        s.present = true;
        s.pct = static_cast<double>(x);
        if (v->is_string())
          // The current service_config_helper.cc loads the choice with JsonObjectLoader, which
          // reads a number from a numeric string. The hand-written parser it replaced (in
          // src/core/ext/filters/client_channel/resolver/dns/, 2023 and earlier) required a JSON
          // number: "field:percentage error:should be of type number" (test/cpp/naming
          // resolver_test_record_groups.yaml, ipv4-svc_cfg_bad_percentage).
          Report("TXT042", Severity::kNote, v->range(), ai, "", "version note: grpc-core reads the string \"" + t +
                "\" as a number since ChooseServiceConfig moved to JsonObjectLoader; older releases (2023 and earlier) "
                "reject the whole list (field:percentage error:should be of type number); write " + t + " without quotes");
        if (x < 0 || x > 100)
          Report("TXT034", Severity::kWarning, v->range(), ai, "", "percentage " + t + " is outside 0..100; grpc-core " +
                (x < 0 ? "never" : "always") + " selects this choice, grpc-java fails the resolution");
        else if (x > 0 && x < 100)
          Report("TXT039", Severity::kNote, v->range(), ai, "", "grpc-core selects this choice when rand()%100 <= " + t +
                ", for " + std::to_string(std::min<int64_t>(x + 1, 100)) + " of 100 draws (grpc-java and grpc-go: " + t + ")");
        else if (x == 0)
          Report("TXT039", Severity::kNote, v->range(), ai, "", "percentage 0: no implementation selects this choice");
        return s;
      }
      case ProfileId::kJava: {
        double d = 0;
        if (v->is_number()) {
          d = v->as_double().value_or(0);
        } else if (v->is_string()) {
          try {
            size_t used = 0;
            d = std::stod(v->text(), &used);
            if (used != v->text().size()) throw std::invalid_argument("x");
          } catch (const std::exception&) {
            err("TXT033", "value '" + v->text() + "' is not a double");
            return s;
          }
        } else {
          err("TXT033", std::string("is a ") + v->kind_name() + ", not a number");
          return s;
        }
        double t = std::isnan(d) ? 0 : std::trunc(d);  // Double.intValue()
        s.present = true;
        s.pct = t;
        if (t < 0 || t > 100) {
          Report("TXT034", Severity::kError, v->range(), ai, "", "percentage " + v->text() +
                " is outside 0..100: grpc-java fails the resolution when it reaches this choice (Bad percentage)");
          s.error = "Bad percentage: " + v->text();
        } else if (t != d) {
          Report("TXT033", Severity::kWarning, v->range(), ai, "", "grpc-java truncates " + v->text() + " to " +
                std::to_string(static_cast<int>(t)) + "; grpc-core and grpc-go reject a fraction: write an integer");
        }
        return s;
      }
      case ProfileId::kGo: {
        if (v->is_null()) return s;
        if (v->kind() != Node::Kind::kInt) {
          err("TXT033", std::string("json: cannot unmarshal ") + (v->is_number() ? "number " + v->text() : v->kind_name()) +
              " into an int; write an integer 0..100");
          return s;
        }
        auto x = v->as_int();
        if (!x) {
          err("TXT033", "json: number " + v->text() + " overflows int");
          return s;
        }
        s.present = true;
        s.pct = static_cast<double>(*x);
        if (*x < 0 || *x > 100)
          Report("TXT034", Severity::kWarning, v->range(), ai, "", "percentage " + v->text() + " is outside 0..100; grpc-go " +
                (*x <= 0 ? "never" : "always") + " selects this choice, grpc-java fails the resolution");
        return s;
      }
      case ProfileId::kA2: {
        if (v->is_null()) return s;
        auto x = v->kind() == Node::Kind::kInt ? v->as_int() : std::nullopt;
        if (!x) {
          err("TXT033", (v->is_number() ? "is " + v->text() : std::string("is a ") + v->kind_name()) + ", A2 wants an integer from 0 to 100");
          return s;
        }
        if (*x < 0 || *x > 100) {
          err("TXT034", "percentage " + v->text() + " is outside 0..100");
          return s;
        }
        s.present = true;
        s.pct = static_cast<double>(*x);
        return s;
      }
    }
    return s;
  }

  void Choices(int ai) {
    const Attribute& a = c.attributes[static_cast<size_t>(ai)];
    if (!a.parse.root || !c.global_error.empty()) return;
    const Node& root = *a.parse.root;
    if (!root.is_seq()) {
      bool looks_sc = root.is_map() && (root.Get("serviceConfig") || root.Get("loadBalancingPolicy") ||
                                        root.Get("methodConfig") || root.Get("loadBalancingConfig"));
      Report("TXT024", Severity::kError, root.range(), ai, "", std::string("the grpc_config value is a ") + root.kind_name() +
            ", it must be a list of choices" + (looks_sc ? ": wrap it as [{\"serviceConfig\": ...}]" : " [{\"serviceConfig\": {...}}]"));
      Fatal(std::string("JSON value is a ") + root.kind_name() + ", not an array");
      return;
    }
    int i = 0;
    for (const Node& ch : root.items()) {
      int index = static_cast<int>(c.choices.size());
      Scope item(&sink, "[" + std::to_string(index) + "]");
      const std::string path = sink.field_path();  // for the implementations' own error texts
      ++i;
      if (!ch.is_map()) {
        if (p == ProfileId::kGo && ch.is_null()) {
          Report("TXT025", Severity::kWarning, ch.range(), ai, "", "a null choice: grpc-go reads it as a choice without serviceConfig and skips it");
          Choice skip;
          skip.index = index;
          skip.attribute = ai;
          skip.node = &ch;
          Stage st;
          st.what = Criterion::kServiceConfig;
          st.skip_when_absent = true;
          skip.stages.push_back(st);
          c.choices.push_back(std::move(skip));
          continue;
        }
        Report("TXT025", Severity::kError, ch.range(), ai, "", std::string("a choice is a ") + ch.kind_name() +
              ", it must be an object {\"serviceConfig\": {...}}");
        Fatal("field:" + path + " error:is not an object");
        continue;
      }
      Choice out;
      out.index = index;
      out.attribute = ai;
      out.node = &ch;
      const Node* lang = nullptr;
      const Node* host = nullptr;
      const Node* pct = nullptr;
      const Node* sc = nullptr;
      bool sc_key = false;
      Stage keys;
      keys.what = Criterion::kKeys;
      for (const auto& e : ch.entries()) {
        std::string f = FieldFor(p, e.key);
        if (f == "clientLanguage") lang = &e.value;
        else if (f == "clientHostname") host = &e.value;
        else if (f == "percentage") pct = &e.value;
        else if (f == "serviceConfig") { sc = &e.value; sc_key = true; }
        if (!f.empty()) {
          if (p == ProfileId::kGo && e.key != f && !(f == "clientHostname" && e.key == "clientHostName"))
            Report("TXT031", Severity::kNote, e.key_range, ai, "." + e.key, "grpc-go matches '" + e.key + "' to '" + f +
                  "' ignoring case; grpc-core ignores it and grpc-java rejects it: write '" + f + "'");
          continue;
        }
        std::string sug = Suggest(e.key, ChoiceKeys());
        bool case_only = !sug.empty() && Lower(sug) == Lower(e.key);
        const char* code = case_only ? "TXT031" : "TXT030";
        if (p == ProfileId::kJava) {
          Report(code, Severity::kError, e.key_range, ai, "." + e.key, "grpc-java rejects unknown key '" + e.key +
                "' (Bad key) when it reaches this choice; " + (sug.empty() ? "" : "did you mean '" + sug + "'? ") + "keys are clientLanguage, percentage, clientHostname, serviceConfig");
          if (keys.error.empty()) keys.error = "Bad key: " + e.key;
        } else {
          std::string effect;
          if (sug == "clientHostname" || sug == "clientLanguage") effect = ": this choice matches every client on that criterion";
          else if (sug == "percentage") effect = ": this choice is not limited to a percentage of clients";
          else if (sug == "serviceConfig") effect = ": the choice has no serviceConfig";
          Report(code, Severity::kWarning, e.key_range, ai, "." + e.key, std::string(Profiles().Name(p)) +
                " ignores unknown key '" + e.key + "'" + effect + "; " +
                (sug.empty() ? "remove it" : "did you mean '" + sug + "'?"));
        }
      }
      Stage ls, hs, ps;
      {
        Scope f(&sink, ".clientLanguage");
        ls = List(Criterion::kLanguage, lang, ai);
      }
      {
        Scope f(&sink, ".clientHostname");
        hs = List(Criterion::kHostname, host, ai);
      }
      {
        Scope f(&sink, ".percentage");
        ps = Percentage(pct, ai);
      }
      Stage ss;
      ss.what = Criterion::kServiceConfig;
      ss.skip_when_absent = p == ProfileId::kGo || p == ProfileId::kA2;
      bool sc_null = sc && sc->is_null();
      Scope sc_field(&sink, ".serviceConfig");
      if (!sc || sc_null) {
        const std::string where = sink.field_path();
        SourceRange r = sc ? sc->range() : SourceRange{ch.range().begin, ch.range().begin + 1};
        switch (p) {
          case ProfileId::kCore:
            Report("TXT035", Severity::kError, r, ai, "", "a choice without serviceConfig: grpc-core rejects the whole list "
                  "(field not present), grpc-go skips the choice, grpc-java fails when it selects it; add \"serviceConfig\": {...}");
            Fatal("field:" + where + " error:field not present");
            break;
          case ProfileId::kJava:
            Report("TXT035", Severity::kWarning, r, ai, "", "a choice without serviceConfig: grpc-java fails the resolution when "
                  "this choice matches (key 'serviceConfig' missing); add \"serviceConfig\": {...}");
            ss.error = "key 'serviceConfig' missing in choice " + path;
            break;
          default:
            Report("TXT035", Severity::kWarning, r, ai, "", "a choice without serviceConfig: " + std::string(Profiles().Name(p)) +
                  " skips it; add \"serviceConfig\": {...}");
            break;
        }
        (void)sc_key;
      } else {
        ss.present = true;
        if (!sc->is_map()) {
          Report("TXT036", Severity::kError, sc->range(), ai, "", std::string("serviceConfig is a ") +
                sc->kind_name() + ", it must be an object");
          if (p == ProfileId::kJava) ss.error = sink.field_path() + " is not object";
          else if (p == ProfileId::kGo) out.config_error = "json: cannot unmarshal " + std::string(sc->kind_name()) + " into a service config";
          else Fatal("field:" + sink.field_path() + " error:is not an object");
        } else {
          out.service_config = sc;
          out.service_config_json = std::make_shared<const nlohmann::ordered_json>(sc->ToOrderedJson());
          out.service_config_lines =
              std::make_shared<const std::vector<ConfigLine>>(ConfigTree(*out.service_config_json, "serviceConfig"));
          // Ranges in the attribute's coordinates, located by Report; each path is the open
          // scope's (the checker's base) and what the checker scoped below it.
          const std::string base = sink.field_path();
          doc::DiagnosticSink in_attribute;
          out.config_error = ValidateServiceConfig(*sc, p, base, in_attribute, &out.lb_fallback);
          for (const doc::Diagnostic& x : in_attribute.list())
            Report(x.code, x.severity, x.range, ai, x.path.substr(base.size()), x.message);
        }
      }
      switch (p) {
        case ProfileId::kCore: out.stages = {ls, hs, ps, ss}; break;
        case ProfileId::kJava: out.stages = {keys, ls, ps, hs, ss}; break;
        case ProfileId::kGo: out.stages = {ls, ps, hs, ss}; break;
        case ProfileId::kA2: out.stages = {ls, hs, ps, ss}; break;
      }
      c.choices.push_back(std::move(out));
    }
  }

  // True when this choice is selected for every client and every draw.
  bool AlwaysMatches(const Choice& ch) const {
    for (const Stage& s : ch.stages) {
      if (!s.error.empty()) return false;
      if (s.what == Criterion::kServiceConfig) {
        if (!s.present) return false;
        continue;
      }
      if (!s.present) continue;
      if (s.what != Criterion::kPercentage) return false;
      double pc = s.pct;
      bool all = p == ProfileId::kCore ? pc >= 99 : pc >= 100;
      if (!all) return false;
    }
    return true;
  }

  static bool HasPercentage(const Choice& ch) {
    return std::any_of(ch.stages.begin(), ch.stages.end(),
                       [](const Stage& s) { return s.what == Criterion::kPercentage && s.present; });
  }

  void DeadChoices() {
    if (!c.global_error.empty()) return;
    for (size_t i = 0; i < c.choices.size(); ++i) {
      if (!AlwaysMatches(c.choices[i])) continue;
      for (size_t j = i + 1; j < c.choices.size(); ++j) {
        const Choice& d = c.choices[j];
        Scope item(&sink, "[" + std::to_string(d.index) + "]");
        Report("TXT038", Severity::kWarning, d.node->range(), d.attribute, "",
              "choice " + std::to_string(d.index) + " is never selected by " + Profiles().Name(p) + ": choice " +
              std::to_string(i) + " before it matches every client" +
              (p == ProfileId::kCore && HasPercentage(c.choices[i]) ? " (percentage 99 and up is every draw in grpc-core)" : "") +
              "; move it up or narrow choice " + std::to_string(i))
            .Relate(a.source.get(), In(c.choices[i].node->range(), c.choices[i].attribute),
                    "choice " + std::to_string(i) + " matches every client");
      }
      break;
    }
  }
};

// Every owner name that carries the attribute: a zone (or a dig of several names) can publish
// service configs for several hosts; each is a separate query for a gRPC client.
void CollectNames(CompiledRecords& a) {
  for (const TxtRecord& r : a.records.records) {
    if (!r.has_prefix()) continue;
    bool seen = std::any_of(a.names.begin(), a.names.end(), [&](const Name& n) { return n.key == r.owner_key; });
    if (!seen) a.names.push_back({r.owner, r.owner_key, r.owner_range.empty() ? r.range : r.owner_range});
  }
}

// The owner gRPC would have queried: the chosen name, else the name of the first record
// carrying the attribute. Returns the index of that first record, -1 when none.
int FindQueryRecord(const CompiledRecords& a, std::string_view name, bool exact_key, doc::DiagnosticSink& sink) {
  const auto& recs = a.records.records;
  std::string wanted_key;
  bool wanted = false;  // wanted_key names the owner (it may be the empty key of raw strings)
  if (exact_key) {
    wanted_key = std::string(name);
    wanted = true;
  } else if (!name.empty()) {
    for (const Name& n : a.names)
      if (NameMatches(name, n.key)) {
        wanted_key = n.key;
        wanted = true;
        break;
      }
    if (!wanted && !a.names.empty()) {
      std::string list;
      for (const Name& n : a.names) list += (list.empty() ? "" : ", ") + (n.owner.empty() ? std::string("(raw strings)") : Printable(n.owner));
      sink.Error("TXT019", {0, 0}, "no grpc_config record on '" + Printable(std::string(name)) + "'; the names with one are: " + list +
                 " (pass one of them with --name)");
    }
  }
  int first = -1;
  for (size_t i = 0; i < recs.size(); ++i)
    if (recs[i].has_prefix() && (!wanted || recs[i].owner_key == wanted_key)) {
      first = static_cast<int>(i);
      break;
    }
  return first;
}

// An attribute name that is almost grpc_config (any name of the source: in a zone with several
// names the misspelt one is not the evaluated one).
void CheckAttributeNames(const std::vector<TxtRecord>& recs, doc::DiagnosticSink& sink) {
  for (const TxtRecord& r : recs) {
    if (r.has_prefix()) continue;
    {
      std::string l = Lower(r.value.bytes.substr(0, 40));
      size_t eq = l.find('=');
      std::string name = eq == std::string::npos ? "" : l.substr(0, eq);
      while (!name.empty() && name.back() == ' ') name.pop_back();
      if (name == "grpc_config" || (!name.empty() && Distance(name, "grpc_config") <= 2)) {
        sink.Warning("TXT014", r.strings.empty() ? r.range : r.strings[0].range,
                     "the record starts with '" + r.value.bytes.substr(0, eq + 1) + "', not 'grpc_config=': every gRPC "
                     "implementation compares the attribute name exactly (lower case, no spaces); write grpc_config=");
      }
    }
  }
}

// The owner queried (CompiledRecords::query_owner, query_name) and the problems of its records: no
// grpc_config record, a bare host, other names' records, a second record, a split prefix.
void CheckQueryRecords(CompiledRecords& a, int first, doc::DiagnosticSink& sink) {
  const auto& recs = a.records.records;
  if (first < 0) {
    if (!recs.empty())
      sink.Warning("TXT010", recs[0].range, "no TXT record starts with grpc_config=, so no client gets a service config "
                   "from this name; prefix the record with grpc_config=");
  } else {
    const TxtRecord& fr = recs[static_cast<size_t>(first)];
    a.query_owner = fr.owner_key;
    a.query_name = fr.owner;
    if (!fr.owner_key.empty() && fr.owner_key.rfind(std::string(kQueryPrefix), 0) != 0)
      sink.Warning("TXT008", fr.owner_range, "gRPC looks up TXT records on _grpc_config." + fr.owner_key +
                   ", not on '" + fr.owner + "' (the A2 example puts it on the bare host); rename the owner to _grpc_config." +
                   fr.owner);
    int others = 0, with_prefix = 0;
    for (size_t i = 0; i < recs.size(); ++i) {
      const TxtRecord& r = recs[i];
      if (r.owner_key != a.query_owner) {
        // Another name with a grpc_config record is evaluated on its own (CompiledRecords::names).
        bool evaluated = std::any_of(a.names.begin(), a.names.end(), [&](const Name& n) { return n.key == r.owner_key; });
        if (!evaluated && others++ == 0)
          sink.Note("TXT009", r.owner_range.empty() ? r.range : r.owner_range, "records on '" + r.owner +
                    "' are not on the name the config was found on (" + fr.owner + ") and are not read");
        continue;
      }
      if (r.has_prefix()) {
        if (++with_prefix == 2)
          sink.Warning("TXT012", r.range, "a second grpc_config record on the same name: grpc-core reads only the first, "
                       "grpc-java appends its choices, grpc-go concatenates every record (invalid JSON); publish one record");
        if (!r.first_string_has_prefix())
          sink.Warning("TXT011", r.strings[0].range, "grpc_config= is split across strings: grpc-core compares the prefix "
                       "with the first string only and does not see this record; start the first string with the whole prefix");
      }
    }
  }
}

// The attributes profile `p` reads from the queried name's records (`mine`), as each
// implementation picks them: grpc-core the first whose first string has the prefix, a2 the first
// with the prefix, grpc-java every one, grpc-go all records concatenated.
void ReadAttributes(ProfileId p, Compiled& c, Builder& b, const std::vector<TxtRecord>& recs, const std::vector<int>& mine) {
  auto add = [&](const MappedText& value, std::vector<int> from) {
    Attribute at;
    at.json = Slice(value, kAttributePrefix.size());
    at.records = std::move(from);
    TextMemo::Entry& seen = b.memo.Of(at.json.bytes);
    if (!seen.pretty) {
      nlohmann::ordered_json j = nlohmann::ordered_json::parse(at.json.bytes, nullptr, false);
      seen.pretty = j.is_discarded() ? at.json.bytes : doc::JsonText(j, 2);
    }
    at.pretty = *seen.pretty;
    c.attributes.push_back(std::move(at));
  };
  switch (p) {
    case ProfileId::kCore:
      for (int i : mine)
        if (recs[static_cast<size_t>(i)].first_string_has_prefix()) {
          add(recs[static_cast<size_t>(i)].value, {i});
          c.notes.push_back("grpc-core reads record " + std::to_string(i) + ", the first whose first string starts with grpc_config=");
          break;
        }
      break;
    case ProfileId::kA2:
      for (int i : mine)
        if (recs[static_cast<size_t>(i)].has_prefix()) {
          add(recs[static_cast<size_t>(i)].value, {i});
          c.notes.push_back("a2 reads record " + std::to_string(i) + ", the record with the grpc_config attribute");
          break;
        }
      break;
    case ProfileId::kJava:
      for (int i : mine)
        if (recs[static_cast<size_t>(i)].has_prefix()) {
          add(recs[static_cast<size_t>(i)].value, {i});
          c.notes.push_back("grpc-java reads record " + std::to_string(i) + " (every record starting with grpc_config=)");
        }
      break;
    case ProfileId::kGo: {
      if (mine.empty()) break;
      MappedText all;
      for (int i : mine) {
        if (all.origin.empty()) all = recs[static_cast<size_t>(i)].value;
        else all.Append(recs[static_cast<size_t>(i)].value);
      }
      if (all.bytes.compare(0, kAttributePrefix.size(), kAttributePrefix) == 0) {
        add(all, mine);
        c.notes.push_back("grpc-go concatenates all " + std::to_string(mine.size()) + " TXT records of the name");
        if (mine.size() > 1)
          b.Report("TXT013", Severity::kWarning, {0, 1}, 0, "", std::to_string(mine.size()) + " TXT records on this name: "
                  "grpc-go concatenates them all before parsing, so the JSON is followed by the other records' text; "
                  "keep only the grpc_config record on _grpc_config names");
      } else {
        c.notes.push_back("grpc-go concatenates the TXT records; the result does not start with grpc_config=");
        const TxtRecord& r0 = recs[static_cast<size_t>(mine[0])];
        b.Report("TXT013", Severity::kWarning, {0, 1}, -1, "",
                 "grpc-go concatenates all TXT records of the name and the first ('" + r0.value.bytes.substr(0, 20) +
                     "...') is not the grpc_config record, so grpc-go finds no service config; remove the other "
                     "records from this name");
      }
      break;
    }
  }
}

// One profile's compilation: its attributes, their JSON and choices, the dead choices.
void CompileProfile(ProfileId p, Compiled& c, CompiledRecords& a, const std::vector<int>& mine, TextMemo& memo) {
  c.profile = p;
  Builder b{p, c, a, memo};
  ReadAttributes(p, c, b, a.records.records, mine);
  c.found = !c.attributes.empty();
  for (size_t i = 0; i < c.attributes.size(); ++i) {
    b.Json(static_cast<int>(i));
    b.Choices(static_cast<int>(i));
  }
  if (!c.global_error.empty()) {
    // A failing list selects nothing: keep the issues, drop the choices.
    c.choices.clear();
  }
  b.DeadChoices();
  c.diagnostics = std::move(b.sink.list());
}

}  // namespace

// The stages: parse the records, find the names and the queried one, check the records, then
// compile each profile's view of them.
CompiledRecords Compile(doc::SourcePtr source, std::string_view name, bool exact_key, bool empty_explained) {
  CountModelBuild();
  CompiledRecords a;
  a.source = source;
  doc::DiagnosticSink sink(source.get());
  a.records = ParseRecords(*source, sink);
  const auto& recs = a.records.records;
  if (recs.empty() && !sink.has_errors() && !empty_explained)
    sink.Warning("TXT015", {0, 0}, "no TXT record found; give dig output (the ANSWER section), zone-file lines "
                 "(name 3600 IN TXT \"grpc_config=[...]\") or quoted strings");
  CollectNames(a);
  const int first = FindQueryRecord(a, name, exact_key, sink);
  CheckAttributeNames(recs, sink);
  CheckQueryRecords(a, first, sink);
  a.record_diagnostics = sink.list();

  std::vector<int> mine;
  for (size_t i = 0; i < recs.size(); ++i)
    if (first >= 0 && recs[i].owner_key == a.query_owner) mine.push_back(static_cast<int>(i));
  TextMemo memo;
  for (const auto& entry : Profiles().entries())
    CompileProfile(entry.id, a.profiles[static_cast<int>(entry.id)], a, mine, memo);
  return a;
}

std::vector<doc::Diagnostic> ProfileDiagnostics(const CompiledRecords& a, ProfileId p) {
  std::vector<doc::Diagnostic> out = a.record_diagnostics;
  const Compiled& c = a.of(p);
  out.insert(out.end(), c.diagnostics.begin(), c.diagnostics.end());
  for (doc::Diagnostic& d : out) d.message = Printable(d.message);
  doc::SortDiagnostics(out);
  return out;
}
}  // namespace cfgi::txt
