#include "app/platform/key_taps.h"

#include <GLFW/glfw3.h>
#include <imgui.h>
#if __has_include(<backends/imgui_impl_glfw.h>)
#include <backends/imgui_impl_glfw.h>  // Debian's libimgui-dev
#else
#include <imgui_impl_glfw.h>  // the web build's dependency prefix
#endif

namespace cfgi::platform {
namespace {

static_assert(KeyTapFilter::kPress == GLFW_PRESS && KeyTapFilter::kRelease == GLFW_RELEASE);

struct Taps {
  GLFWwindow* window = nullptr;
  GLFWkeyfun backend = nullptr;  // ImGui's callback (it calls the one installed before it)
  KeyTapFilter filter;
};

Taps& T() {
  static Taps t;
  return t;
}

void OnKey(GLFWwindow* window, int key, int scancode, int action, int mods) {
  Taps& t = T();
  if (t.filter.Admit({key, scancode, action, mods}) && t.backend) t.backend(window, key, scancode, action, mods);
}

}  // namespace

void InstallKeyTaps(GLFWwindow* window) {
  T().window = window;
  T().backend = glfwSetKeyCallback(window, OnKey);
}

void KeyTapsAfterFrame() {
  Taps& t = T();
  for (const KeyEvent& e : t.filter.EndFrame())
    if (t.backend) t.backend(t.window, e.key, e.scancode, e.action, e.mods);
}

}  // namespace cfgi::platform
