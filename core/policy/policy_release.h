// Kuma releases the policy engine's profiles follow. Each policy profile
// (core/policy/policy_rules.cpp Profiles()) follows one Kuma release; the release decides the
// rule-building semantics (inbound rules, sort order, KRI keys) and the typed schema.
#pragma once

namespace cfgi::policy {

enum class Profile;

enum class KumaRelease { k2_10, k2_13, k2_14, k3_0 };

// "2.10", "2.13", "2.14", "3.0-preview".
const char* ReleaseName(KumaRelease r);

// The Kuma release a policy profile follows (madr follows 2.10's rule building).
KumaRelease ReleaseOf(Profile p);

}  // namespace cfgi::policy
