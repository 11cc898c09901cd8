#include "core/policy/policy_release.h"

#include "core/policy/policy_rules.h"

namespace cfgi::policy {

const char* ReleaseName(KumaRelease r) {
  switch (r) {
    case KumaRelease::k2_10: return "2.10";
    case KumaRelease::k2_13: return "2.13";
    case KumaRelease::k2_14: return "2.14";
    case KumaRelease::k3_0: return "3.0-preview";
  }
  return "2.14";
}

KumaRelease ReleaseOf(Profile p) {
  switch (p) {
    case Profile::kKuma214: return KumaRelease::k2_14;
    case Profile::kKuma213: return KumaRelease::k2_13;
    case Profile::kKuma210: return KumaRelease::k2_10;
    case Profile::kKuma30: return KumaRelease::k3_0;
    case Profile::kMadr: return KumaRelease::k2_10;  // the MADR predates the 2.12 rule changes
  }
  return KumaRelease::k2_14;
}

}  // namespace cfgi::policy
