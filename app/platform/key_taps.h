// Keeps quick key taps for Dear ImGui 1.86 (both platforms use its GLFW backend).
//
// ImGui 1.86 has no input queue: its GLFW backend writes io.KeysDown[] from the key callback and
// a frame reads it. A key pressed and released between two frames (a fast tap on a busy machine,
// a synthesized Ctrl+E from a browser test, xdotool) is never seen down, so its shortcut is lost.
// 1.87 added an event queue for this (imgui.cpp, "ImGuiInputEvent"); Debian ships 1.86.
//
// KeyTaps sits in front of the backend's key callback: a release of a key that went down since
// the last frame started is held back and delivered after that frame, so every press is seen by
// at least one frame. Order between keys is kept.
#pragma once

struct GLFWwindow;

namespace cfgi::platform {

// Call after ImGui_ImplGlfw_InitForOpenGL(window, /*install_callbacks=*/true).
void InstallKeyTaps(GLFWwindow* window);
// Call after each frame's ImGui::NewFrame() and the app's frame: delivers held-back releases.
void KeyTapsAfterFrame();

}  // namespace cfgi::platform
