// core/variants/scenario_edit.cpp: AddSubscriptions, a text edit located with the YAML tree's
// ranges (core/doc/load.h).
#include "core/variants/scenario_edit.h"

#include <cctype>

#include <nlohmann/json.hpp>

#include "core/doc/load.h"

namespace cfgi::variants {

namespace {

// A scalar as YAML reads it back as the same string: plain when it is a simple word that YAML
// does not take for another type, else double-quoted (JSON escaping is valid YAML).
std::string Scalar(const std::string& s) {
  static const char* kTyped[] = {"true", "false", "yes", "no", "on", "off", "null", "~", "y", "n"};
  bool plain = !s.empty();
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.' || c == '/')) plain = false;
  if (plain && (std::isdigit(static_cast<unsigned char>(s[0])) || s[0] == '-' || s[0] == '.')) plain = false;
  if (plain) {
    std::string lower;
    for (char c : s) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (const char* t : kTyped)
      if (lower == t) plain = false;
  }
  return plain ? s : nlohmann::json(s).dump();
}

std::string FlowParams(const Params& p) {
  std::string out = "{";
  for (const auto& [k, v] : p) out += (out.size() > 1 ? ", " : "") + Scalar(k) + ": " + Scalar(v);
  return out + "}";
}

// The offset just past the end of the line holding `offset` (after its '\n'), or the text's size.
size_t LineEnd(std::string_view text, size_t offset) {
  size_t nl = text.find('\n', offset);
  return nl == std::string_view::npos ? text.size() : nl + 1;
}

size_t LineStart(std::string_view text, size_t offset) {
  size_t nl = offset == 0 ? std::string_view::npos : text.rfind('\n', offset - 1);
  return nl == std::string_view::npos ? 0 : nl + 1;
}

// The spaces before `offset` on its line, when only spaces precede it there (a block item or
// key); nullopt otherwise.
bool IndentOf(std::string_view text, size_t offset, std::string* indent) {
  size_t start = LineStart(text, offset);
  for (size_t i = start; i < offset; ++i)
    if (text[i] != ' ') return false;
  *indent = std::string(offset - start, ' ');
  return true;
}

// The offset where an insertion after node `n` goes: the start of the line after its last byte.
size_t After(std::string_view text, const doc::Node& n) {
  size_t end = n.range().end;
  if (end > 0 && end <= text.size() && text[end - 1] == '\n') return end;
  return LineEnd(text, end == 0 ? 0 : end - 1);
}

}  // namespace

std::string SubscriptionYaml(const NewSubscription& s) {
  if (s.name.empty() && s.resources.empty()) return FlowParams(s.params);
  std::string out = "{params: " + FlowParams(s.params);
  if (!s.name.empty()) out += ", name: " + Scalar(s.name);
  if (!s.resources.empty()) {
    out += ", resources: [";
    for (size_t i = 0; i < s.resources.size(); ++i) out += (i ? ", " : "") + Scalar(s.resources[i]);
    out += "]";
  }
  return out + "}";
}

ScenarioEdit AddSubscriptions(std::string_view text, const std::vector<NewSubscription>& subs) {
  ScenarioEdit e;
  if (subs.empty()) {
    e.text = std::string(text);
    return e;
  }
  size_t first = text.find_first_not_of(" \t\r\n");
  if (first != std::string_view::npos && (text[first] == '{' || text[first] == '[')) {
    e.error = "the scenario is written as JSON; add the subscriptions to inputs.subscriptions by hand";
    return e;
  }
  doc::Document d = doc::LoadDocument("scenario.yaml", std::string(text));
  for (const doc::Diagnostic& x : d.diagnostics)
    if (x.severity == doc::Severity::kError) {
      e.error = "the scenario does not parse (" + x.code + " at line " + std::to_string(x.begin.line) +
                "); fix it in the Source panel first";
      return e;
    }
  const doc::Node* root = d.root();
  if (root && !root->is_map()) {
    e.error = "the scenario is not a map of keys; it cannot hold inputs.subscriptions";
    return e;
  }
  std::string out(text);
  const doc::Node* inputs = root ? root->Get("inputs") : nullptr;
  const doc::Node* list = inputs && inputs->is_map() ? inputs->Get("subscriptions") : nullptr;
  std::string indent, block;
  if (list && list->is_seq() && !list->items().empty()) {
    const doc::Node& item0 = list->items().front();
    // A block item's range starts after "- ": the indentation is what precedes the dash.
    size_t dash = text.rfind('-', item0.range().begin);
    if (text[list->range().begin] == '[' || dash == std::string_view::npos || !IndentOf(text, dash, &indent)) {
      e.error = "inputs.subscriptions is a flow list ([...]); write it as a block list (one \"- \" item per line) to "
                "add to it";
      return e;
    }
    for (const NewSubscription& s : subs) block += indent + "- " + SubscriptionYaml(s) + "\n";
    size_t at = After(text, list->items().back());
    if (at == text.size() && !out.empty() && out.back() != '\n') block = "\n" + block;
    out.insert(at, block);
  } else if (list && !(list->is_null() || (list->is_seq() && list->items().empty()))) {
    e.error = "inputs.subscriptions is not a list; make it a list of parameter maps";
    return e;
  } else if (inputs && inputs->is_map() && !inputs->entries().empty()) {
    const doc::Node::Entry& k0 = inputs->entries().front();
    if (!IndentOf(text, k0.key_range.begin, &indent) || text[inputs->range().begin] == '{') {
      e.error = "inputs is a flow map ({...}); write it as a block map (one key per line) to add subscriptions";
      return e;
    }
    if (list) {  // `subscriptions:` with no items, or `[]`: replace that entry's value line
      const doc::Node::Entry* entry = inputs->GetEntry("subscriptions");
      size_t start = LineStart(text, entry->key_range.begin);
      size_t end = LineEnd(text, list->range().end > entry->key_range.end ? list->range().end - 1 : entry->key_range.end);
      out.erase(start, end - start);
      block = indent + "subscriptions:\n";
      for (const NewSubscription& s : subs) block += indent + "  - " + SubscriptionYaml(s) + "\n";
      out.insert(start, block);
    } else {
      block = indent + "subscriptions:\n";
      for (const NewSubscription& s : subs) block += indent + "  - " + SubscriptionYaml(s) + "\n";
      size_t at = After(text, inputs->entries().back().value);
      if (at == text.size() && !out.empty() && out.back() != '\n') block = "\n" + block;
      out.insert(at, block);
    }
  } else if (inputs && !(inputs->is_null() || (inputs->is_map() && inputs->entries().empty()))) {
    e.error = "inputs is not a map; make it a map with a subscriptions list";
    return e;
  } else {
    if (inputs) {
      e.error = "inputs is empty; add \"subscriptions:\" under it, or remove it, then save again";
      return e;
    }
    block = "inputs:\n  subscriptions:\n";
    for (const NewSubscription& s : subs) block += "    - " + SubscriptionYaml(s) + "\n";
    if (!out.empty() && out.back() != '\n') out += "\n";
    out += block;
  }
  e.text = std::move(out);
  return e;
}

}  // namespace cfgi::variants
