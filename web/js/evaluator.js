// Evaluation off the page's thread: jobs for the evaluation worker (web/js/eval-worker.js, the
// core compiled a second time without the GUI), with the desktop's job semantics (app/gui/jobs.h):
// a job has a key; submitting a job cancels the unfinished one with the same key (its worker is
// terminated: a queued job never starts, a running one stops at once, and its promise rejects
// with a `cancelled` error); the page learns each step with its fraction; the outcome is the
// worker's JSON text (the CLI's report per profile and the profile comparison).
//   const job = cfgiEvaluator.submit('eval/1', {files: [{name, text}], opened: 1}, (step, f) => ...);
//   const json = await job;                 // rejects with e.cancelled when a newer job replaced it
//   cfgiEvaluator.active()                  [{key, step, fraction, started}]
//   cfgiEvaluator.counts()                  {finished, cancelled, workers_started}
// A terminated worker is replaced at once, so the next job finds one compiling or ready.
'use strict';

(function () {
  const slots = new Map();  // key -> {worker, ready, job}
  let nextId = 1;
  const counts = { finished: 0, cancelled: 0, workers_started: 0 };

  function spawn(slot) {
    const worker = new Worker('js/eval-worker.js');
    counts.workers_started++;
    slot.worker = worker;
    slot.ready = false;
    worker.onmessage = (e) => {
      const m = e.data;
      if (slot.worker !== worker) return;  // a terminated worker's last words
      if (m.type === 'ready') { slot.ready = true; return; }
      const job = slot.job;
      if (m.type === 'progress') {
        if (job) {
          job.step = m.step;
          job.fraction = m.fraction;
          job.started = true;
          if (job.progress) job.progress(m.step, m.fraction);
        }
        return;
      }
      if (!job || (m.id !== null && m.id !== job.id)) return;
      slot.job = null;
      if (m.type === 'outcome') {
        counts.finished++;
        job.resolve(m.json);
      } else {
        job.reject(new Error(m.message));
      }
    };
    worker.onerror = (e) => {
      if (slot.worker !== worker) return;
      e.preventDefault();
      const job = slot.job;
      slot.job = null;
      const message = 'the evaluation worker failed: ' + (e.message || 'unknown error');
      worker.terminate();
      slot.worker = null;  // the next job starts a fresh one (never a loop of failing starts)
      if (job) job.reject(new Error(message));
    };
  }

  function cancelSlot(slot) {
    const job = slot.job;
    if (!job) return;
    slot.job = null;
    counts.cancelled++;
    slot.worker.terminate();  // whatever it was doing stops now; its memory goes with it
    spawn(slot);
    const e = new Error('cancelled by a newer job');
    e.cancelled = true;
    job.reject(e);
  }

  function submit(key, job, progress) {
    let slot = slots.get(key);
    if (!slot) {
      slot = { worker: null };
      slots.set(key, slot);
    }
    cancelSlot(slot);
    if (!slot.worker) spawn(slot);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      slot.job = { id, key, resolve, reject, progress, step: '', fraction: 0, started: false };
      slot.worker.postMessage({ id, job });
    });
  }

  function cancel(key) {
    const slot = slots.get(key);
    if (slot) cancelSlot(slot);
  }

  function active() {
    const out = [];
    for (const [key, slot] of slots)
      if (slot.job) out.push({ key, step: slot.job.step, fraction: slot.job.fraction, started: slot.job.started });
    return out;
  }

  window.cfgiEvaluator = { submit, cancel, active, counts: () => ({ ...counts }) };
})();
