// Warnings the page shows over the app (#notice in shell.html): one line of text per concern
// (`key`), each with its buttons, until the concern clears it. Used by the store (js/store.js: the
// work cannot be saved), the permalink (the clipboard refused the link) and the WebGL context
// (js/gl.js: lost, being restored). Never a console message alone.
//   cfgiNotice.show('store', 'text', [{label: 'Retry', action() {}}]);  cfgiNotice.clear('store');
//   cfgiNotice.shown()   {key: text} of what shows (tests)
'use strict';

(function () {
  const box = document.getElementById('notice');
  const shown = new Map();  // key -> element

  function show(key, text, actions = []) {
    let el = shown.get(key);
    if (!el) {
      el = document.createElement('div');
      el.className = 'notice-item';
      el.dataset.key = key;
      box.appendChild(el);
      shown.set(key, el);
    }
    el.textContent = '';
    const t = document.createElement('span');
    t.className = 'notice-text';
    t.textContent = text;
    el.appendChild(t);
    for (const a of actions) {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = a.label;
      b.addEventListener('click', () => a.action());
      el.appendChild(b);
    }
    box.classList.remove('hidden');
  }

  function clear(key) {
    const el = shown.get(key);
    if (!el) return;
    el.remove();
    shown.delete(key);
    if (!shown.size) box.classList.add('hidden');
  }

  window.cfgiNotice = {
    show,
    clear,
    shown() {
      const out = {};
      for (const [k, el] of shown) out[k] = el.querySelector('.notice-text').textContent;
      return out;
    },
  };
})();
