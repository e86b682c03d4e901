// The console's stylesheet, served at /admin/assets/console.css (a file, since the console's CSP
// allows no inline style). The site's tokens and type (renderer/styles/tokens.css, base.css,
// buttons.css) restated for a dense, work-a-day screen: ink header, paper body, the accent only
// as a fill behind dark text. Kept as a string so the production bundle carries it (the image
// ships dist/, not the sources).
export const CONSOLE_CSS = `
:root {
  --ink: #0b0d10; --ink-3: #1b2128; --paper: #ffffff; --paper-2: #f3f4f0; --paper-3: #e9ebe5;
  --muted: #535b65; --muted-on-dark: #a3acb6; --line: #e1e4e0; --accent: #c6ff3d;
  --accent-hover: #d6ff70; --focus: #2563eb; --danger: #b42318; --ok: #1a7f37;
  --radius-sm: 10px; --radius: 16px;
  --font: "Inter Variable", "Inter", ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto,
    "Helvetica Neue", Arial, sans-serif;
}
*, *::before, *::after { box-sizing: border-box; }
[hidden] { display: none !important; }
body {
  margin: 0; font-family: var(--font); font-size: 0.9375rem; line-height: 1.55; color: var(--ink);
  background: var(--paper-2); font-feature-settings: "cv11", "ss01"; -webkit-font-smoothing: antialiased;
}
/* A name or address is one word as long as it was typed: headings, notices and cells break it
   rather than widen the page. */
h1, h2, h3 { margin: 0 0 0.75rem; font-weight: 650; letter-spacing: -0.025em; line-height: 1.15; overflow-wrap: anywhere; }
h1 { font-size: clamp(1.5rem, 1.2rem + 1.2vw, 2.125rem); letter-spacing: -0.035em; }
h2 { font-size: 1.1875rem; }
h3 { font-size: 1rem; }
p { margin: 0 0 0.75rem; }
a { color: inherit; text-underline-offset: 0.2em; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; border-radius: 4px; }
.console-header :focus-visible { outline-color: var(--accent); }
.skip-link { position: absolute; left: 0.5rem; top: -3rem; padding: 0.5rem 1rem; background: var(--accent); color: var(--ink); border-radius: var(--radius-sm); z-index: 10; }
.skip-link:focus { top: 0.5rem; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }

.console-header { background: var(--ink); color: var(--paper); }
.console-header__bar { --bar-pad: clamp(1rem, 0.5rem + 2vw, 2rem); display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 1.5rem; max-width: 1280px; margin: 0 auto; padding: 0.75rem var(--bar-pad); }
.console-brand { display: inline-flex; align-items: center; gap: 0.6rem; font-weight: 700; letter-spacing: -0.02em; text-decoration: none; }
.console-brand__mark { display: inline-grid; place-items: center; min-width: 2.5rem; height: 2rem; padding: 0 0.4rem; border-radius: 8px; background: var(--accent); color: var(--ink); font-size: 0.8125rem; }
.console-brand__sub { color: var(--muted-on-dark); font-weight: 500; }
/* The menu is a row of its own under the brand and the user. */
.console-nav { order: 3; width: 100%; }
.console-nav ul { display: flex; flex-wrap: wrap; gap: 0.25rem; margin: 0; padding: 0; list-style: none; }
/* On a phone the twelve links would wrap to four rows above every page: they stay one row that
   scrolls sideways, from edge to edge, its far end fading to say there is more. console.js brings
   the current page's link into view and marks where the row is scrolled, so the side with more
   links is the side that fades. */
@media (max-width: 640px) {
  .console-nav { margin-inline: calc(-1 * var(--bar-pad)); width: calc(100% + 2 * var(--bar-pad)); }
  .console-nav ul { position: relative; flex-wrap: nowrap; overflow-x: auto; scrollbar-width: none; padding-inline: var(--bar-pad); mask-image: linear-gradient(to right, #000 calc(100% - 2.5rem), transparent); }
  .console-nav ul[data-scrolled="middle"] { mask-image: linear-gradient(to right, transparent, #000 2.5rem, #000 calc(100% - 2.5rem), transparent); }
  .console-nav ul[data-scrolled="end"] { mask-image: linear-gradient(to right, transparent, #000 2.5rem); }
  .console-nav ul::-webkit-scrollbar { display: none; }
}
.console-nav a { display: block; padding: 0.45rem 0.8rem; border-radius: 999px; color: var(--muted-on-dark); font-weight: 550; text-decoration: none; white-space: nowrap; }
.console-nav a:hover { color: var(--paper); background: rgb(255 255 255 / 0.08); }
.console-nav a[aria-current="page"] { color: var(--ink); background: var(--accent); }
.console-user { display: flex; align-items: center; gap: 0.75rem; margin-left: auto; font-size: 0.8125rem; color: var(--muted-on-dark); }
.console-user form { margin: 0; }
.console-user a { color: var(--paper); font-weight: 600; }
.console-user a[aria-current="page"] { text-decoration-thickness: 2px; }

.console-main { max-width: 1280px; margin: 0 auto; padding: clamp(1.25rem, 0.8rem + 2vw, 2.5rem) clamp(1rem, 0.5rem + 2vw, 2rem) 4rem; }
.console-main:focus { outline: none; }
.page-head { display: flex; flex-wrap: wrap; align-items: end; justify-content: space-between; gap: 1rem; margin-bottom: 1.5rem; }
.page-head p { margin: 0; color: var(--muted); }
.panel { background: var(--paper); border: 1px solid var(--line); border-radius: var(--radius); padding: clamp(1rem, 0.8rem + 1vw, 1.5rem); margin-bottom: 1.25rem; }
.panel > :last-child { margin-bottom: 0; }
.grid { display: grid; gap: 1.25rem; }
/* A grid spaces its panels by its gap alone (a panel's own margin would double it on narrow screens). */
.grid, .stats { margin-bottom: 1.25rem; }
.grid > .panel, .stats > .panel { margin-bottom: 0; }
@media (min-width: 900px) { .grid--2 { grid-template-columns: 1fr 1fr; } }
.grid--top { align-items: start; }
.muted { color: var(--muted); }
.small { font-size: 0.8125rem; }

.button { display: inline-flex; align-items: center; justify-content: center; gap: 0.5rem; min-height: 40px; padding: 0 1.1rem; border-radius: 999px; border: 1px solid transparent; font: inherit; font-size: 0.875rem; font-weight: 600; text-decoration: none; white-space: nowrap; cursor: pointer; }
.button--accent { background: var(--accent); color: var(--ink); }
.button--accent:hover { background: var(--accent-hover); }
.button--dark { background: var(--ink); color: var(--paper); }
.button--dark:hover { background: var(--ink-3); }
.button--ghost { border-color: currentColor; background: transparent; color: inherit; }
.button--ghost:hover { background: rgb(127 127 127 / 0.12); }
.button--danger { border-color: var(--danger); background: transparent; color: var(--danger); }
.button--danger:hover { background: rgb(180 35 24 / 0.08); }
.button--sm { min-height: 32px; padding: 0 0.8rem; font-size: 0.8125rem; }
/* A button naming a partner or an address: its label breaks rather than widen the page. */
.button--names { max-width: 100%; white-space: normal; overflow-wrap: anywhere; text-align: center; padding-block: 0.45rem; }
.inline-form { display: inline; margin: 0; }
.confirm-action { display: inline-block; max-width: 100%; vertical-align: top; }
.confirm-action > summary { list-style: none; cursor: pointer; }
.confirm-action > summary::-webkit-details-marker { display: none; }
.confirm-action[open] > summary { background: var(--paper-3); }
.confirm-action__panel { margin-top: 0.5rem; padding: 0.75rem; max-width: 22rem; border: 1px solid var(--line); border-radius: var(--radius-sm); background: var(--paper); white-space: normal; }
.confirm-action__panel p { margin: 0 0 0.6rem; font-size: 0.875rem; }

.field { display: flex; flex-direction: column; gap: 0.35rem; min-width: 0; }
.field label, .field__label { font-weight: 600; font-size: 0.875rem; }
.field__hint { font-size: 0.8125rem; color: var(--muted); margin: 0; }
.field input[type="text"], .field input[type="email"], .field input[type="date"], .field select, .field input:not([type]) {
  width: 100%; min-height: 44px; padding: 0.55rem 0.8rem; border: 1px solid #c9cec8; border-radius: var(--radius-sm); background: var(--paper); font: inherit; color: inherit;
}
.field--check { flex-direction: row; flex-wrap: wrap; align-items: center; gap: 0.5rem; }
/* A box's error goes under the box and its label, not beside them. */
.field--check .field__error { flex-basis: 100%; }
.field--check input { width: 1.1rem; height: 1.1rem; accent-color: var(--ink); }
.choice { border: 0; padding: 0; margin: 0; min-width: 0; display: grid; gap: 0.4rem; }
.choice legend { font-weight: 600; font-size: 0.875rem; padding: 0; margin-bottom: 0.35rem; }
.choice .field--check label { font-weight: 400; }
.field__error { color: var(--danger); font-weight: 600; font-size: 0.8125rem; margin: 0; }
.form-grid { display: grid; gap: 1rem; }
@media (min-width: 700px) { .form-grid--wide { grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr)); align-items: start; } }
.form-actions { display: flex; flex-wrap: wrap; gap: 1rem 1.5rem; align-items: center; margin-top: 1rem; }
.filters { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: end; }
.filters .field { min-width: 12rem; flex: 1 1 12rem; }
.actions { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }

.notice { overflow-wrap: anywhere; border-left: 4px solid var(--ink); background: var(--paper); padding: 0.9rem 1.1rem; border-radius: var(--radius-sm); margin-bottom: 1.25rem; }
.notice--ok { border-color: var(--ok); }
.notice--error { border-color: var(--danger); }
.notice:focus { outline: none; }
.notice h2 { font-size: 1rem; margin-bottom: 0.35rem; }
.secret { display: flex; flex-wrap: wrap; align-items: center; gap: 0.75rem; }
.secret code { font-size: 1.125rem; font-weight: 650; letter-spacing: 0.04em; padding: 0.4rem 0.7rem; background: var(--paper-2); border-radius: 8px; overflow-wrap: normal; }

/* Positioned, so the visually hidden text of its buttons is clipped with the table on a phone. */
.table-wrap { position: relative; overflow-x: auto; }
table { width: 100%; border-collapse: collapse; font-size: 0.875rem; font-variant-numeric: tabular-nums; }
caption { text-align: left; font-weight: 650; padding-bottom: 0.5rem; }
th, td { text-align: left; padding: 0.55rem 0.75rem 0.55rem 0; border-bottom: 1px solid var(--line); vertical-align: top; overflow-wrap: anywhere; }
th { font-size: 0.75rem; font-weight: 650; letter-spacing: 0.06em; text-transform: uppercase; color: var(--muted); }
td.num, th.num { text-align: right; }
td.num, td.nowrap { white-space: nowrap; }
td code { white-space: nowrap; }
/* A colour's square beside its value; the square's edge shows a colour as light as the page. */
.swatch { display: inline-flex; align-items: center; gap: 0.4rem; white-space: nowrap; }
.swatch rect { stroke: rgb(11 13 16 / 0.2); }
tbody tr:last-child td { border-bottom: 0; }
/* A phone: each row a card of label-and-value lines, the action last and on screen. */
@media (max-width: 640px) {
  .table-wrap { overflow-x: visible; }
  .table-wrap table, .table-wrap tbody, .table-wrap tr, .table-wrap td { display: block; width: 100%; }
  .table-wrap thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
  .table-wrap tr { padding: 0.6rem 0; border-bottom: 1px solid var(--line); }
  .table-wrap tbody tr:last-child { border-bottom: 0; }
  /* The column's name floats in the cell's left padding, so whatever the cell holds (text, line
     breaks, badges, a form) flows beside it as one column; flow-root keeps a long name inside. */
  .table-wrap td { --label: 7.5rem; display: flow-root; padding: 0.2rem 0 0.2rem calc(var(--label) + 0.75rem); border-bottom: 0; text-align: left; overflow-wrap: anywhere; }
  .table-wrap td::before { content: attr(data-label); float: left; box-sizing: border-box; width: var(--label); margin-left: calc(-1 * (var(--label) + 0.75rem)); font-size: 0.75rem; font-weight: 650; letter-spacing: 0.06em; text-transform: uppercase; color: var(--muted); padding-top: 0.1rem; overflow-wrap: anywhere; }
  .table-wrap td.num, .table-wrap td.nowrap, .table-wrap td code, .table-wrap td .nowrap { white-space: normal; text-align: left; }
  .table-wrap td:empty { display: none; }
}
.role-form { display: flex; flex-wrap: wrap; align-items: center; gap: 0.4rem; margin: 0; }
.role-form select { min-height: 32px; padding: 0.2rem 0.5rem; border: 1px solid #c9cec8; border-radius: 8px; background: var(--paper); font: inherit; font-size: 0.8125rem; }
.choice--wide { grid-column: 1 / -1; }
.code-groups { display: grid; gap: 0.75rem 1.5rem; grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr)); margin-top: 0.25rem; padding: 0.75rem; border: 1px solid var(--line); border-radius: var(--radius-sm); background: var(--paper-2); }
.code-group { display: grid; gap: 0.3rem; align-content: start; }
.code-group__name { margin: 0; font-weight: 650; font-size: 0.8125rem; }
.code-group .field--check label { font-weight: 400; }
.badge { display: inline-block; max-width: 100%; padding: 0.1rem 0.55rem; border-radius: 999px; font-size: 0.75rem; font-weight: 650; background: var(--paper-3); color: var(--ink); overflow-wrap: anywhere; }
.badge--ok { background: #dff5e3; color: #0f5323; }
.badge--warn { background: #fff1c2; color: #6b4b00; }
.badge--bad { background: #fde4e1; color: #8a1c12; }

.stats { display: grid; gap: 1.25rem; }
@media (min-width: 700px) { .stats { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
@media (min-width: 1200px) { .stats { grid-template-columns: repeat(4, minmax(0, 1fr)); } }
.stats--figures { grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 0.75rem; margin-bottom: 1.25rem; }
@media (min-width: 900px) { .stats--figures { grid-template-columns: repeat(4, minmax(0, 1fr)); } }
.stats--figures .panel { margin-bottom: 0; }
.stat__figure { font-size: 2rem; font-weight: 700; letter-spacing: -0.03em; line-height: 1; margin: 0.25rem 0 0.75rem; }
.chart { width: 100%; height: auto; color: var(--ink); }
.chart__bar { fill: var(--ink); }
.chart__axis { stroke: var(--line); }
.chart--fit { width: auto; max-width: 100%; }
.chart__tick { fill: var(--muted); font: 600 11px var(--font); text-anchor: middle; }
.chart-figure { margin: 0; }
.chart-figure figcaption { margin-top: 0.5rem; }
details.figures { margin-top: 0.5rem; font-size: 0.8125rem; }
details.figures summary { cursor: pointer; color: var(--muted); }
details.figures table { margin-top: 0.5rem; }

.panel-head { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: 0.5rem 1rem; margin-bottom: 0.75rem; }
.panel-head h2 { margin: 0; }
.panel--danger { border-color: var(--danger); }
.crumbs { margin: 0 0 0.5rem; font-size: 0.875rem; }
.crumbs a { color: var(--muted); }
.crumbs a::before { content: "← "; }
.group + .group { margin-top: 1.5rem; }
.group h3 { margin: 0 0 0.25rem; }
.filters { margin-bottom: 1rem; }
.period-forms { display: flex; flex-wrap: wrap; gap: 1rem 2rem; align-items: end; }
.period-forms .filters { margin-bottom: 0; flex: 1 1 16rem; }
.field input[type="file"] { width: 100%; min-height: 44px; padding: 0.45rem; border: 1px dashed #9aa19a; border-radius: var(--radius-sm); background: var(--paper-2); font: inherit; }
/* The browser's own "Choose File" button, drawn as the console's outlined pill button. */
.field input[type="file"]::file-selector-button { margin-right: 0.75rem; min-height: 32px; padding: 0 0.9rem; border: 1px solid var(--ink); border-radius: 999px; background: var(--paper); color: var(--ink); font: inherit; font-size: 0.8125rem; font-weight: 600; cursor: pointer; }
.field input[type="file"]::file-selector-button:hover { background: var(--paper-3); }
.upload-progress { display: grid; grid-template-columns: auto 1fr auto; align-items: center; gap: 0.75rem; margin-top: 1rem; font-weight: 600; font-size: 0.875rem; }
.upload-progress progress { width: 100%; height: 0.75rem; accent-color: var(--ink); }
.tabs ul { display: flex; flex-wrap: wrap; gap: 0.25rem; margin: 0 0 1.25rem; padding: 0; list-style: none; }
.tabs a { display: block; padding: 0.45rem 1rem; border-radius: 999px; border: 1px solid var(--line); background: var(--paper); font-weight: 600; text-decoration: none; }
.tabs a[aria-current="page"], .button[aria-current="page"] { background: var(--ink); border-color: var(--ink); color: var(--paper); }
.chart-pair { display: grid; gap: 1.25rem; }
@media (min-width: 900px) { .chart-pair { grid-template-columns: minmax(0, 2fr) minmax(16rem, 1fr); align-items: start; } }
.chart-pair__figures { max-height: 18rem; overflow: auto; border: 1px solid var(--line); border-radius: var(--radius-sm); padding: 0 0.75rem; }
.chart-pair__figures th { position: sticky; top: 0; background: var(--paper); }
.record { display: grid; gap: 0; margin: 0; }
.record > div { display: grid; gap: 0.25rem 1.5rem; padding: 0.6rem 0; border-bottom: 1px solid var(--line); }
.record > div:last-child { border-bottom: 0; }
@media (min-width: 700px) { .record > div { grid-template-columns: 14rem 1fr; } }
.record dt { font-weight: 650; color: var(--muted); font-size: 0.875rem; }
.record dd { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }

.sign-in { min-height: 100vh; display: grid; place-items: center; padding: 1.5rem; background: var(--ink); }
.sign-in__card { width: min(100%, 26rem); background: var(--paper); border-radius: var(--radius); padding: 2rem; }
.sign-in__card .console-brand { margin-bottom: 1.5rem; }
.sign-in__card form { display: grid; gap: 1rem; margin: 0 0 1rem; }
.sign-in__card .button { width: 100%; min-height: 48px; }
.passkey-box { display: grid; gap: 0.5rem; margin-bottom: 1rem; }
.passkey-box p { margin: 0; }
.passkey-box p:empty { display: none; }
.passkey-box__or { text-align: center; color: var(--muted); font-size: 0.8125rem; }
.panel .passkey-box { justify-items: start; margin-bottom: 0; }
.nowrap { white-space: nowrap; }

.gate-preview { display: block; width: 100%; height: auto; border-radius: var(--radius-sm); background: var(--ink); }
.gate-preview-box { position: relative; }
/* Over the preview's monogram square (x 396, y 72, 48 × 48 of the 720 × 360 picture). */
.gate-preview__logo { position: absolute; left: 55%; top: 20%; width: 6.667%; height: 13.333%; object-fit: contain; background: #fff; border-radius: 29%; }
.form-check { margin-top: 1rem; }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.4rem 1.25rem; margin: 0; }
.facts dt { font-weight: 600; }
.facts dd { margin: 0; }
`
