import test from 'node:test';
import assert from 'node:assert/strict';
import { firstScreenMarkup } from './boot-page.mjs';

const variants = [
  { lang: 'en-US', html: '<form data-early-form="admin-login"><label>User <input data-early-field="admin-username"></label></form>' },
];

test('a first screen the build marked live is written with data-live="build", its controls as they are', () => {
  const markup = firstScreenMarkup({ live: true, variants });
  assert.match(markup, /^<div id="cc-first-screen" class="cc-first-screen" data-live="build">/);
  assert.match(markup, /<input data-early-field="admin-username">/);
});

test('a first screen that is not live, or says so with anything but true, stays display-only', () => {
  for (const live of [undefined, false, 'true', 1]) {
    assert.doesNotMatch(firstScreenMarkup({ live, variants }), /data-live/, `live: ${String(live)}`);
  }
  assert.equal(firstScreenMarkup({ live: true, variants: [] }), '');
});
