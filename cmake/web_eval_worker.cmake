# cmake/web_eval_worker.cmake: the web build's evaluation module, run in a Web Worker
# (web/js/eval-worker.js, started by web/js/evaluator.js): the core and the engines only (no
# ImGui, GLFW or GL) with app/platform/eval_worker_web.cpp's entry point, as eval.js + eval.wasm
# in the site. No threads and no SharedArrayBuffer, so a plain static host serves it.
#   cfgi_web_eval_worker(config-inspector-eval ${site})
function(cfgi_web_eval_worker target site)
  add_executable(${target} ${CMAKE_SOURCE_DIR}/app/platform/eval_worker_web.cpp)
  target_link_libraries(${target} PRIVATE cfgi_core)
  target_compile_options(${target} PRIVATE ${CFGI_WEB_OPT})
  target_link_options(${target} PRIVATE
    ${CFGI_WEB_OPT}
    -sENVIRONMENT=worker -sMODULARIZE=1 -sEXPORT_NAME=createCfgiEval
    -sALLOW_MEMORY_GROWTH=1 -sDYNAMIC_EXECUTION=0
    "-sEXPORTED_FUNCTIONS=['_cfgi_worker_eval','_malloc','_free']"
    "-sEXPORTED_RUNTIME_METHODS=['UTF8ToString','stringToUTF8','lengthBytesUTF8']")
  set_target_properties(${target} PROPERTIES OUTPUT_NAME eval SUFFIX .js RUNTIME_OUTPUT_DIRECTORY ${site})
endfunction()
