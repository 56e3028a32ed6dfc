/**
 * The floor of a form the shop's server draws: `<pay-checkout>`'s own card form, written into the
 * page's HTML as declarative shadow DOM (`<template shadowrootmode="open">` in each element, its
 * styles inline), with no script at all. bench/interactive-card-form.ts visits it beside the
 * static form and ours, as `PAGES.drawn`.
 *
 * A server-rendered checkout (the form in the HTML, typed into before its script comes, then taken
 * over) is the one design that takes the chain of fetches out of the time to an interactive form.
 * Whatever such a page then does, it cannot be interactive sooner than this one: the same markup
 * and the same styles, parsed, laid out and painted, with nothing to fetch and nothing to run. So
 * its ratio to the static page says how far that design could go, run after run.
 *
 * The HTML is taken from a page of ours once its card form is interactive (the rendered page: the
 * offer's configuration inline, the card chosen): every open shadow root gets a `<style>` of the
 * rules its adopted style sheets hold (Lit adopts them; the serializer writes no adopted sheet),
 * each chosen radio and option says so in its attributes (the serializer writes attributes, and
 * Lit set `checked` as a property), then `getHTML` writes the document with its shadow roots, and
 * every script and preload is taken out.
 */
import type { Browser } from 'playwright-core';

/**
 * Page-side code, as text, that turns the document into the drawn page's HTML. A string rather
 * than a function: tsx's transform may add helpers a serialized function would miss.
 */
const CAPTURE = `(() => {
  const roots = [];
  const walk = (root) => {
    for (const element of root.querySelectorAll('*')) {
      if (element.shadowRoot) {
        roots.push(element.shadowRoot);
        walk(element.shadowRoot);
      }
    }
  };
  walk(document);
  for (const root of [document, ...roots]) {
    for (const control of root.querySelectorAll('input, option')) {
      if (control.checked) control.setAttribute('checked', '');
      if (control.selected) control.setAttribute('selected', '');
    }
    if (root === document) continue;
    const style = document.createElement('style');
    style.textContent = root.adoptedStyleSheets.map((sheet) => Array.from(sheet.cssRules, (rule) => rule.cssText).join('\\n')).join('\\n');
    root.prepend(style);
  }
  for (const element of [document, ...roots].flatMap((root) => Array.from(root.querySelectorAll('script, link[rel="preload"], link[rel="modulepreload"]')))) element.remove();
  const html = document.documentElement;
  const attributes = Array.from(html.attributes, (attribute) => ' ' + attribute.name + '="' + attribute.value.replaceAll('&', '&amp;').replaceAll('"', '&quot;') + '"').join('');
  return '<!doctype html>\\n<html' + attributes + '>' + html.getHTML({ shadowRoots: roots }) + '</html>\\n';
})()`;

/**
 * The drawn page of `url`, a page of ours: opened in a fresh context of `browser` with `probe` (the
 * interactive probe of bench/interactive-card-form.ts, which picks the card and resolves
 * `window.__cardFormInteractive`), its form made interactive, then written out as HTML (see above).
 */
export async function captureDrawnForm(browser: Browser, url: string, probe: string): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.addInitScript(probe);
    await page.goto(url, { waitUntil: 'commit' });
    await page.evaluate('window.__cardFormInteractive');
    // Fonts and the product's image settled, and whatever the form draws in its next frames.
    await page.waitForLoadState('load');
    await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
    return (await page.evaluate(CAPTURE)) as string;
  } finally {
    await context.close();
  }
}
