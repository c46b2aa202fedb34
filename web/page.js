// The page's script: a thin face over the engine, like the command and the Python module. Every
// value, option, period, move and verdict it shows comes from the engine's JSON documents (the
// documents of `grundy ... --json`), asked of the engine's WebAssembly module in a Web Worker
// (worker.js) so that long work never blocks the page and can be stopped. This script only asks,
// lays out and explains, in the reader's language (words.js).
'use strict';
(function () {
  const WORDS = window.GRUNDY_WORDS;
  const VERSION = window.GRUNDY_VERSION;
  const $ = (id) => document.getElementById(id);

  // ---- Words -------------------------------------------------------------------------------

  function chooseLanguage() {
    try {
      const saved = window.localStorage.getItem('grundy.language');
      if (saved && WORDS[saved]) return saved;
    } catch (e) { /* storage may be refused for pages opened from disk */ }
    for (const tag of navigator.languages || [navigator.language || 'en']) {
      const code = String(tag).toLowerCase().slice(0, 2);
      if (WORDS[code]) return code;
    }
    return 'en';
  }
  let language = chooseLanguage();

  function t(key, params) {
    let text = WORDS[language][key];
    if (text === undefined) text = WORDS.en[key];
    if (text === undefined) return key;
    if (params) {
      text = text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
    }
    return text;
  }

  /** An element with attributes and children (strings become text: nothing the engine or the
   *  reader wrote is read as HTML). */
  function el(tag, attributes, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (name === 'class') node.className = value;
      else if (name.startsWith('on')) node.addEventListener(name.slice(2), value);
      else node.setAttribute(name, value === true ? '' : String(value));
    }
    for (const child of children.flat()) {
      if (child === undefined || child === null || child === false) continue;
      node.appendChild(typeof child === 'object' ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  function fill(node, ...children) {
    node.replaceChildren();
    for (const child of children.flat()) {
      if (child === undefined || child === null || child === false) continue;
      node.appendChild(typeof child === 'object' ? child : document.createTextNode(String(child)));
    }
  }

  function showError(id, error) {
    const node = $(id);
    if (!error) {
      node.hidden = true;
      node.textContent = '';
      return;
    }
    node.hidden = false;
    node.textContent = error.message;
  }

  /** Engine text the page shows as it is (errors, proofs): English, said so in other languages. */
  function engineWords(text) {
    return language === 'en' ? text : t('engine.words') + ' ' + text;
  }

  // ---- The engine, in a worker -------------------------------------------------------------

  class EngineError extends Error {
    constructor(message, kind) {
      super(message);
      this.kind = kind;  // 'error' (the engine's answer), 'stopped', 'cancelled', 'failed'
    }
  }

  const status = {
    shown: null,
    timer: null,
    begin(job) {
      this.end();
      this.timer = setTimeout(() => this.show(job), 150);
    },
    show(job, progress) {
      this.shown = job;
      $('status').hidden = false;
      const bar = $('status-progress');
      if (progress && progress.total > 0) {
        bar.value = Math.min(1, progress.done / progress.total);
        $('status-text').textContent = t('working.progress', {label: job.label, done: Math.round(progress.done), total: Math.round(progress.total)});
      } else {
        bar.removeAttribute('value');
        $('status-text').textContent = progress && progress.done > 0
          ? t('working.count', {label: job.label, done: Math.round(progress.done)})
          : t('working', {label: job.label});
      }
    },
    progress(job, progress) {
      if (this.shown === job) this.show(job, progress);
      job.progress = progress;
    },
    end() {
      clearTimeout(this.timer);
      this.shown = null;
      $('status').hidden = true;
    },
  };

  class Engine {
    constructor(source) {
      this.url = URL.createObjectURL(new Blob([source], {type: 'text/javascript'}));
      this.queue = [];
      this.running = null;
      this.nextId = 1;
      this.start();
    }

    start() {
      this.worker = new Worker(this.url);
      this.worker.onmessage = (event) => this.receive(event.data);
      this.worker.onerror = (event) => {
        event.preventDefault();
        this.failed(event.message || 'the worker failed');
      };
    }

    /** The engine's document for `request`, or an EngineError. Requests run one at a time, in
     *  order; `group` lets a newer question drop the older ones still waiting. */
    request(request, label, group) {
      return new Promise((resolve, reject) => {
        this.queue.push({id: this.nextId++, request, label, group, resolve, reject});
        this.pump();
      });
    }

    pump() {
      if (this.running || this.queue.length === 0) return;
      const job = this.queue.shift();
      this.running = job;
      job.started = performance.now();
      this.worker.postMessage({id: job.id, request: job.request});
      status.begin(job);
    }

    receive(message) {
      if (message.ready) {
        if (!performance.getEntriesByName('grundy-engine-ready').length) performance.mark('grundy-engine-ready');
        return;
      }
      const job = this.running;
      if (message.failed && (!job || message.id !== job.id)) {
        this.failed(message.failed);
        return;
      }
      if (!job || message.id !== job.id) return;
      if (message.progress) {
        status.progress(job, message.progress);
        return;
      }
      this.running = null;
      status.end();
      if (message.failed) {
        job.reject(new EngineError(t('engine.failed', {message: message.failed}), 'failed'));
        this.restart();
      } else {
        const document = JSON.parse(message.reply);
        if (document.error !== undefined) {
          job.reject(new EngineError(document.error, 'error'));
        } else {
          Object.defineProperty(document, 'timing', {
            value: {engine: message.ms, page: performance.now() - job.started},
          });
          job.resolve(document);
        }
      }
      this.pump();
    }

    failed(message) {
      const job = this.running;
      this.running = null;
      status.end();
      if (job) job.reject(new EngineError(t('engine.failed', {message}), 'failed'));
      this.restart();
      this.pump();
    }

    restart() {
      this.worker.terminate();
      this.start();
      onEngineRestart();
    }

    /** Ends the running request and every waiting one: the worker is ended and a new one
     *  started (WebAssembly cannot be interrupted from outside its thread). */
    stop() {
      const dropped = (this.running ? [this.running] : []).concat(this.queue.splice(0));
      this.running = null;
      status.end();
      this.restart();
      for (const job of dropped) job.reject(new EngineError(t('stopped'), 'stopped'));
    }

    cancel(group) {
      const kept = [];
      for (const job of this.queue) {
        if (job.group === group) job.reject(new EngineError('cancelled', 'cancelled'));
        else kept.push(job);
      }
      this.queue = kept;
    }
  }

  const engine = new Engine($('worker-source').textContent);
  $('stop').addEventListener('click', () => engine.stop());

  /** Runs `work`; an error is shown in `errorId` (a request dropped for a newer one is not). */
  async function attempt(errorId, work) {
    showError(errorId, null);
    try {
      await work();
    } catch (error) {
      if (error.kind === 'cancelled') return;
      if (!(error instanceof EngineError)) throw error;
      showError(errorId, error.kind === 'error' ? new Error(engineWords(error.message)) : error);
    }
  }

  // ---- Numbers and texts ---------------------------------------------------------------------

  /** Whole numbers of 2^53 and more come as strings of digits (the command's contract). */
  const big = (v) => BigInt(v);
  const isWhole = (v) => typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v));

  /** `0.07:3 + 0.07:5` as `3 + 5` when the game is the one on show. */
  function shortOption(text, game) {
    const prefix = game + ':';
    return text.split(' + ').map((part) => (part.startsWith(prefix) ? part.slice(prefix.length) : part)).join(' + ');
  }

  function moveText(move) {
    return move.component + ': ' + move.from + ' → ' + move.to + (move.move ? ' (' + move.move + ')' : '');
  }

  function winnerWords(winner) {
    return t('winner.' + winner);
  }

  /** The option values 0, 1, 2, … up to the mex, the mex circled, and the larger ones after. */
  function mexLine(optionValues, mex, truncated) {
    const present = new Set(optionValues.map(String));
    const line = el('span', {class: 'mexline', 'data-mex': mex});
    const m = Number(mex);
    if (Number.isSafeInteger(m) && m <= 64) {
      for (let k = 0; k < m; ++k) line.appendChild(el('span', {class: present.has(String(k)) ? 'present' : 'absent'}, k));
      line.appendChild(el('span', {class: 'mex', title: t('values.mex_is', {mex})}, mex));
      const above = optionValues.filter((v) => big(v) > big(mex));
      if (above.length) line.appendChild(el('span', {class: 'present'}, '| ' + above.join(' ')));
    } else {
      line.appendChild(el('span', {class: 'present'}, '{' + optionValues.join(', ') + '} '));
      line.appendChild(el('span', {class: 'mex'}, mex));
    }
    if (truncated) line.appendChild(el('span', {}, '…'));
    return line;
  }

  // ---- Static words and the language switch ---------------------------------------------------

  function applyWords() {
    document.documentElement.lang = language;
    for (const node of document.querySelectorAll('[data-t]')) node.textContent = t(node.getAttribute('data-t'));
    $('language').value = language;
    fill($('footer'), t('footer', {version: VERSION}));
    renderExamples();
  }

  $('language').addEventListener('change', () => {
    language = $('language').value;
    try { window.localStorage.setItem('grundy.language', language); } catch (e) { /* as above */ }
    applyWords();
    for (const render of Object.values(renderers)) render();
  });

  // What each part shows, redrawn from its last documents when the language changes.
  const renderers = {};
  const state = {game: null};

  // ---- 1. The game ---------------------------------------------------------------------------

  // The seed examples: the games of the tutorials the learners read (take 1 or 3 stones, Nim, the
  // Bash game of 23 cards, HDU 1848, Kayles, Dawson's Kayles, POJ 2311, BOJ 13034, the bit-count
  // game, Wythoff, the digit game), each with a sum to try.
  const EXAMPLES = [
    {key: 'ex.take13', spec: 'sub(1,3)', sum: 'sub(1,3):5 + sub(1,3):1000'},
    {key: 'ex.nim', spec: 'nim', sum: 'nim:3 + nim:4 + nim:5'},
    {key: 'ex.bash', spec: 'sub(1..3)', sum: 'sub(1..3):23'},
    {key: 'ex.sub', spec: 'sub(fib)', sum: 'sub(fib):1 + sub(fib):4 + sub(fib):1'},
    {key: 'ex.sub134', spec: 'sub(1,3,4)', sum: 'sub(1,3,4):7 + sub(1,3,4):10'},
    {key: 'ex.kayles', spec: 'kayles', sum: 'kayles:10 + kayles:7'},
    {key: 'ex.dawson', spec: 'dawson', sum: 'dawson:20 + nim:2'},
    {key: 'ex.cut', spec: 'cut', sum: 'cut:5x7 + cut:3x4'},
    {key: 'ex.polygon', spec: 'polygon', sum: 'polygon:10'},
    {key: 'ex.bitcount', spec: 'bitcount(7)', sum: 'bitcount(7):7 + bitcount(7):12'},
    {key: 'ex.wythoff', spec: 'wythoff', sum: 'wythoff:3,5'},
    {key: 'ex.digits', spec: 'digits', sum: 'digits:25'},
    {key: 'ex.grundy', spec: 'grundy', sum: 'grundy:20 + grundy:9'},
  ];

  function renderExamples() {
    fill($('examples'), EXAMPLES.map((example) => el('button', {
      type: 'button',
      class: state.game && state.game.typed === example.spec ? 'current' : '',
      'data-spec': example.spec,
      title: example.spec,
      onclick: () => {
        $('spec').value = example.spec;
        showGame(example.spec, example.sum);
      },
    }, t(example.key))));
  }

  $('game-form').addEventListener('submit', (event) => {
    event.preventDefault();
    showGame($('spec').value.trim());
  });

  $('families').addEventListener('toggle', () => {
    if (!$('families').open || $('family-list').rows.length) return;
    engine.request({command: 'families'}, 'families').then((doc) => {
      fill($('family-list'), doc.families.map((f) => el('tr', {}, el('td', {}, f.syntax), el('td', {}, f.summary))));
    }, () => {});
  });

  /** A sum of the game to solve and play: the example's, else two positions of it. */
  function defaultSum(game, typed) {
    if (game.heaps) return typed + ':5 + ' + typed + ':7';
    const samples = game.samples.length ? game.samples : ['0'];
    const last = samples[Math.min(3, samples.length - 1)];
    return typed + ':' + last;
  }

  async function showGame(typed, sum) {
    if (!typed) return;
    engine.cancel('game');
    await attempt('game-error', async () => {
      const doc = await engine.request({command: 'describe', game: typed}, typed, 'game');
      state.game = {typed, name: doc.game, heaps: doc.heaps, grid: doc.grid, samples: doc.samples};
      renderGame();
      renderExamples();
      const game = state.game;
      $('position').value = game.samples.length ? game.samples[Math.min(3, game.samples.length - 1)] : '';
      $('sum').value = sum || defaultSum(game, typed);
      $('play-sum').value = $('sum').value;
      const loads = [];
      if (game.heaps) for (const panel of heapPanels) loads.push(panel());
      if (game.grid) loads.push(loadGrid(), loadFormula());
      loads.push(explainPosition(), solveSum());
      await Promise.all(loads);
    });
  }

  renderers.game = function renderGame() {
    const game = state.game;
    for (const node of document.querySelectorAll('.heaps-only')) node.hidden = !(game && game.heaps);
    for (const node of document.querySelectorAll('.grid-only')) node.hidden = !(game && game.grid);
    for (const node of document.querySelectorAll('.heaps-or-grid')) node.hidden = !(game && (game.heaps || game.grid));
    if (!game) return;
    const kind = game.heaps ? 'game.kind.heaps' : game.grid ? 'game.kind.grid' : 'game.kind.other';
    fill($('game-summary'), t('game.canonical', {game: game.name}) + ' ' + t(kind));
  };
  const renderGame = renderers.game;

  // ---- 2. The values of heaps ----------------------------------------------------------------

  const values = {rows: null, genus: null, genusError: null};

  $('values-form').addEventListener('submit', (event) => {
    event.preventDefault();
    loadValues();
  });

  async function loadValues() {
    const game = state.game;
    const from = Math.max(0, Math.floor(Number($('values-from').value) || 0));
    const to = Math.max(from, Math.min(from + 200, Math.floor(Number($('values-to').value) || 0)));
    $('values-to').value = to;
    await attempt('values-error', async () => {
      const doc = await engine.request({command: 'rows', game: game.typed, from, to, max_options: 40}, 'g(' + from + '..' + to + ')', 'game');
      values.rows = doc;
      values.genus = null;
      values.genusError = null;
      renderValues();
      try {
        values.genus = await engine.request({command: 'genus', game: game.typed, from, to}, 'misère ' + from + '..' + to, 'game');
      } catch (error) {
        if (error.kind === 'cancelled') return;
        values.genusError = error;
      }
      renderValues();
    });
  }

  renderers.values = function renderValues() {
    const doc = values.rows;
    if (!doc) return;
    const game = doc.game;
    const head = el('tr', {},
      el('th', {}, t('col.n')), el('th', {}, t('col.options')), el('th', {}, t('col.mex')),
      el('th', {}, t('col.g')), el('th', {}, t('col.normal')), el('th', {}, t('col.misere')));
    const rows = doc.rows.map((row, i) => {
      const outcome = String(row.value) === '0' ? 'P' : 'N';
      const options = row.options.length === 0
        ? el('span', {class: 'note'}, t('values.no_move'))
        : row.options.map((o) => el('span', {class: 'chip' + (o.winning ? ' win' : ''), 'data-option': o.option, 'data-value': o.value},
          shortOption(o.option, game) + ' → ', el('span', {class: 'v'}, o.value)));
      const more = row.options_omitted > 0 ? el('span', {class: 'note'}, ' ' + t('values.more_options', {count: row.options_omitted})) : null;
      let misere = el('td', {class: 'outcome misere'}, '');
      if (values.genus && values.genus.genus[i]) {
        const gamma0 = values.genus.genus[i][1][0];
        const misereOutcome = String(gamma0) === '0' ? 'P' : 'N';
        misere = el('td', {class: 'outcome misere misere-' + misereOutcome, 'data-gamma0': gamma0,
          title: t('outcome.' + misereOutcome + '.long')}, gamma0 + ' ' + t('outcome.' + misereOutcome));
      }
      return el('tr', {class: outcome, 'data-n': row.position, 'data-value': row.value},
        el('td', {class: 'n'}, row.position),
        el('td', {class: 'options'}, options, more),
        el('td', {class: 'mexcell'}, mexLine(row.option_values, row.mex, row.option_values_truncated)),
        el('td', {class: 'g'}, row.value),
        el('td', {class: 'outcome normal', title: t('outcome.' + outcome + '.long')}, t('outcome.' + outcome)),
        misere);
    });
    fill($('values'), el('thead', {}, head), el('tbody', {}, rows));
    if (!performance.getEntriesByName('grundy-values-shown').length) performance.mark('grundy-values-shown');
    const note = $('misere-note');
    note.hidden = !values.genusError;
    if (values.genusError) note.textContent = t('values.misere_failed', {message: engineWords(values.genusError.message)});
  };
  const renderValues = renderers.values;

  // ---- 3. The pattern ------------------------------------------------------------------------

  const pattern = {doc: null, period: null};

  async function loadPattern() {
    const game = state.game;
    pattern.doc = null;
    pattern.period = null;
    fill($('pattern'));
    await attempt('values-error', async () => {
      const doc = await engine.request({command: 'period', game: game.typed, plot: true}, 'period', 'game');
      pattern.doc = doc;
      if (doc.proven && Number(doc.period) <= 256) {
        const from = Number(doc.preperiod);
        pattern.period = await engine.request({command: 'seq', game: game.typed, from, to: from + Number(doc.period) - 1}, 'period', 'game');
      }
      renderPattern();
    });
  }

  renderers.pattern = function renderPattern() {
    const doc = pattern.doc;
    if (!doc) return;
    const parts = [];
    if (doc.proven) {
      const saltus = String(doc.saltus) !== '0';
      parts.push(el('p', {class: 'verdict', 'data-proven': 'true'}, t(saltus ? 'pattern.proven.saltus' : 'pattern.proven',
        {preperiod: doc.preperiod, period: doc.period, saltus: doc.saltus})));
      parts.push(el('p', {}, t('pattern.proof')));
      parts.push(el('p', {class: 'proof', lang: 'en'}, doc.proof));
      if (pattern.period) {
        parts.push(el('p', {}, t('pattern.one_period', {from: doc.preperiod})));
        parts.push(el('p', {class: 'period-values'}, pattern.period.values.map((v) => el('span', {class: String(v) === '0' ? 'zero' : ''}, v))));
      }
    } else {
      if (doc.theorem_applies === false) {
        parts.push(el('p', {}, t('pattern.no_theorem') + ' ', el('span', {lang: 'en'}, doc.reason || '')));
        if (doc.observed) {
          const o = doc.observed;
          const saltus = String(o.saltus) !== '0';
          parts.push(el('p', {class: 'verdict', 'data-proven': 'false'}, t(saltus ? 'pattern.observed.saltus' : 'pattern.observed',
            {period: o.period, preperiod: o.preperiod, saltus: o.saltus, below: o.holds_below, count: doc.values_computed})));
        } else if (doc.observed === null) {
          parts.push(el('p', {class: 'verdict', 'data-proven': 'false'}, t('pattern.observed.none', {count: doc.values_computed})));
        }
        if (doc.not_observed) parts.push(el('p', {}, t('pattern.not_observed') + ' ', el('span', {lang: 'en'}, doc.not_observed)));
      } else {
        parts.push(el('p', {class: 'verdict', 'data-proven': 'false'}, t('pattern.not_proven', {count: doc.values_computed})));
        if (doc.candidate) {
          parts.push(el('p', {}, t('pattern.candidate', {period: doc.candidate.period, preperiod: doc.candidate.preperiod,
            needed: doc.candidate.values_needed === null ? '?' : doc.candidate.values_needed})));
        }
      }
    }
    const plot = el('div', {class: 'plot'});
    if (doc.plot) plot.innerHTML = doc.plot;  // the engine's SVG (its text escaped by the engine)
    fill($('pattern'), parts, plot);
  };
  const renderPattern = renderers.pattern;

  // ---- 4. The plot ---------------------------------------------------------------------------

  const plot = {summary: null, svg: null};

  $('plot-form').addEventListener('submit', (event) => {
    event.preventDefault();
    loadPlot();
  });

  async function loadPlot() {
    const game = state.game;
    const to = Math.max(1, Math.floor(Number($('plot-to').value) || 1));
    $('plot-to').value = to;
    plot.summary = null;
    plot.svg = null;
    fill($('plot-stats'));
    fill($('plot'));
    await attempt('plot-error', async () => {
      plot.summary = await engine.request({command: 'summary', game: game.typed, from: 0, to}, 'g(0..' + to + ')', 'game');
      renderPlot();
      const doc = await engine.request({command: 'plot', game: game.typed, from: 0, to, log: $('plot-log').checked}, 'plot g(0..' + to + ')', 'game');
      plot.svg = doc.svg;
      renderPlot();
    });
  }

  renderers.plot = function renderPlot() {
    const s = plot.summary;
    if (!s) return;
    const stats = $('plot-stats');
    fill(stats, t('plot.stats', {to: s.to, ms: Math.round(s.timing.page), p: s.p_positions, max: s.largest}));
    stats.dataset.to = s.to;
    stats.dataset.ms = Math.round(s.timing.page);
    stats.dataset.engineMs = Math.round(s.timing.engine);
    stats.dataset.pPositions = s.p_positions;
    stats.dataset.largest = s.largest;
    if (plot.svg && !$('plot').firstChild) $('plot').innerHTML = plot.svg;  // the engine's SVG
  };
  const renderPlot = renderers.plot;

  // ---- The closed form (grundy formula) ----------------------------------------------------

  const formula = {doc: null};

  async function loadFormula() {
    const game = state.game;
    formula.doc = null;
    fill($('formula'));
    await attempt('formula-error', async () => {
      formula.doc = await engine.request({command: 'formula', game: game.typed}, 'formula', 'game');
      renderFormula();
    });
  }

  renderers.formula = function renderFormula() {
    const doc = formula.doc;
    if (!doc) return;
    const parts = [];
    const range = doc.checked === null ? null : doc.checked.rows
      ? 'g(x,y), x = ' + doc.checked.rows.from + '..' + doc.checked.rows.to + ', y = ' + doc.checked.cols.from + '..' + doc.checked.cols.to
      : 'g(' + doc.checked.from + '..' + doc.checked.to + ')';
    const checked = range && t('formula.checked', {range, count: doc.positions_checked});
    if (doc.found) {
      const lhs = doc.of === 'g' ? 'g(' + doc.position + ') = ' : t('formula.p_positions') + ' ';
      parts.push(el('p', {class: 'formula', 'data-of': doc.of, 'data-formula': doc.formula}, el('span', {class: 'lhs'}, lhs), doc.formula));
      if (doc.definitions.length) parts.push(el('div', {class: 'formula-definitions'}, doc.definitions.join('\n')));
      parts.push(el('p', {}, t('formula.form', {form: doc.form})));
      if (doc.proven) {
        parts.push(el('p', {class: 'verdict', 'data-proven': 'true'}, t('formula.proven')));
        parts.push(el('p', {class: 'proof', lang: 'en'}, doc.proof));
      } else {
        parts.push(el('p', {class: 'verdict', 'data-proven': 'false'}, t('formula.observed') + ' ', el('span', {lang: 'en'}, doc.not_proven)));
      }
      if (checked) parts.push(el('p', {class: 'checked'}, checked));
      parts.push(el('details', {class: 'code'}, el('summary', {}, t('formula.code')),
        el('p', {class: 'note'}, t('formula.code.help')),
        el('pre', {class: 'python', lang: 'en'}, doc.python), el('pre', {class: 'cpp', lang: 'en'}, doc.cpp)));
    } else {
      parts.push(el('p', {class: 'verdict', 'data-proven': 'false', 'data-found': 'false'}, t('formula.none')));
      if (range) parts.push(el('p', {class: 'checked'}, t('formula.none.checked', {range, count: doc.positions_checked})));
      if (doc.not_checked) parts.push(el('p', {}, t('formula.not_checked') + ' ', el('span', {lang: 'en'}, doc.not_checked)));
      if (doc.not_proven) parts.push(el('p', {}, t('formula.why_not_proven') + ' ', el('span', {lang: 'en'}, doc.not_proven)));
    }
    fill($('formula'), parts);
  };
  const renderFormula = renderers.formula;

  // The panels of a heap game, in order: one function each, called when a game is shown.
  const heapPanels = [loadValues, loadPattern, loadFormula, loadPlot];

  // ---- The grid of a two-coordinate game ---------------------------------------------------

  const grid = {doc: null, selected: null};

  $('grid-form').addEventListener('submit', (event) => {
    event.preventDefault();
    loadGrid();
  });

  async function loadGrid() {
    const game = state.game;
    const number = (id) => Math.max(0, Math.floor(Number($(id).value) || 0));
    const rowFrom = number('grid-row-from');
    const colFrom = number('grid-col-from');
    const rowTo = Math.max(rowFrom, Math.min(rowFrom + 60, number('grid-row-to')));
    const colTo = Math.max(colFrom, Math.min(colFrom + 60, number('grid-col-to')));
    await attempt('grid-error', async () => {
      grid.doc = await engine.request({command: 'table', game: game.typed, row_from: rowFrom, row_to: rowTo, col_from: colFrom, col_to: colTo}, 'table', 'game');
      renderGrid();
    });
  }

  function cellColour(value) {
    const v = Number(value);
    const hue = (v * 47 + 190) % 360;
    return 'hsl(' + hue + ', 70%, ' + (88 - Math.min(30, 3 * Math.log2(1 + v))) + '%)';
  }

  renderers.grid = function renderGrid() {
    const doc = grid.doc;
    if (!doc) return;
    const position = (r, c) => doc.position.replace('ROW', r).replace('COL', c);
    const corner = doc.position.replace('ROW', 'r').replace('COL', 'c');
    const head = el('tr', {}, el('th', {}, corner));
    for (let c = Number(doc.cols.from); c <= Number(doc.cols.to); ++c) head.appendChild(el('th', {}, c));
    const rows = doc.values.map((line, i) => {
      const r = Number(doc.rows.from) + i;
      return el('tr', {}, el('th', {}, r), line.map((v, j) => {
        const c = Number(doc.cols.from) + j;
        if (v === null) return el('td', {});
        const text = position(r, c);
        return el('td', {
          class: 'cell' + (String(v) === '0' ? ' P' : '') + (grid.selected === text ? ' selected' : ''),
          style: String(v) === '0' ? null : 'background:' + cellColour(v),
          'data-position': text, 'data-value': v, title: text + ': ' + v,
          onclick: () => {
            grid.selected = text;
            $('position').value = text;
            renderGrid();
            explainPosition();
          },
        }, v);
      }));
    });
    fill($('grid'), el('thead', {}, head), el('tbody', {}, rows));
  };
  const renderGrid = renderers.grid;

  // ---- Why a position has its value ------------------------------------------------------------

  const explanation = {normal: null, misere: null, misereError: null};

  $('position-form').addEventListener('submit', (event) => {
    event.preventDefault();
    explainPosition();
  });

  async function explainPosition() {
    const game = state.game;
    const position = $('position').value.trim();
    if (!game || !position) return;
    await attempt('position-error', async () => {
      explanation.normal = await engine.request({command: 'explain', game: game.typed, position}, 'explain ' + position, 'game');
      explanation.misere = null;
      explanation.misereError = null;
      renderExplanation();
      try {
        explanation.misere = await engine.request({command: 'explain', game: game.typed, position, misere: true}, 'misère ' + position, 'game');
      } catch (error) {
        if (error.kind === 'cancelled') return;
        explanation.misereError = error;
      }
      renderExplanation();
    });
  }

  renderers.explanation = function renderExplanation() {
    const doc = explanation.normal;
    if (!doc) return;
    const game = doc.game;
    const parts = [
      el('p', {class: 'winner', 'data-value': doc.value}, t('position.value', {component: game + ':' + doc.position, value: doc.value, winner: winnerWords(doc.winner)})),
      el('p', {}, t('position.option_values', {values: '{' + doc.option_values.join(', ') + (doc.option_values_truncated ? ', …' : '') + '}', mex: doc.mex}), ' ', mexLine(doc.option_values, doc.mex, doc.option_values_truncated)),
      el('p', {}, t('position.options', {count: doc.option_count, winning: doc.winning_move_count})),
      el('p', {}, doc.options.map((o) => el('span', {class: 'chip' + (o.winning ? ' win' : ''), 'data-option': o.option, 'data-value': o.value},
        shortOption(o.option, game) + (o.move ? ' (' + o.move + ')' : '') + ' → ', el('span', {class: 'v'}, o.value)))),
    ];
    if (doc.options_omitted > 0) parts.push(el('p', {class: 'note'}, t('values.more_options', {count: doc.options_omitted})));
    if (explanation.misere) parts.push(el('p', {class: 'misere'}, t('position.misere', {winner: winnerWords(explanation.misere.winner)})));
    if (explanation.misereError) parts.push(el('p', {class: 'note'}, t('values.misere_failed', {message: engineWords(explanation.misereError.message)})));
    fill($('explanation'), parts);
  };
  const renderExplanation = renderers.explanation;

  // ---- 5. A sum ------------------------------------------------------------------------------

  const sum = {normal: null, misere: null, misereError: null};

  $('sum-form').addEventListener('submit', (event) => {
    event.preventDefault();
    solveSum();
  });
  $('sum-play').addEventListener('click', () => {
    $('play-sum').value = $('sum').value;
    startPlay();
  });

  async function solveSum() {
    const text = $('sum').value.trim();
    if (!text) return;
    await attempt('sum-error', async () => {
      sum.normal = null;
      sum.misere = null;
      sum.misereError = null;
      fill($('sum-misere-body'));
      sum.normal = await engine.request({command: 'solve', sum: text}, 'solve', 'sum');
      renderSum();
      try {
        sum.misere = await engine.request({command: 'solve', sum: text, misere: true}, 'solve misère', 'sum');
      } catch (error) {
        if (error.kind === 'cancelled') return;
        sum.misereError = error;
      }
      renderSum();
    });
  }

  function xorTable(doc) {
    const values = doc.component_values.map((v) => v.values[0]);
    if (!values.every((v) => isWhole(v.value)) || doc.nim_sum === undefined) return null;
    const numbers = values.map((v) => big(v.value));
    const nimSum = big(doc.nim_sum);
    let width = 1;
    for (const n of numbers.concat([nimSum])) width = Math.max(width, n.toString(2).length);
    const bitCells = (n) => {
      const bits = n.toString(2).padStart(width, '0');
      return Array.from(bits, (b) => el('td', {class: 'bit' + (b === '1' ? ' one' : '')}, b));
    };
    const components = doc.sum.split(' + ');
    const rows = numbers.map((n, i) => el('tr', {'data-component': i, 'data-value': n.toString()},
      el('td', {class: 'component'}, i + ': ' + components[i]), el('td', {}, n.toString()), bitCells(n)));
    const total = el('tr', {class: 'total', 'data-nim-sum': nimSum.toString()},
      el('td', {class: 'component'}, t('sum.nim_sum')), el('td', {}, nimSum.toString()), bitCells(nimSum));
    return el('table', {class: 'xor'},
      el('thead', {}, el('tr', {}, el('th', {}, t('sum.component')), el('th', {}, t('sum.value')), el('th', {colspan: width}, t('sum.bits')))),
      el('tbody', {}, rows, total));
  }

  function movesList(doc, why) {
    const count = doc.winning_move_count;
    if (doc.winning_moves.length === 0) return el('p', {}, t('sum.no_moves'));
    const shown = doc.winning_moves.length;
    return [
      el('p', {}, t('sum.moves', {count: count === null ? shown + '+' : count})),
      el('ol', {class: 'moves-list'}, doc.winning_moves.map((m) => el('li', {'data-move': moveText(m)}, moveText(m), why ? why(m) : null))),
      count !== null && big(count) > big(shown) ? el('p', {class: 'note'}, t('sum.more_moves', {count: (big(count) - big(shown)).toString()})) : null,
    ];
  }

  renderers.sum = function renderSum() {
    const doc = sum.normal;
    if (!doc) return;
    const values = doc.component_values.map((v) => v.values[0].value);
    const why = doc.nim_sum === undefined ? null : (m) => {
      const g = values[m.component];
      if (!isWhole(g)) return null;
      const to = big(g) ^ big(doc.nim_sum);
      return el('span', {class: 'why'}, ' — ' + t('sum.move_why', {i: m.component, g, s: doc.nim_sum, to: to.toString()}));
    };
    fill($('sum-normal-body'),
      xorTable(doc),
      el('p', {class: 'winner', 'data-winner': doc.winner}, t('sum.winner', {winner: winnerWords(doc.winner)})),
      movesList(doc, why));
    if (sum.misere) {
      const m = sum.misere;
      fill($('sum-misere-body'),
        el('p', {class: 'winner', 'data-winner': m.winner}, t('sum.winner', {winner: winnerWords(m.winner)})),
        movesList(m, null),
        m.decided_by ? el('p', {class: 'note'}, t('sum.decided', {how: m.decided_by})) : null);
    } else if (sum.misereError) {
      fill($('sum-misere-body'), el('p', {class: 'error'}, engineWords(sum.misereError.message)));
    }
  };
  const renderSum = renderers.sum;

  // ---- 6. Play -------------------------------------------------------------------------------

  // The game's events as the engine sent them (the events of `grundy play --json`), and the last
  // position's moves; the log is redrawn from them in the reader's language.
  const play = {events: [], moves: [], drawing: '', over: false, notice: null};

  $('play-form').addEventListener('submit', (event) => {
    event.preventDefault();
    startPlay();
  });
  $('play-hint').addEventListener('click', () => playAction({action: 'hint'}));
  $('play-undo').addEventListener('click', () => playAction({action: 'undo'}));

  async function startPlay() {
    const text = $('play-sum').value.trim();
    if (!text) return;
    play.events = [];
    play.moves = [];
    play.over = false;
    await playAction({action: 'start', sum: text, misere: $('play-misere').checked, computer_first: $('play-computer-first').checked});
  }

  async function playAction(request) {
    await attempt('play-error', async () => {
      const doc = await engine.request(Object.assign({command: 'play'}, request), 'play', 'play');
      // The answer to a hint, an undo or a rejected move is said above the log, until the next
      // request (an undo's answer ends with the position it went back to).
      play.notice = doc.events.filter((e) => ['hint', 'undo', 'rejected'].includes(e.event)).pop() || null;
      for (const event of doc.events) {
        play.events.push(event);
        if (event.event === 'position') play.moves = event.moves || [];
        if (event.event === 'end') play.over = true;
        if (event.event === 'undo' && event.undone) play.over = false;
      }
      play.drawing = doc.drawing || '';
      renderPlay();
    });
  }

  function eventLine(event) {
    switch (event.event) {
      case 'move':
        if (event.player === 'human') return t('play.you', {move: moveText(event)});
        return t(event.verdict === 'loss' ? 'play.computer.losing' : event.verdict === 'draw' ? 'play.computer.draw' : 'play.computer', {move: moveText(event)});
      case 'hint':
        if (event.verdict === 'loss') return t('play.hint.loss');
        return t(event.verdict === 'draw' ? 'play.hint.draw' : 'play.hint.win', {move: moveText(event.move)});
      case 'undo':
        return t(event.undone ? 'play.undone' : 'play.nothing_to_undo');
      case 'rejected':
        return t('play.rejected', {input: event.input});
      case 'end':
        if (event.reason === 'repetition') return t('play.repetition');
        return event.winner === 'human' ? t('play.you_win') : event.winner === 'computer' ? t('play.computer_wins') : null;
      default:
        return null;
    }
  }

  renderers.play = function renderPlay() {
    if (play.events.length === 0) return;
    $('play').hidden = false;
    const positions = play.events.filter((e) => e.event === 'position');
    const last = positions[positions.length - 1];
    const text = last && last.position !== '0' ? last.position : t('play.nothing');
    fill($('play-position'), text);
    $('play-position').dataset.position = last ? last.position : '';
    $('play-drawing').hidden = !play.drawing;
    $('play-drawing').textContent = play.drawing;
    const end = play.events.filter((e) => e.event === 'end').pop();
    $('play-end').hidden = !play.over;
    $('play-end').textContent = play.over && end ? eventLine(end) : '';
    $('play-turn').hidden = play.over;
    const moves = play.moves;
    const shown = moves.slice(0, 60);
    fill($('play-moves'), shown.map((m) => el('button', {type: 'button', 'data-number': m.number, 'data-to': m.to,
      onclick: () => playAction({action: 'move', input: String(m.number)})}, moveText(m))),
    last && last.move_count !== null && last.move_count > shown.length ? el('span', {class: 'note'}, t('play.more_moves', {count: last.move_count - shown.length})) : null);
    // The log: the moves, undos and the end; hints and refused moves are said above it only.
    const lines = play.events.filter((e) => e.event !== 'hint' && e.event !== 'rejected').map(eventLine).filter((line) => line !== null);
    fill($('play-message'), play.notice ? eventLine(play.notice) : '');
    fill($('play-log'), lines.map((line) => el('li', {}, line)));
  };
  const renderPlay = renderers.play;

  /** A new worker has none of the old one's state: a game being played is over. */
  function onEngineRestart() {
    if (play.events.length && !play.over) {
      play.over = true;
      renderPlay();
      $('play-end').textContent = t('stopped');
      $('play-end').hidden = false;
    }
  }

  // ---- Start -----------------------------------------------------------------------------------

  applyWords();
  renderGame();
  const first = EXAMPLES[0];
  $('spec').value = first.spec;
  showGame(first.spec, first.sum).then(() => {
    document.body.dataset.ready = 'true';
  });
  window.grundyPage = {engine, state};
})();
