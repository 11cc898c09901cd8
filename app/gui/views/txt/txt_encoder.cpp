// app/gui/views/txt/txt_encoder.cpp: the txt view's Encoder tab: JSON in, TXT records out (encoded on the worker) (txt_view.h).
#include "app/gui/views/txt/txt_view.h"

namespace cfgi::gui::txt_view {

void TxtView::DrawEncoder(ViewContext& ctx) {
  theme::TextMuted("A service config, one choice or a list of choices; the records update as you type.");
  char* buf = encoder_buf_;
  if (encoder_text_.empty()) {
    encoder_text_ = "[{\"clientLanguage\": [\"java\"], \"serviceConfig\": {\"loadBalancingConfig\": [{\"round_robin\": {}}]}}]";
    std::snprintf(buf, sizeof encoder_buf_, "%s", encoder_text_.c_str());
    encoder_dirty_ = true;
  }
  ImGui::PushFont(theme::GetFonts().mono);
  if (ImGui::InputTextMultiline("##enc", buf, sizeof encoder_buf_, ImVec2(-1, ImGui::GetFontSize() * 8))) {
    encoder_text_ = buf;
    encoder_dirty_ = true;
  }
  ImGui::PopFont();
  if (encoder_dirty_) {
    encoder_dirty_ = false;
    encode_job_.Submit(ctx, "encode", this, "Encoding the service config", [text = encoder_text_](JobProgress& p) {
      p.Step("encode", 0);
      return tx::Encode(doc::Source("encoder.json", text));
    });
  }
  if (auto o = encode_job_.Take()) encoded_ = std::move(o);
  if (!encoded_) {
    theme::TextMuted("Encoding...");
    return;
  }
  const tx::EncodeResult& enc = *encoded_;
  if (!enc.ok) {
    for (const doc::Diagnostic& d : enc.diagnostics)
      ImGui::TextColored(theme::Pal().error, "%s %s", theme::kIconError, d.message.c_str());
    return;
  }
  ImGui::Text("%zu string%s, RDATA %zu bytes, DNS answer %zu bytes %s", enc.strings.size(),
              enc.strings.size() == 1 ? "" : "s", enc.rdata_bytes, enc.message_bytes,
              enc.message_bytes > 512 ? "(over 512: TCP fallback)" : "(fits UDP 512)");
  ImGui::PushFont(theme::GetFonts().mono);
  ImGui::TextUnformatted("zone file:");
  ImGui::TextWrapped("%s", enc.zone.c_str());
  ImGui::TextUnformatted("dig:");
  ImGui::TextWrapped("%s", enc.dig.c_str());
  ImGui::PopFont();
}

}  // namespace cfgi::gui::txt_view
