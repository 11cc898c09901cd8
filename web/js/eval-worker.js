// The Web Worker that evaluates (web/js/evaluator.js starts it): a second instance of the core,
// the module config-inspector-eval (app/platform/eval_worker_web.cpp; eval.js and eval.wasm at
// the site's root), so the page's thread keeps drawing while a large document evaluates. It needs
// no SharedArrayBuffer and no cross-origin isolation: any static host serves it.
//   page -> worker  {id, job}                         one job at a time (the page waits for the outcome)
//   worker -> page  {type: 'ready'}                   once the module is compiled and instantiated
//                   {type: 'progress', step, fraction} each step of the inspection as it starts
//                   {type: 'outcome', id, json, ms}    the outcome as JSON text (cfgi_worker_eval)
//                   {type: 'error', id, message}       the module failed (the page says so)
'use strict';

importScripts('../eval.js');

const started = self.createCfgiEval({
  locateFile: (p) => '../' + p,  // eval.wasm beside eval.js, not in js/
  print: (s) => console.log(s),
  printErr: (s) => console.warn(s),
});
started.then(() => postMessage({ type: 'ready' }),
             (e) => postMessage({ type: 'error', id: null, message: 'the evaluation module did not start: ' + ((e && e.message) || e) }));

self.onmessage = async (e) => {
  const { id, job } = e.data;
  let M;
  try {
    M = await started;
  } catch (err) {
    return;  // reported above
  }
  const t0 = performance.now();
  let p = 0;
  let out = 0;
  try {
    const text = typeof job === 'string' ? job : JSON.stringify(job);
    const n = M.lengthBytesUTF8(text) + 1;
    p = M._malloc(n);  // the job's text in the heap, never on the stack (large documents)
    if (!p) throw new Error(`out of memory for a ${n}-byte job`);
    M.stringToUTF8(text, p, n);
    out = M._cfgi_worker_eval(p);
    if (!out) throw new Error('out of memory for the outcome');
    const json = M.UTF8ToString(out);
    postMessage({ type: 'outcome', id, json, ms: performance.now() - t0 });
  } catch (err) {
    postMessage({ type: 'error', id, message: String((err && err.message) || err) });
  } finally {
    if (p) M._free(p);
    if (out) M._free(out);
  }
};
