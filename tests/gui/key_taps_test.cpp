// KeyTapFilter (app/platform/key_taps.h): a key tapped between two frames is seen down by one
// frame, and releases keep their order.
#include "app/platform/key_taps.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace cfgi::platform {
namespace {

constexpr int kCtrl = 341, kE = 69, kS = 83;  // GLFW_KEY_LEFT_CONTROL, GLFW_KEY_E, GLFW_KEY_S

KeyEvent Press(int key) { return {key, 0, KeyTapFilter::kPress, 0}; }
KeyEvent Release(int key) { return {key, 0, KeyTapFilter::kRelease, 0}; }

std::vector<int> Keys(const std::vector<KeyEvent>& v) {
  std::vector<int> out;
  for (const KeyEvent& e : v) out.push_back(e.key);
  return out;
}

TEST(KeyTapFilter, ATapBetweenTwoFramesIsReleasedAfterTheNextFrame) {
  KeyTapFilter f;
  EXPECT_TRUE(f.Admit(Press(kCtrl)));
  EXPECT_TRUE(f.Admit(Press(kE)));
  EXPECT_FALSE(f.Admit(Release(kE)));     // no frame saw E down yet
  EXPECT_FALSE(f.Admit(Release(kCtrl)));  // nor Ctrl
  EXPECT_EQ(Keys(f.EndFrame()), (std::vector<int>{kE, kCtrl}));  // after the frame saw Ctrl+E
  EXPECT_TRUE(f.EndFrame().empty());
}

TEST(KeyTapFilter, AKeyHeldOverAFrameIsReleasedAtOnce) {
  KeyTapFilter f;
  EXPECT_TRUE(f.Admit(Press(kS)));
  EXPECT_TRUE(f.EndFrame().empty());
  EXPECT_TRUE(f.Admit(Release(kS)));
}

TEST(KeyTapFilter, ReleasesQueueBehindAHeldOneToKeepTheirOrder) {
  KeyTapFilter f;
  EXPECT_TRUE(f.Admit(Press(kCtrl)));
  EXPECT_TRUE(f.EndFrame().empty());  // Ctrl held over a frame
  EXPECT_TRUE(f.Admit(Press(kS)));
  EXPECT_FALSE(f.Admit(Release(kS)));
  EXPECT_FALSE(f.Admit(Release(kCtrl)));  // would be delivered before S's release otherwise
  EXPECT_EQ(Keys(f.EndFrame()), (std::vector<int>{kS, kCtrl}));
}

TEST(KeyTapFilter, RepeatsAndPressesPassThrough) {
  KeyTapFilter f;
  EXPECT_TRUE(f.Admit(Press(kE)));
  EXPECT_TRUE(f.Admit({kE, 0, 2, 0}));  // GLFW_REPEAT
  EXPECT_TRUE(f.Admit(Press(kE)));
}

}  // namespace
}  // namespace cfgi::platform
