// core/engine/document_engine.h: the plain document engine (parse diagnostics and tree).
#pragma once
#include "core/engine/engine.h"
namespace cfgi {
const Engine& GetDocumentEngine();
}  // namespace cfgi
