// The canvas's WebGL context can be lost at any time (a GPU reset, a driver update, the browser
// reclaiming contexts). Without this file the page stayed blank for good. On `webglcontextlost`
// the page cancels the event (so the browser may restore the context), tells the app to stop
// drawing (cfgi_web_context_lost in app/platform/platform_web.cpp) and says so; on
// `webglcontextrestored` the app makes its GL objects again and draws. A context that is not back
// within RESTORE_WAIT_MS gets a Reload button (documents reopen from the store). Nothing of the
// documents or results lives in the context: they are intact either way.
'use strict';

(function () {
  const RESTORE_WAIT_MS = 5000;
  const canvas = document.getElementById('canvas');
  let timer = null;

  function call(name) {
    if (window.Module && window.Module.ccall && window.cfgiWeb && window.cfgiWeb.started) window.Module.ccall(name, null, [], []);
  }

  canvas.addEventListener('webglcontextlost', (e) => {
    e.preventDefault();
    call('cfgi_web_context_lost');
    window.cfgiNotice.show('gl', 'The graphics context was lost (the GPU was reset or the browser took it back); waiting for the browser to restore it. Your documents are intact.');
    clearTimeout(timer);
    timer = setTimeout(() => {
      window.cfgiNotice.show('gl', 'The graphics context was lost and the browser has not restored it. Your documents are saved: reload the page to continue.',
        [{ label: 'Reload', action: () => location.reload() }]);
    }, RESTORE_WAIT_MS);
  }, false);

  canvas.addEventListener('webglcontextrestored', () => {
    clearTimeout(timer);
    call('cfgi_web_context_restored');
    window.cfgiNotice.clear('gl');
  }, false);
})();
