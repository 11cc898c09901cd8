// Permalinks: the open documents and inputs, gzip-compressed with CompressionStream and
// base64url-encoded, in the URL hash (#s=...). Nothing is uploaded: the link carries everything
// and is read back by this page on load.
'use strict';

(function () {
  const PREFIX = '#s=';

  async function pipe(bytes, stream) {
    const out = new Response(new Blob([bytes]).stream().pipeThrough(stream));
    return new Uint8Array(await out.arrayBuffer());
  }

  function toBase64Url(bytes) {
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }

  function fromBase64Url(text) {
    const b = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const out = new Uint8Array(b.length);
    for (let i = 0; i < b.length; i++) out[i] = b.charCodeAt(i);
    return out;
  }

  // The link carries {v: 1, app: <what the app's link hook gave>} (its open documents with their
  // text, profiles and inputs); the page does not look inside `app`.
  async function encode(payload) {
    const json = new TextEncoder().encode(JSON.stringify(payload));
    return PREFIX + toBase64Url(await pipe(json, new CompressionStream('gzip')));
  }

  async function decode(hash) {
    if (!hash || !hash.startsWith(PREFIX)) return null;
    const bytes = await pipe(fromBase64Url(hash.slice(PREFIX.length)), new DecompressionStream('gzip'));
    const payload = JSON.parse(new TextDecoder().decode(bytes));
    if (!payload || payload.v !== 1 || typeof payload.app !== 'object') throw new Error('not a Config Inspector link');
    return payload;
  }

  function currentPayload() {
    return { v: 1, app: JSON.parse(window.cfgiWeb.callForText('cfgi_web_link_state')) };
  }

  // Builds the link for the current state and puts it on the clipboard; resolves to the URL. The
  // address bar keeps the page's own address: with the link there, a reload would reopen the
  // link's documents as they were when copied, not the session saved since.
  async function copy() {
    const hash = await encode(currentPayload());
    const url = location.href.split('#')[0] + hash;
    window.cfgiWeb.setClipboard(url);
    return url;
  }

  // The page's address without the link's hash (a reload then restores the saved session, which
  // from now on holds the link's documents).
  function dropHash() {
    if (location.hash) history.replaceState(history.state, '', location.href.split('#')[0]);
  }

  // On load: opens what a link carries beside the restored session, then drops the hash.
  async function restore() {
    let payload;
    try {
      payload = await decode(location.hash);
    } catch (e) {
      window.cfgiNotice.show('link', 'The link in the address bar could not be read (' + e.message + '): it was left there, nothing of it was opened.',
        [{ label: 'Hide', action: () => window.cfgiNotice.clear('link') }]);
      return false;
    }
    if (!payload) return false;
    // In the heap, not on the stack (a link's documents can be megabytes).
    window.cfgiWeb.callWithText('cfgi_web_restore', JSON.stringify(payload.app));
    dropHash();
    return true;
  }

  window.cfgiPermalink = { encode, decode, copy, restore };
})();
