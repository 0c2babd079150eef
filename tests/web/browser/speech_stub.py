"""A stand-in for the browser's speechSynthesis, for tests that listen to a page: it "reads"
each sentence in `window.__speechMs` milliseconds (30 unless a test sets it), one at a time as
a browser does, with the `end` and `error` events a page hears, and records every sentence it
started in `window.__said` (the words) and `window.__spoken` ({text, lang, cut}: `cut` when a
cancel stopped it before its end). `window.__voices` is what getVoices() answers."""

SPEECH_STUB = """(() => {
  window.__said = [];
  window.__spoken = [];
  window.__voices = window.__voices || [];
  let current = null;
  const pending = [];
  function start() {
    if (current || !pending.length) { return; }
    const utterance = pending.shift();
    current = utterance;
    const record = { text: utterance.text, lang: utterance.lang,
      voice: utterance.voice ? utterance.voice.lang : null, cut: false };
    utterance.__record = record;
    window.__spoken.push(record);
    window.__said.push(utterance.text);
    utterance.__timer = setTimeout(() => {
      if (current !== utterance) { return; }
      current = null;
      utterance.dispatchEvent(new Event('end'));
      start();
    }, window.__speechMs === undefined ? 30 : window.__speechMs);
  }
  const synth = {
    paused: false,
    get speaking() { return current !== null; },
    get pending() { return pending.length > 0; },
    speak(utterance) { pending.push(utterance); start(); },
    cancel() {
      const dropped = pending.splice(0);
      if (current) {
        clearTimeout(current.__timer);
        current.__record.cut = true;
        dropped.unshift(current);
        current = null;
      }
      dropped.forEach((u) => u.dispatchEvent(new Event('error')));
    },
    getVoices() { return window.__voices; },
    addEventListener() {},
    removeEventListener() {},
  };
  Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
})();
"""
