// app/engines/engine_list.h: the one list that names every engine, in the engines' order
// (docs/architecture.md). Each part of the apps that has something per engine expands it:
//   registry.cpp               cfgi::Engines():      &Get<Name>Engine()
//   app/gui/views/views.cpp    the views:            Create<Name>View(), Build<Name>Rows()
//   app/cli/render_text.cpp    the CLI's text:       text::Render<Name>Text()
// so a new engine is one line here plus those functions (the linker names any one missing).
// X(name, Name): `name` is Engine::name(); `Name` prefixes the parts' functions. The document
// engine, the fallback for any other document, is not in the list: it has no view, no text
// renderer of its own and comes last in Engines().
#pragma once

#define CFGI_FOR_EACH_ENGINE(X) \
  X(variants, Variants)         \
  X(matcher, Matcher)           \
  X(txt, Txt)                   \
  X(policy, Policy)             \
  X(targeting, Targeting)
