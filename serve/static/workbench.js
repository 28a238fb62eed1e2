// The workbench's own script: live events from the server, and the editor.
// Everything else is htmx in the pages' HTML.
"use strict";

const csrf = () => document.querySelector('meta[name="csrf-token"]').content;

async function post(url, body) {
  const response = await fetch(url, {
    method: "POST", body: JSON.stringify(body),
    headers: {"content-type": "application/json", "x-csrf-token": csrf()},
  });
  return response;
}

// ------------------------------------------------------------ live events
function listen() {
  const url = document.body.dataset.events;
  if (!url) return;
  const source = new EventSource(url);
  // A file changed before the events were listened to (or while they were cut off) is
  // told by no event: the editor looks at the file on disk as they begin.
  source.addEventListener("open", () => { if (window.editor) window.editor.caughtUp(); });
  source.addEventListener("changed", (e) => {
    const files = JSON.parse(e.data);
    if (window.editor) window.editor.changedOnDisk(files);
    else if (document.body.dataset.reload === "page") {
      htmx.ajax("GET", location.href, {target: "main", select: "main", swap: "outerHTML"});
    }
  });
  source.addEventListener("progress", (e) => {
    const data = JSON.parse(e.data);
    const bar = document.getElementById("progress");
    if (bar) { bar.max = data.total; bar.value = data.done; }
    const said = document.getElementById("progress-text");
    if (said) said.textContent = data.text;
  });
  source.addEventListener("done", () => {
    source.close();
    htmx.ajax("GET", location.href, {target: "main", select: "main", swap: "outerHTML"});
  });
  source.addEventListener("end", () => source.close());
}

// ------------------------------------------------------------ the editor
class Editor {
  constructor(root) {
    this.root = root;
    this.area = root.querySelector("textarea");
    this.gutter = root.querySelector(".gutter");
    this.status = document.getElementById("status");
    this.problems = document.getElementById("problems-box");
    this.pack = root.dataset.pack;
    this.path = root.dataset.path;
    this.base = root.dataset.sha || null;     // the file as it was opened (null: a new file)
    // A text area holds "\n" line breaks whatever the file has: a file written with "\r\n" gets them back.
    this.newline = root.dataset.newline === "crlf" ? "\r\n" : "\n";
    // What the file holds: the text shown, unless it is a draft left unsaved earlier.
    const kept = document.getElementById("saved-text");
    this.saved = kept ? kept.value : this.area.value;
    this.timer = null;
    this.numbers();
    this.dirty();
    this.area.addEventListener("input", () => { this.numbers(); this.dirty(); this.schedule(); });
    this.area.addEventListener("scroll", () => { this.gutter.scrollTop = this.area.scrollTop; });
    this.area.addEventListener("keydown", (e) => {
      if ((e.ctrlKey || e.metaKey) && e.key === "s") { e.preventDefault(); this.save(false); }
      if (e.key === "Tab") { e.preventDefault(); this.area.setRangeText("  ", this.area.selectionStart, this.area.selectionEnd, "end"); this.area.dispatchEvent(new Event("input")); }
    });
    document.getElementById("save").addEventListener("click", () => this.save(false));
    this.jumpToHash();
    window.addEventListener("hashchange", () => this.jumpToHash());
    this.problems.addEventListener("click", (e) => {
      const item = e.target.closest("li[data-line]");
      if (item && item.dataset.file === this.path) { e.preventDefault(); this.jump(+item.dataset.line, +item.dataset.col); }
    });
    this.check();
  }

  numbers() {
    const count = this.area.value.split("\n").length;
    if (this.gutter.childElementCount === count) return;
    const marks = this.marks || {};
    this.gutter.replaceChildren(...Array.from({length: count}, (_, i) => {
      const d = document.createElement("div");
      d.textContent = i + 1;
      if (marks[i + 1]) d.className = marks[i + 1];
      return d;
    }));
    this.gutter.scrollTop = this.area.scrollTop;
  }

  mark() {
    this.marks = {};
    for (const li of this.problems.querySelectorAll("li[data-line]")) {
      if (li.dataset.file !== this.path) continue;
      const line = +li.dataset.line;
      if (this.marks[line] !== "err") this.marks[line] = li.classList.contains("error") ? "err" : "warn";
    }
    Array.from(this.gutter.children).forEach((d, i) => { d.className = this.marks[i + 1] || ""; });
  }

  jumpToHash() {
    const m = /^#L(\d+)(?::(\d+))?$/.exec(location.hash);
    if (m) this.jump(+m[1], +(m[2] || 1));
  }

  jump(line, col) {
    const lines = this.area.value.split("\n");
    let at = 0;
    for (let i = 0; i < Math.min(line - 1, lines.length); i++) at += lines[i].length + 1;
    at += Math.max(0, col - 1);
    this.area.focus();
    this.area.setSelectionRange(at, at);
    const height = this.area.scrollHeight / Math.max(1, lines.length);
    this.area.scrollTop = Math.max(0, (line - 5) * height);
  }

  dirty() {
    const changed = this.area.value !== this.saved;
    this.say(changed ? "unsaved changes" : "", "");
    document.title = (changed ? "● " : "") + document.title.replace(/^● /, "");
  }

  say(text, kind) {
    this.status.textContent = text;
    this.status.className = "status " + (kind || "");
  }

  schedule() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.check(), 250);
  }

  async check() {
    const asked = this.area.value;
    const response = await post(`/p/${this.pack}/check`, {path: this.path, text: this.typed(), base: this.base});
    if (this.area.value !== asked) return;      // typed on meanwhile: the next check answers
    this.problems.innerHTML = await response.text();
    this.mark();
  }

  typed() {
    return this.newline === "\n" ? this.area.value : this.area.value.replace(/\n/g, this.newline);
  }

  async save(force) {
    const text = this.typed();
    const response = await post(`/p/${this.pack}/save`, {path: this.path, text: text, base: this.base, force: force});
    const answer = await response.json();
    if (response.status === 409) return this.conflict(answer);
    if (!response.ok) return this.say(answer.error, "error");
    this.base = answer.sha;
    this.saved = this.area.value;
    document.getElementById("conflict").replaceChildren();
    document.title = document.title.replace(/^● /, "");
    this.say(answer.message, "saved");
  }

  conflict(answer) {
    this.say(answer.error, "conflict");
    const box = document.getElementById("conflict");
    box.innerHTML = answer.html;
    box.querySelector("[data-act=overwrite]").addEventListener("click", () => { this.base = answer.sha; this.save(true); });
    box.querySelector("[data-act=reload]").addEventListener("click", () => this.load(answer.disk, answer.sha));
  }

  load(text, sha) {
    text = text.replace(/\r\n/g, "\n");
    this.area.value = text;
    this.saved = text;
    this.base = sha;
    document.getElementById("conflict").replaceChildren();
    this.numbers();
    this.dirty();
    this.check();
  }

  async caughtUp() {
    const response = await fetch(`/p/${this.pack}/file/${this.path}`);
    if (!response.ok) return;
    const disk = await response.json();
    if (this.base !== null && disk.sha !== this.base) this.changedOnDisk([this.path]);
  }

  async changedOnDisk(files) {
    if (!files.includes(this.path)) { this.check(); return; }
    const response = await fetch(`/p/${this.pack}/file/${this.path}`);
    if (!response.ok) return;
    const disk = await response.json();
    if (disk.text.replace(/\r\n/g, "\n") === this.area.value) { this.base = disk.sha; this.saved = disk.text; this.dirty(); return; }
    if (this.area.value === this.saved) { this.load(disk.text, disk.sha); this.say("reloaded: the file changed on disk", "saved"); return; }
    this.say("the file changed on disk, and you have unsaved changes: save to see the difference", "conflict");
  }
}

// The log of a table reads from the top; its last lines are the news.
function logToEnd() {
  const log = document.getElementById("log");
  if (log) log.scrollTop = log.scrollHeight;
}

// A form that sends a file's text as JSON (htmx sends forms URL-encoded; a file's text
// must arrive as it is), then goes where the answer says.
function jsonForms() {
  for (const form of document.querySelectorAll("form[data-json-post]")) {
    const file = form.querySelector("input[type=file]");
    // Reading a file takes a moment: a form sent meanwhile waits for it rather than
    // sending the text area as it was.
    let reading = Promise.resolve();
    if (file) file.addEventListener("change", () => {
      const chosen = file.files[0];
      if (!chosen) return;
      form.querySelector("input[name=name]").value = chosen.name;
      reading = chosen.text().then((text) => { form.querySelector("textarea").value = text; });
    });
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      await reading;
      const data = Object.fromEntries(new FormData(form).entries());
      delete data[""];
      const response = await post(form.dataset.jsonPost, data);
      const answer = await response.json();
      if (answer.url) location.href = answer.url;
      else form.querySelector(".bad").textContent = answer.error;
    });
  }
}

// A form refused (4xx) or failing (5xx) says why, where htmx drops such answers: a board
// refused with its reason (a 409) is HTML the server made from its templates, and any
// other answer is a sentence, shown as text, never read as HTML (it quotes what was
// typed, and a pack's names).
document.addEventListener("htmx:beforeSwap", (e) => {
  const xhr = e.detail.xhr;
  if (xhr.status < 400 || !e.detail.requestConfig.elt.closest("form")) return;
  if ((xhr.getResponseHeader("content-type") || "").startsWith("text/html")) {
    e.detail.shouldSwap = true;
    e.detail.isError = false;
  } else {
    e.detail.shouldSwap = false;
    e.detail.target.textContent = xhr.responseText;
  }
});
// A choice that goes at once (the pack a record is replayed with): no script is written
// in a page, so that the workbench's own files are the only scripts a page may run.
document.addEventListener("change", (e) => {
  if (e.target.matches("select[data-submit]")) e.target.form.submit();
});
document.addEventListener("htmx:afterSwap", logToEnd);
document.addEventListener("DOMContentLoaded", () => {
  logToEnd();
  jsonForms();
  listen();
  const root = document.querySelector(".editor[data-path]");
  if (root) window.editor = new Editor(root);
});
