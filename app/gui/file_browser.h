// app/gui/file_browser.h: the in-app file browser for File > Open and File > Export (Debian has no
// native dialog library; the web build uses the browser's picker through platform.h instead).
// A modal listing directories and files with std::filesystem; multi-select with Ctrl / Shift.
//
//   browser.OpenForOpen(start_dir, [&](std::vector<std::string> paths) { ... });
//   browser.OpenForSave(start_dir, "result.json", [&](std::vector<std::string> p) { ... });
//   browser.Draw();   // every frame
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace cfgi::gui {

class FileBrowser {
 public:
  using Done = std::function<void(std::vector<std::string> paths)>;

  void OpenForOpen(const std::string& dir, Done done);
  void OpenForSave(const std::string& dir, const std::string& file_name, Done done);
  void Draw();
  bool visible() const { return open_; }
  // The test hook's view of the dialog (--dump-state "open_dialog"): whether it is open, its
  // directory and the rows it lists (name, and a scenario's title and engine).
  nlohmann::ordered_json StateJson() const;
  // The directory last browsed (to start there next time).
  const std::string& dir() const { return dir_; }

 private:
  struct Entry {
    std::string name;
    bool is_dir = false;
    uintmax_t size = 0;
    bool config = false;  // a format Config Inspector reads
    // A scenario's (`*.scenario.yaml`) `title` and `engine` keys, read when the directory is
    // listed; empty for other files.
    std::string title, engine;
  };
  void List(const std::string& dir);
  static void ReadScenarioHeader(const std::string& path, Entry* e);
  void Finish(std::vector<std::string> paths);

  bool open_ = false, request_open_ = false, save_ = false;
  bool only_configs_ = true, show_hidden_ = false;
  std::string dir_, error_;
  char path_buf_[1024] = {};
  char name_buf_[256] = {};
  std::vector<Entry> entries_;
  std::vector<bool> selected_;
  int last_clicked_ = -1;
  Done done_;
};

}  // namespace cfgi::gui
