// Keeps quick key taps for Dear ImGui 1.86 (both platforms use its GLFW backend).
//
// ImGui 1.86 has no input queue: its GLFW backend writes io.KeysDown[] from the key callback and
// a frame reads it. A key pressed and released between two frames (a fast tap on a busy machine,
// a synthesized Ctrl+E from a browser test, xdotool) is never seen down, so its shortcut is lost.
// 1.87 added an event queue for this (imgui.cpp, "ImGuiInputEvent"); Debian ships 1.86.
//
// KeyTapFilter sits in front of the backend's key callback: a release of a key that went down
// since the last frame started is held back and delivered after that frame, so every press is
// seen by at least one frame. Once a release is held, later releases queue behind it, so the
// order between keys is kept. It knows nothing of GLFW beyond the two action values.
#pragma once

#include <algorithm>
#include <vector>

struct GLFWwindow;

namespace cfgi::platform {

struct KeyEvent {
  int key = 0, scancode = 0, action = 0, mods = 0;  // GLFW's values (GLFW_PRESS = 1, GLFW_RELEASE = 0)
};

class KeyTapFilter {
 public:
  static constexpr int kRelease = 0, kPress = 1;  // GLFW_RELEASE, GLFW_PRESS

  // True: deliver the event now. False: it is held until EndFrame.
  bool Admit(const KeyEvent& e) {
    if (e.action == kPress) {
      if (std::find(down_.begin(), down_.end(), e.key) == down_.end()) down_.push_back(e.key);
    } else if (e.action == kRelease &&
               (!held_.empty() || std::find(down_.begin(), down_.end(), e.key) != down_.end())) {
      held_.push_back(e);
      return false;
    }
    return true;
  }

  // Call after a frame has read the key state: returns the held releases, oldest first, to deliver
  // now, and starts the next frame.
  std::vector<KeyEvent> EndFrame() {
    down_.clear();
    std::vector<KeyEvent> out;
    out.swap(held_);
    return out;
  }

 private:
  std::vector<int> down_;       // keys that went down since the frame started
  std::vector<KeyEvent> held_;  // releases to deliver after the frame
};

// Call after ImGui_ImplGlfw_InitForOpenGL(window, /*install_callbacks=*/true).
void InstallKeyTaps(GLFWwindow* window);
// Call after each frame's ImGui::NewFrame() and the app's frame: delivers held-back releases.
void KeyTapsAfterFrame();

}  // namespace cfgi::platform
