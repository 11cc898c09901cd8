// core/engine/build_count.h: how many engine models this process has built. Every engine's
// compile entry point (policy::ReadResources, matcher::LoadScenarioMatcher, txt::Compile,
// variants::CompileScenario, targeting::LoadWorkspace) counts itself, so a test can assert that one
// edit builds each model exactly once (the app's views never build one).
#pragma once

#include <cstdint>

namespace cfgi {

uint64_t ModelBuilds();
void CountModelBuild();
// How many CEL texts the matcher engine has compiled (matcher::CompileCelText): the app's test
// asserts the matcher view's CEL tab compiles on the worker, never in Draw.
uint64_t CelTextCompiles();
void CountCelTextCompile();
// How many what-if requests the matcher engine has evaluated under every profile
// (matcher::EvaluateRequestEveryProfile): the app's test asserts the matcher view's edited
// request is evaluated on the worker, never in Draw or OnEvaluated.
uint64_t WhatIfEvaluations();
void CountWhatIfEvaluation();
// Evaluation and serialisation work done on the calling thread (a thread-local count): every
// engine's result serialisation (EngineResult::ToJson and the JSON renderers the views used to
// call: variants::ResultJson, policy::ResourceConfJson), the profile comparison (Compare), the
// variants engine's evaluation entry points (variants::Evaluate, Select, Matches, VariantIndex::Select,
// Matrix requests), each engine's EngineModel::Evaluate and every JSON text (doc::JsonText,
// doc::ThreadJsonTexts: the one serialiser of JSON values). The app's test asserts that a view's
// OnEvaluated and Draw leave the UI thread's count unchanged: they only read typed results the
// worker made (docs/architecture.md "The engine contract").
uint64_t ThreadEvaluationWork();
void CountEvaluationWork();

}  // namespace cfgi
