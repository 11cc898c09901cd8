// The page's test hook, window.configInspector (used by web/tests and handy in the console):
//   await configInspector.ready                   first frame drawn, a permalink restored
//   await configInspector.load('a.yaml', text)    opens a document as a drop would
//   configInspector.state()                       {documents, active, report, app}: `report` is the
//                                                 JSON the CLI prints (`eval --format json`)
//   configInspector.summary()                     state() without the documents' report and divergences
//                                                 and the Problems rows (cheap on a large mesh)
//   await configInspector.permalink()             the link of the current state
//   configInspector.firstFrameMs                  ms from navigation to the first frame
//   await configInspector.step('profile=madr')    a state-hook step (as the desktop's --step), resolved
//                                                 once what it started on the worker thread is done
//   await configInspector.settled()               state() once no job is left on the worker thread
//   await configInspector.idle()                  the same without state() (cheap)
//   configInspector.frameStats()                  {first_frame_ms, results_ms, frames, max_frame_ms,
//                                                 p99_frame_ms, ...}: the desktop's --frame-stats object
'use strict';

(function () {
  // The JSON one of the module's test-hook exports returns (platform_web.cpp HookText).
  const hookJson = (fn) => JSON.parse(window.cfgiWeb.callForText(fn));
  let resolveReady, rejectReady;
  const ready = new Promise((res, rej) => { resolveReady = res; rejectReady = rej; });
  ready.catch(() => {});  // observed by whoever awaits it

  window.cfgiHook = {
    async firstFrame() {
      try {
        if (await window.cfgiPermalink.restore()) await window.cfgiWeb.nextFrames(3);
        resolveReady();
      } catch (e) {
        rejectReady(e);
      }
    },
    failed(reason) { rejectReady(new Error(reason)); },
  };

  window.configInspector = {
    ready,
    get firstFrameMs() { return window.cfgiWeb.firstFrameMs; },
    get frames() { return window.cfgiWeb.frames; },
    // Opens `text` as a file called `name` and resolves once the app has evaluated it.
    async load(name, text) {
      await ready;
      window.cfgiWeb.deliver([{ name, text }], 0);
      await window.cfgiWeb.nextFrames(3);
      return this.settled();
    },
    // Resolves to state() once nothing is left to do off the page's thread (no job on the worker
    // thread, no document evaluating: every report is the one of its current text, profile and
    // view) for two frames in a row; rejects after `timeoutMs`.
    async settled(timeoutMs = 180000) {
      await this.idle(timeoutMs);
      return this.state();
    },
    // The same without state() (cheap: the test hook's cfgi_web_pending).
    async idle(timeoutMs = 180000) {
      const until = performance.now() + timeoutMs;
      let quiet = 0;
      for (;;) {
        const pending = window.Module.ccall('cfgi_web_pending', 'number', [], []);
        quiet = pending === 0 ? quiet + 1 : 0;
        if (quiet >= 2) return;
        if (performance.now() > until) throw new Error(`the app is still busy after ${timeoutMs} ms: ${pending} jobs or evaluations`);
        await window.cfgiWeb.nextFrames(1);
      }
    },
    state() { return hookJson('cfgi_web_state'); },
    summary() { return hookJson('cfgi_web_summary'); },
    permalink() { return window.cfgiPermalink.copy(); },
    // One state-hook step ('profile=madr', 'view=tab=2', 'dataplane=NAME', 'type=N'), applied at
    // the next frame; the frames after it carry it as their tag in frameStats().tags.
    async step(s) {
      window.cfgiWeb.callWithText('cfgi_web_step', s);
      await window.cfgiWeb.nextFrames(3);
      await this.idle();
    },
    frameStats() { return hookJson('cfgi_web_frame_stats'); },
  };
})();
