// core/engine/dead_config.h: the dead-configuration lints of every engine (docs/DESIGN "dead
// configuration": entries that can never take effect), as one list, and the suppression of them
// that the app's per-document switch "Hide dead-configuration lints" applies through the one
// suppression mechanism (core/doc/suppress.h, InspectOptions::suppressions).
//
//   InspectOptions o;
//   if (hide_dead) o.suppressions = DeadConfigurationSuppressions();
#pragma once

#include <string>
#include <vector>

#include "core/doc/suppress.h"

namespace cfgi {

// VAR106, VAR107 (variants), MAT016 (matcher), TXT038 (txt), POL018 (policy), TGT022 (targeting).
const std::vector<std::string>& DeadConfigurationCodes();

// One suppression per code, origin kApp, without the unused note (a document without dead
// configuration is the usual case).
std::vector<doc::Suppression> DeadConfigurationSuppressions();

}  // namespace cfgi
