// app/gui/app_internal.h: helpers shared by the files that implement App (app*.cpp, panel_*.cpp).
// Not for views: they talk to the shell through ViewContext (views/view.h).
#pragma once

#include <string>

#include "app/platform/platform.h"

#ifndef CFGI_VERSION
#define CFGI_VERSION "0"
#endif

namespace cfgi::gui {

// The file name of a path ("a/b.yaml" -> "b.yaml"); the path itself when it has no '/'.
inline std::string BaseName(const std::string& p) {
  size_t slash = p.rfind('/');
  return slash == std::string::npos ? p : p.substr(slash + 1);
}

// The directory of a path ("a/b.yaml" -> "a"); empty when it has no '/'.
inline std::string DirName(const std::string& p) {
  size_t slash = p.rfind('/');
  return slash == std::string::npos ? std::string() : p.substr(0, slash);
}

// The label of the close-document shortcut: the browser keeps Ctrl+W (web: Alt+W).
inline const char* CloseKeyLabel() { return platform::BrowserOwnsTabShortcuts() ? "Alt+W" : "Ctrl+W"; }

}  // namespace cfgi::gui
