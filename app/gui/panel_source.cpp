// App: the SOURCE panel (the editor itself is SourceView, source_view.h) and saving the file it
// shows (Ctrl+S; downloaded on the web).
#include <algorithm>
#include <string>

#include "app/gui/app.h"
#include "app/gui/app_internal.h"
#include "app/gui/theme.h"

namespace cfgi::gui {

void App::DrawSource() {
  OpenDocument* d = active_doc();
  if (theme::PanelHeader("SOURCE", d ? d->files()[std::min(static_cast<size_t>(source_view_.file()), d->files().size() - 1)].name.c_str() : nullptr,
                         "\u25be", "Fold the Problems and Source panels away (View menu brings them back)"))
    show_bottom_ = false;
  if (!d) return;
  source_view_.Draw(*d, platform::Now());
}

// Saves the file shown in the Source panel; where the app has no file system (web) it is
// downloaded instead.
void App::SaveSource() {
  OpenDocument* d = active_doc();
  if (!d) return;
  int f = source_view_.file();
  const SourceFile& sf = d->files()[static_cast<size_t>(f)];
  if (!sf.editable) return;
  if (!platform::HasFileSystem()) {
    std::string name = BaseName(sf.name);
    platform::SaveAs("", name, sf.SavedText(), [this, d, f](bool ok, std::string where) {
      if (ok) d->MarkSaved(f);
      status_ = std::string(ok ? theme::kIconOk : theme::kIconError) + (ok ? " downloaded " : " cannot download ") + where;
      status_until_ = platform::Now() + 4;
    });
    return;
  }
  if (!sf.dirty) return;
  if (platform::WriteFile(sf.name, sf.SavedText())) {
    d->MarkSaved(f);
    status_ = std::string(theme::kIconOk) + " saved " + sf.name;
  } else {
    status_ = std::string(theme::kIconError) + " cannot write " + sf.name;
  }
  status_until_ = platform::Now() + 4;
}

}  // namespace cfgi::gui
