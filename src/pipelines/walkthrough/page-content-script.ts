/**
 * The in-page half of page-content.ts: one expression evaluated in the page, answering a PageContent.
 * Text is read as a viewer sees it (`textOf`): screen-reader-only copies (sr-only, visually-hidden,
 * clipped), aria-hidden parts, icon ligatures (text inside <i>, .material-icons, .material-symbols-*)
 * and hidden elements are left out, so "Total Users" is read once and "receipt_long" never. Every loop
 * is bounded: pages are hostile.
 */
export const CONTENT_SCRIPT = String.raw`(() => {
  const clean = (s) => (s || "").replace(/\s+/g, " ").trim();
  const cut = (s) => (s.length > 400 ? s.slice(0, 400).replace(/\s+\S*$/, "") + "." : s);
  const words = (s) => s.split(" ").filter(Boolean).length;
  const ICON = 'i, svg, canvas, script, style, template, noscript, [aria-hidden="true"], [hidden], .material-icons, [class*="material-icons"], [class*="material-symbols"]';
  const SR_ONLY = /(^|\s)(sr-only|visually-hidden|visuallyhidden|screen-reader-text|screen-reader-only)(\s|$)/;
  const BLOCK = /^(DIV|P|LI|UL|OL|H[1-6]|TD|TH|TR|SECTION|ARTICLE|HEADER|FOOTER|FIGURE|FIGCAPTION|BR|DT|DD|BLOCKQUOTE|LABEL|BUTTON|A)$/;
  const skip = new Map();
  const skipped = (el) => {
    if (skip.has(el)) return skip.get(el);
    let r = el.matches(ICON) || SR_ONLY.test(el.getAttribute("class") || "");
    if (!r) {
      const s = getComputedStyle(el);
      r = s.display === "none" || s.visibility === "hidden" ||
        (s.position === "absolute" && (s.clip === "rect(0px, 0px, 0px, 0px)" || s.clipPath === "inset(50%)" || (el.offsetWidth <= 1 && el.offsetHeight <= 1)));
    }
    skip.set(el, r);
    return r;
  };
  /** What a viewer reads in the element: visible text only, icon ligatures and screen-reader copies left out. */
  const textOf = (root) => {
    if (!root || (root.nodeType === 1 && skipped(root))) return "";
    const parts = [];
    let budget = 2000;
    const walk = (node, depth) => {
      for (const ch of node.childNodes) {
        if (--budget < 0 || depth > 30) return;
        if (ch.nodeType === 3) parts.push(ch.nodeValue);
        else if (ch.nodeType === 1 && !skipped(ch)) {
          const block = BLOCK.test(ch.tagName);
          if (block) parts.push(" ");
          walk(ch, depth + 1);
          if (block) parts.push(" ");
        }
      }
    };
    walk(root, 0);
    return clean(parts.join(""));
  };
  const visible = (el) => !!el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  const shown = (el) => { for (let e = el, n = 0; e && n < 40; e = e.parentElement, n++) if (skipped(e)) return false; return visible(el); };
  const main = document.querySelector("main, [role=main]") || document.body;
  // Navigation, dialogs and menus are no part of what the page shows (a body styled "g-sidenav-show" is).
  const outside = (el) => {
    const o = el.closest("nav, aside, header.navbar, footer, [role=navigation], [role=dialog], [role=tablist], .modal, .dropdown-menu, .sidebar, [class*=sidenav]");
    return !!o && !o.contains(main);
  };
  const before = (a, b) => !!(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
  const all = (sel, root) => [...(root || main).querySelectorAll(sel)].slice(0, 3000);
  const NUMERIC = /^[-+]?[$€£¥₹]?\s?\d[\d.,]*\s?(%|[kKmMbB]|bn|[$€£¥₹])?$/;
  const hasLetters = (s) => /\p{L}{2}/u.test(s);

  // Purpose: the title, the headline and a short line under it (a tagline, never a body paragraph).
  const h1 = all("h1", document.body).find(shown) || null;
  const headline = h1 ? textOf(h1) : null;
  const firstH2 = h1 ? all("h2").find((h) => shown(h) && before(h1, h)) : null;
  const lead = [];
  let tagline = null;
  const hero = h1 && ((h1.parentElement && h1.parentElement.closest("header, section, [class*=hero], [class*=masthead], [class*=banner], [class*=jumbotron]")) || h1.parentElement);
  if (h1) for (const p of all("p, h2, h3, .lead, [class*=subheading], [class*=tagline]", document.body)) {
    if (!before(h1, p) || (firstH2 && firstH2 !== p && !before(p, firstH2)) || outside(p) || !shown(p)) continue;
    const t = textOf(p);
    const linked = [...p.querySelectorAll("a, button")].reduce((n, a) => n + textOf(a).length, 0);
    if (linked > t.length * 0.5 || /[·|•]/.test(t) || words(t) < 3) continue;
    if (p.tagName === "P" && words(t) >= 5 && lead.length < 3) lead.push(cut(t));
    if (!tagline && words(t) <= 14 && hero.contains(p)) tagline = t;
    if (lead.length >= 3) break;
  }

  // The title of a box (a card, a section): its header or first heading, never a bare number.
  const boxOf = (el) => el.closest('figure, [class~="card"], [class*="card "], [class$="card"], [class*="widget"], [class*="panel"], article, section');
  const titleOf = (box, near) => {
    if (!box) return null;
    const found = [];
    for (const t of [...box.querySelectorAll('caption, figcaption, [class*="card-header"], [class*="card-title"], h1, h2, h3, h4, h5, h6, [class*="title"], [class*="header"]')].slice(0, 60)) {
      // A header holding a heading speaks through that heading (not its buttons: "Invoices", not "Invoices View More").
      if (!/^H[1-6]$/.test(t.tagName) && t.querySelector("h1, h2, h3, h4, h5, h6")) continue;
      if (t.querySelector("canvas, svg[class*=apexcharts], table") || outside(t) || !shown(t)) continue;
      const s = textOf(t);
      if (s && hasLetters(s) && !NUMERIC.test(s) && words(s) <= 10) found.push([t, s]);
    }
    // The title above the thing first; one below it (a figure's caption) when there is none.
    const above = near ? found.find(([t]) => before(t, near) || t.contains(near)) : found[0];
    return (above || found[0] || [null, null])[1];
  };

  // Key figures: a large number in a small box with a short label beside it ("Profit" and "$12,628").
  const figures = [];
  const figureEls = [];
  const fontPx = (el) => parseFloat(getComputedStyle(el).fontSize) || 0;
  const bodyPx = fontPx(main) || 16;
  for (const el of all("h1, h2, h3, h4, h5, h6, strong, b, span, div, p, dd")) {
    if (figures.length >= 8) break;
    if (el.children.length > 2 || el.closest("table, form, svg") || outside(el)) continue;
    const value = textOf(el);
    if (!value || !NUMERIC.test(value) || !/\d/.test(value) || [...el.children].some((c) => !skipped(c) && NUMERIC.test(textOf(c)))) continue;
    if (fontPx(el) < bodyPx * 1.15 && !/^H[1-6]$|^STRONG$|^DD$/.test(el.tagName)) continue;
    if (!shown(el) || figureEls.some((f) => f.contains(el) || el.contains(f))) continue;
    let card = null;
    for (let e = el.parentElement, n = 0; e && e !== main && n < 6; e = e.parentElement, n++) {
      if (words(textOf(e)) > 30) break;
      card = e;
      if (/card|stat|metric|kpi|widget|tile|info-box|small-box/i.test(e.getAttribute("class") || "")) break;
    }
    if (!card) continue;
    let label = null;
    for (const t of card.querySelectorAll("h1, h2, h3, h4, h5, h6, p, span, div, small, dt, label, strong")) {
      if (t === el || t.contains(el) || el.contains(t) || t.closest("button, a.dropdown-toggle")) continue;
      const own = [...t.childNodes].filter((c) => c.nodeType === 3).map((c) => c.nodeValue).join(" ");
      if (!hasLetters(own) || !shown(t)) continue;
      const s = textOf(t);
      if (hasLetters(s) && words(s) <= 6 && !/^[-+]?\d/.test(s)) { label = s; break; }
    }
    if (!label || figures.some((f) => f.label === label)) continue;
    figureEls.push(el);
    figures.push({ label, value });
  }
  const region = figureEls[0] && figureEls[0].closest("section[aria-label], [role=region][aria-label]");
  const figuresRegion = region && figureEls.every((f) => region.contains(f)) ? clean(region.getAttribute("aria-label")) : null;

  // Charts: canvases and chart SVGs, each with its box's title and the kind its names give away.
  const KINDS = [["donut", /donut|doughnut/], ["pie", /pie/], ["area", /area/], ["bar", /bar|column|histogram/], ["line", /line|trend|sparkline/], ["radar", /radar|spider/], ["radial", /radial|gauge/], ["polar area", /polar/], ["scatter", /scatter|bubble/]];
  const kindOf = (c) => {
    const names = [c, c.parentElement, c.parentElement && c.parentElement.parentElement].filter(Boolean)
      .map((e) => (e.id || "") + " " + (e.getAttribute("class") || "")).join(" ");
    const series = [...c.querySelectorAll('[class*="apexcharts-"][class*="series"], .apexcharts-pie, .apexcharts-radialbar')].slice(0, 10).map((e) => e.getAttribute("class")).join(" ");
    const box = boxOf(c);
    const icons = box ? [...box.querySelectorAll("i")].slice(0, 3).map((i) => i.getAttribute("class") || "").join(" ") : "";
    for (const src of [series, names, icons]) { const hay = src.toLowerCase(); for (const [k, re] of KINDS) if (re.test(hay)) return k; }
    return null;
  };
  const cssOf = (el) => {
    for (let e = el, n = 0; e && n < 3; e = e.parentElement, n++) if (e.id && !/apexcharts|svgjs|\d{4,}/i.test(e.id)) return "#" + CSS.escape(e.id);
    return el.id ? "#" + CSS.escape(el.id) : null;
  };
  const chartEls = all("canvas, svg[role=img], svg.apexcharts-svg, [class*='chart'] svg").filter((c, i, a) =>
    !a.some((o, j) => j !== i && o.contains(c)) && shown(c.parentElement) && c.getBoundingClientRect().width >= 80 && c.getBoundingClientRect().height >= 30 && !outside(c));
  const charts = chartEls.slice(0, 12).map((c) => {
    const box = boxOf(c);
    const heading = titleOf(box, c);
    const note = box ? (() => { const n = box.querySelector('[class*="footer"], figcaption'); return n ? textOf(n) || null : null; })() : null;
    return { label: clean(c.getAttribute("aria-label")) || null, heading, note, css: cssOf(c), kind: kindOf(c) };
  }).filter((c) => c.label || c.heading || c.css);

  // Tables: subject, columns, rows, the total an info line gives ("of 57 entries") and the search box beside it.
  const tables = all("table").filter((t) => shown(t) && !outside(t)).slice(0, 6).map((t) => {
    const box = t.closest('[class*="datatable"], [class*="dataTables"], [class~="card"], section, article') || t.parentElement;
    const info = box && [...box.querySelectorAll('[class*="info"]')].map(textOf).find((s) => /\bof\s+[\d,]+/.test(s));
    const search = box && [...box.querySelectorAll('input[type=search], input[class*="search"], input[aria-controls], [class*="filter"] input, [class*="search"] input')].find(shown);
    const rows = [...t.querySelectorAll("tbody tr")].slice(0, 500).map((r) => [...r.cells].slice(0, 8).map((c) => textOf(c).slice(0, 120)));
    return {
      heading: textOf(t.querySelector("caption")) || clean(t.getAttribute("aria-label")) || titleOf(t.closest('[class~="card"], section, article'), t),
      css: t.id ? "#" + CSS.escape(t.id) : null,
      columns: [...t.querySelectorAll("thead th")].map(textOf).filter(Boolean),
      rows,
      total: info ? Number((/\bof\s+([\d,]+)/.exec(info) || ["", "0"])[1].replace(/,/g, "")) || null : null,
      search: !!search,
    };
  });

  // Forms: their fields by label, and the button that sends them.
  const labelOf = (f) => {
    const byFor = f.id && document.querySelector('label[for="' + CSS.escape(f.id) + '"]');
    return clean(f.getAttribute("aria-label")) || (byFor && textOf(byFor)) || (f.closest("label") && textOf(f.closest("label"))) || clean(f.getAttribute("placeholder")) || null;
  };
  const formEls = all("form").filter((f) => shown(f) && !outside(f) && !f.querySelector("input[type=search]")).slice(0, 6);
  const forms = formEls.map((f) => {
    const fields = [...f.querySelectorAll("input, select, textarea")].filter((x) => !/^(hidden|submit|button|reset|image|checkbox|radio|file)$/.test(x.type) && shown(x))
      .map(labelOf).filter(Boolean).map((s) => s.replace(/[*:]+$/, "").trim()).filter((s, i, a) => s && a.indexOf(s) === i).slice(0, 10);
    const submit = [...f.querySelectorAll("button, input[type=submit]")].filter(shown).map((b) => textOf(b) || clean(b.value)).find(Boolean) || null;
    return { heading: clean(f.getAttribute("aria-label")) || titleOf(f.closest("section, [class~=card], article"), f), fields, submit };
  });

  // Items of a block: its articles, questions and figures, else its largest run of look-alike siblings.
  const itemOf = (el) => {
    const quote = el.querySelector("blockquote");
    const details = el.tagName === "DETAILS" ? el : null;
    const priceEl = el.querySelector('[class*="price"]');
    const titleEl = details ? details.querySelector("summary")
      : el.querySelector("h3, h4, h5, h2, [class*=heading], [class*=title], strong") || (quote && el.querySelector("figcaption strong, cite"));
    const title = textOf(titleEl);
    if (!title || words(title) > 10) return null;
    const para = [...el.querySelectorAll("p, blockquote")].map(textOf).find((t) => words(t) >= 5 && !(priceEl && t === textOf(priceEl)));
    let priceLine = priceEl ? textOf(priceEl) : "";
    const period = priceEl && priceEl.nextElementSibling;
    if (/^[$€£¥]?\s?[\d.,]+\s?[$€£¥]?$/.test(priceLine) && period && /per|\/|month|year/i.test(period.textContent || "")) priceLine += " " + textOf(period);
    // A plan's price is per something ("$29 / month", "per user"); a product's price is not.
    const amount = /per\b|\/|month|year|\bmo\b|\byr\b|week|user|seat/i.test(priceLine) ? (/[$€£¥]\s?[\d.,]+|[\d.,]+\s?[$€£¥]/.exec(priceLine) || [null])[0] : null;
    return {
      title,
      text: para ? cut(para) : null,
      kind: details ? "question" : quote ? "quote" : amount ? "plan" : "card",
      price: amount ? { amount, line: priceLine } : null,
      badge: textOf(el.querySelector('[class*="badge"]')) || null,
      points: [...el.querySelectorAll("li")].map(textOf).filter(Boolean).slice(0, 6),
      heading: !!titleEl && /^H[2-6]$/.test(titleEl.tagName) && !details,
    };
  };
  const runOf = (box) => {
    let best = [];
    for (const parent of [box, ...all("*", box)].slice(0, 800)) {
      const kids = [...parent.children].filter((k) => shown(k) && textOf(k));
      if (kids.length < 3 || kids.length <= best.length) continue;
      const sig = (k) => k.tagName + "." + [...k.classList].filter((c) => !/active|show|\d$/.test(c)).sort().join(".");
      const counts = new Map();
      for (const k of kids) counts.set(sig(k), (counts.get(sig(k)) || 0) + 1);
      const [top, n] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
      if (n >= 3 && n > best.length) best = kids.filter((k) => sig(k) === top);
    }
    return best.slice(0, 24);
  };
  const blocks = [];
  for (const h of all("h2")) {
    if (!shown(h) || h.closest("[role=dialog], [role=tabpanel], .modal") || NUMERIC.test(textOf(h))) continue;
    const box = (h.parentElement && h.parentElement.closest("section, article")) || h.parentElement;
    let itemEls = [...box.querySelectorAll("article, details, figure")].filter((e) => e !== box && !e.parentElement.closest("article, details, figure") && !e.querySelector("canvas, svg[role=img]"));
    let items = itemEls.map(itemOf).filter(Boolean);
    if (items.length === 0) {
      // Look-alike rows that hold their own h2 are the page's other blocks, not this one's items.
      itemEls = runOf(box).filter((e) => !e.contains(h) && !e.querySelector("h2"));
      items = itemEls.map(itemOf).filter(Boolean);
    }
    const text = [...box.querySelectorAll('p, [class*="footer"]')]
      .filter((p) => shown(p) && !itemEls.some((e) => e.contains(p)) && !p.querySelector("p") && !p.closest("[role=status]"))
      .map(textOf).filter((t) => words(t) >= 5).slice(0, 3).map(cut);
    const chartNames = charts.filter((c) => { const el = c.css && document.querySelector(c.css); return el && box.contains(el); }).map((c) => c.heading || c.label);
    blocks.push({ heading: textOf(h), top: Math.round(h.getBoundingClientRect().top + window.scrollY), text, items: items.slice(0, 12), count: items.length, charts: chartNames, forms: forms.filter((f, i) => f.fields.length > 0 && box.contains(formEls[i])) });
  }
  // Cards of an app page that are neither figures, charts nor tables ("Invoices", "Billing Information").
  const panels = all('[class~="card"]')
    .filter((el) => !(el.parentElement && el.parentElement.closest('[class~="card"]')) && !outside(el) && shown(el) &&
      !el.querySelector("canvas, svg.apexcharts-svg, table, form") && !figureEls.some((f) => el.contains(f)))
    .map((el) => ({ title: titleOf(el), entries: [...el.querySelectorAll("li")].filter(shown).length }))
    .filter((p, i, a) => p.title && a.findIndex((o) => o.title === p.title) === i).slice(0, 8);
  const tabs = all("[role=tab]", document.body).filter(shown).map((t) => {
    const panel = document.getElementById((t.getAttribute("aria-controls") || "").split(" ")[0] || "");
    const hd = panel && panel.querySelector("h1, h2, h3, h4, h5");
    const text = panel ? [...panel.querySelectorAll("p")].map(textOf).filter((x) => words(x) >= 4).slice(0, 3).map(cut) : [];
    return { name: clean(t.getAttribute("aria-label")) || textOf(t), heading: hd ? textOf(hd) : null, text };
  }).filter((t) => t.name);
  const planEls = all('article, [class*="plan"], [class~="card"]')
    .filter((el) => shown(el) && el.querySelector('[class*="price"]') && !(el.parentElement && el.parentElement.closest('article, [class*="plan"], [class~="card"]')));
  const plans = planEls.map(itemOf).filter((i) => i && i.kind === "plan").slice(0, 6);
  return { title: clean(document.title), headline, tagline, lead, figures, figuresRegion, charts, tables, forms: forms.filter((f) => f.fields.length > 0), blocks, panels, tabs, plans };
})()`;
