// app/gui/views/txt/txt_config.h: the txt view's Config tab body: every profile's service config as
// one tree with a column per profile (the rows txt::MergeConfigTrees made when the results
// arrived), the rows where the profiles differ marked ⇄ (as the policy view marks a leaf whose
// other profile ends elsewhere). Values are one line each, never broken inside a word; the whole
// value on hover.
#pragma once

#include <vector>

#include "core/txt/txt_config_tree.h"

namespace cfgi::gui::txt_config {

// Draws `rows` into the current table: column 0 the tree (keys, ⇄ on a differing row or a
// folded container holding one), columns 1..N each tree's value. Returns the rows drawn.
size_t DrawRows(const std::vector<txt::ConfigRow>& rows);

// The width, in font sizes, the table needs to show every key (indented) and every value whole
// (a stretched column shares what is left); capped at 160.
float MinWidthEm(const std::vector<txt::ConfigRow>& rows);

// How many rows differ (the ⇄ count the tab's header shows).
size_t CountDiffering(const std::vector<txt::ConfigRow>& rows);

}  // namespace cfgi::gui::txt_config
