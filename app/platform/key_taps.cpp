#include "app/platform/key_taps.h"

#include <GLFW/glfw3.h>
#include <imgui.h>
#if __has_include(<backends/imgui_impl_glfw.h>)
#include <backends/imgui_impl_glfw.h>  // Debian's libimgui-dev
#else
#include <imgui_impl_glfw.h>  // the web build's dependency prefix
#endif

#include <vector>

namespace cfgi::platform {
namespace {

struct Release {
  GLFWwindow* window;
  int key, scancode, mods;
};

struct Taps {
  GLFWkeyfun backend = nullptr;      // ImGui's callback (it calls the one installed before it)
  std::vector<int> down_this_frame;  // keys that went down since the last frame started
  std::vector<Release> held;         // releases to deliver after the frame
};

Taps& T() {
  static Taps t;
  return t;
}

bool Contains(const std::vector<int>& v, int key) {
  for (int k : v)
    if (k == key) return true;
  return false;
}

void OnKey(GLFWwindow* window, int key, int scancode, int action, int mods) {
  Taps& t = T();
  if (action == GLFW_PRESS) {
    if (!Contains(t.down_this_frame, key)) t.down_this_frame.push_back(key);
  } else if (action == GLFW_RELEASE && (Contains(t.down_this_frame, key) || !t.held.empty())) {
    // Held: no frame has seen the key down yet, or an earlier release is held (keep the order).
    t.held.push_back({window, key, scancode, mods});
    return;
  }
  if (t.backend) t.backend(window, key, scancode, action, mods);
}

}  // namespace

void InstallKeyTaps(GLFWwindow* window) { T().backend = glfwSetKeyCallback(window, OnKey); }

void KeyTapsAfterFrame() {
  Taps& t = T();
  t.down_this_frame.clear();
  std::vector<Release> held;
  held.swap(t.held);
  for (const Release& r : held)
    if (t.backend) t.backend(r.window, r.key, r.scancode, GLFW_RELEASE, r.mods);
}

}  // namespace cfgi::platform
