// @ts-check
/**
 * The page every app build writes as `index.html` (`index.html` next to this file): the host's is the
 * gateway's boot page; a remote's serves its standalone dev page. Rendered here, as a string, rather
 * than as an html-webpack-plugin template: a template is compiled by a child compilation, which the
 * federation plugin joins, and its shared modules (React, the kernel …) came out as a 279 KB stray
 * chunk in every release that no page ever loaded.
 */
const { readFileSync } = require('node:fs');
const path = require('node:path');

const TEMPLATE = path.join(__dirname, 'index.html');
const HOST_ONLY = /<!--host-->([\s\S]*?)<!--\/host-->/g;

/** @param {string} text */
function escapeHtml(text) {
  return text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] ?? char);
}

/**
 * @param {{ title: string, isHost: boolean, themeCss?: string }} page `themeCss`: the theme's
 *   variables (first-screen.cjs themeVariablesCss), for the host's page
 * @returns {string} the page: `{{title}}` filled in, each `<!--host-->…<!--/host-->` part kept (the
 *   markers removed) for the host and left out for a remote
 */
function renderIndexHtml({ title, isHost, themeCss }) {
  return readFileSync(TEMPLATE, 'utf8')
    .replace('{{title}}', escapeHtml(title))
    .replace('{{themeCss}}', () => (themeCss ?? '').replace(/<\//g, '<\\/'))
    .replace(HOST_ONLY, (_, part) => (isHost ? part : ''));
}

module.exports = { renderIndexHtml };
