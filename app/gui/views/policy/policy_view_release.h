// app/gui/views/policy/policy_view_release.h: the policy view's Kuma-release parts, apart
// from policy_view.cpp: the profile's release line, the label of a 2.12+ listed inbound rule
// (its order and match), the MeshTrafficPermission RBAC matcher table and the comparison's
// upgrade notes. They draw typed results and the texts the worker made (policy_texts.h) only.
#pragma once

#include <string>

#include "core/engine/compare.h"
#include "core/policy/policy_rules.h"

namespace cfgi::gui {

struct PolicyTexts;  // policy/policy_texts.h

// "Kuma 2.14 (follows v2.14.3 ...)" for a Kuma profile, "the MADR" for madr.
std::string PolicyReleaseText(policy::Profile p);
// A listed inbound rule's label: "http #1  spiffeID Exact spiffe://..." or "{every client}".
std::string ListedInboundLabel(const policy::InboundRule& r, size_t order, const PolicyTexts& texts);
// MeshTrafficPermission 2.12+: Envoy's matcher order (every Deny first); nothing when empty.
void DrawRbacMatchers(const policy::TypeRules& t, const PolicyTexts& texts);
// The comparison's sentences (Comparison::notes): the upgrade report between Kuma releases.
void DrawComparisonNotes(const Comparison& c);

}  // namespace cfgi::gui
