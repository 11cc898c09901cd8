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
    return { v: 1, app: JSON.parse(window.Module.ccall('cfgi_web_link_state', 'string', [], [])) };
  }

  // Builds the link for the current state, puts it in the address bar (without reloading) and on
  // the clipboard. Resolves to the URL.
  async function copy() {
    const hash = await encode(currentPayload());
    const url = location.href.split('#')[0] + hash;
    history.replaceState(null, '', url);
    window.cfgiWeb.setClipboard(url);
    return url;
  }

  // On load: reopens what a link carries; the hash stays so a reload restores it again.
  async function restore() {
    let payload;
    try {
      payload = await decode(location.hash);
    } catch (e) {
      console.warn('The link in the address bar could not be read: ' + e.message);
      return false;
    }
    if (!payload) return false;
    window.Module.ccall('cfgi_web_restore', null, ['string'], [JSON.stringify(payload.app)]);
    return true;
  }

  window.cfgiPermalink = { encode, decode, copy, restore };
})();
